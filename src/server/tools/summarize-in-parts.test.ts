import { describe, expect, it } from 'vitest';
import type { GenerationProgress } from '#shared/generation-progress';
import { combinePrompt, partPrompt } from './prompts.ts';
import type { GenerationRun } from './server-tool.ts';
import { summarizeInParts } from './summarize-in-parts.ts';

const prompts = {
  system: 'system',
  wholePrompt: (text: string) => `Summarize:\n${text}`,
  partPrompt,
  combinePrompt,
};

/** A run whose model answers with `answer(prompt)`, recording every call. */
function fakeRun(
  text: string,
  chunkTokens: number,
  answer: (prompt: string) => string,
  { stopAfter = Infinity, concurrency = 2 } = {},
) {
  const calls: Array<{ prompt: string; visible: boolean }> = [];
  const progress: GenerationProgress[] = [];
  const controller = new AbortController();
  const run: GenerationRun = {
    input: { text },
    document: null,
    signal: controller.signal,
    get stopped() {
      return controller.signal.aborted;
    },
    budget: { maxPromptTokens: chunkTokens, chunkTokens, concurrency, checksPromptLength: false },
    ask: async (request, options = {}) => {
      // The summarizer asks single requests, never a conversation.
      const prompt = typeof request.prompt === 'string' ? request.prompt : '';
      calls.push({ prompt, visible: options.visible ?? false });
      await new Promise((r) => setTimeout(r, 1));
      if (calls.length >= stopAfter) controller.abort();
      return answer(prompt);
    },
    progress: (event) => progress.push(event),
    summarized: () => {},
  };
  return { run, calls, progress };
}

const paragraphs = (n: number) =>
  Array.from({ length: n }, (_, i) => `Paragraph ${i + 1}: ${'facts and figures '.repeat(30)}`).join('\n\n');

describe('summarizeInParts', () => {
  it('summarizes a text that fits in one visible call', async () => {
    const { run, calls, progress } = fakeRun('A short memo.', 2000, () => 'summary');
    expect(await summarizeInParts(run, prompts)).toBe('summary');
    expect(calls).toEqual([{ prompt: 'Summarize:\nA short memo.', visible: true }]);
    expect(progress).toEqual([]);
  });

  it('merges the part summaries in rounds when they do not fit one call, then streams the final one', async () => {
    // Long part summaries force merge rounds before the final combination.
    const { run, calls, progress } = fakeRun(paragraphs(40), 1200, (prompt) =>
      prompt.startsWith('Below is part') ? `part notes ${'detail '.repeat(120)}` : 'merged or final',
    );
    const summary = await summarizeInParts(run, prompts);
    expect(summary).toBe('merged or final');
    const parts = calls.filter((c) => c.prompt.startsWith('Below is part'));
    const merges = calls.filter((c) => c.prompt.includes('Merge them into one summary'));
    const finals = calls.filter((c) => c.prompt.includes('Write the summary of the whole document'));
    expect(parts.length).toBeGreaterThan(3);
    expect(merges.length).toBeGreaterThan(0);
    expect(finals).toHaveLength(1);
    expect(calls.at(-1)).toEqual({ prompt: finals[0]?.prompt, visible: true });
    expect(calls.filter((c) => c.visible)).toHaveLength(1);
    expect(
      progress.some((p) => p.stage === 'combining' && p.message.startsWith('Combining the summaries')),
    ).toBe(true);
    const summarizing = progress.filter((p) => p.stage === 'summarizing');
    expect(summarizing.at(-1)).toMatchObject({ done: parts.length, total: parts.length });
  });

  it('returns the parts done, in order, when stopped during the parts', async () => {
    const { run, calls } = fakeRun(
      paragraphs(40),
      1200,
      (prompt) => `notes on ${/part (\d+)/.exec(prompt)?.[1]}`,
      {
        stopAfter: 3,
        concurrency: 1,
      },
    );
    const summary = await summarizeInParts(run, prompts);
    expect(calls).toHaveLength(3);
    expect(summary).toMatch(/^_Stopped after 2 of \d+ parts/);
    expect(summary.indexOf('## Part 1 of')).toBeLessThan(summary.indexOf('## Part 2 of'));
    expect(summary).toContain('notes on 1');
    expect(summary).not.toContain('notes on 3');
  });
});
