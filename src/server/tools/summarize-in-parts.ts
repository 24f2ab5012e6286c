import { carryLabels } from './document-parts.ts';
import { estimateTokens, splitIntoParts } from './long-document.ts';
import type { GenerationRun } from './server-tool.ts';
import { withDocumentText } from './server-tool.ts';

export interface SummaryPrompts {
  system: string;
  /** The whole text in one call, when it fits one part. */
  wholePrompt(text: string): string;
  partPrompt(text: string, part: number, parts: number): string;
  /** `final`: the summary of the whole document; otherwise a merged summary of a stretch of it. */
  combinePrompt(summaries: string[], final: boolean): string;
}

/**
 * A summary of a text of any length (map-reduce). A text within one part (`budget.chunkTokens`, which
 * never exceeds what the model takes) is summarized in one streamed call. A longer one is split along
 * paragraph boundaries, its parts summarized (`budget.concurrency` at a time) with `progress` events,
 * and the part summaries combined into the final summary, which streams; summaries too long to combine
 * at once are first merged in consecutive groups, as many rounds as needed. Stopped part-way, the
 * summary so far is what is saved: the final summary as far as it got, or else the parts done.
 */
export async function summarizeInParts(run: GenerationRun, prompts: SummaryPrompts): Promise<string> {
  const text = String(withDocumentText(run.input, run.document).text ?? '');
  // The room a part leaves for the instructions around it.
  const partTokens = Math.max(
    200,
    run.budget.chunkTokens - estimateTokens(prompts.partPrompt('', 1, 1)) - 50,
  );
  if (estimateTokens(prompts.wholePrompt(text)) <= run.budget.chunkTokens) {
    run.summarized(1);
    return run.ask({ system: prompts.system, prompt: prompts.wholePrompt(text) }, { visible: true });
  }
  // A part that begins inside a page is labelled with it again, so that its summary cites the right page.
  const parts = carryLabels(splitIntoParts(text, partTokens));
  const summaries = await summarizeParts(run, prompts, parts);
  run.summarized(summaries.filter((summary) => summary !== undefined).length);
  if (run.stopped) return summarySoFar(summaries, parts.length);
  const final = await combine(run, prompts, summaries as string[]);
  if (run.stopped && final.trim() === '') return summarySoFar(summaries, parts.length);
  return final;
}

/** Each part's summary, in order; a part not finished when the user stopped stays undefined. */
async function summarizeParts(
  run: GenerationRun,
  prompts: SummaryPrompts,
  parts: string[],
): Promise<(string | undefined)[]> {
  const total = parts.length;
  const summaries: (string | undefined)[] = new Array(total);
  let done = 0;
  let failed = false;
  const report = () =>
    run.progress({
      stage: 'summarizing',
      done,
      total,
      message: done < total ? `Summarizing part ${done + 1} of ${total}` : `Summarized ${total} parts`,
    });
  report();
  let next = 0;
  const worker = async () => {
    // A failed part fails the run: the other workers take no new part.
    while (next < total && !run.stopped && !failed) {
      const index = next++;
      try {
        const summary = await run.ask({
          system: prompts.system,
          prompt: prompts.partPrompt(parts[index] as string, index + 1, total),
        });
        if (run.stopped) return; // cut short: not a summary of the part
        summaries[index] = summary.trim();
      } catch (err) {
        failed = true;
        throw err;
      }
      done += 1;
      report();
    }
  };
  await Promise.all(Array.from({ length: Math.min(run.budget.concurrency, total) }, worker));
  return summaries;
}

/**
 * The part summaries into the final summary (streamed). Summaries that do not fit one call together are
 * first merged in consecutive pairs or larger groups, round after round; a summary with no room for a
 * partner is cut to half a call so that every round at least halves their number.
 */
async function combine(run: GenerationRun, prompts: SummaryPrompts, summaries: string[]): Promise<string> {
  const limit = run.budget.chunkTokens;
  const fits = (group: string[], final: boolean) =>
    estimateTokens(prompts.combinePrompt(group, final)) <= limit;
  const halfCall = Math.max(
    50,
    Math.floor((limit - estimateTokens(prompts.combinePrompt(['', ''], false))) / 2),
  );
  let level = summaries;
  let round = 0;
  while (level.length > 1 && !fits(level, true)) {
    round += 1;
    const groups = groupsThatFit(
      level.map((summary) =>
        fits([summary, summary], false) ? summary : truncateToTokens(summary, halfCall),
      ),
      (group) => fits(group, false),
    );
    const merged: string[] = [];
    for (const [index, group] of groups.entries()) {
      if (group.length === 1) {
        merged.push(group[0] as string); // nothing to merge it with: it goes on as it is
        continue;
      }
      merged.push(
        (await run.ask({ system: prompts.system, prompt: prompts.combinePrompt(group, false) })).trim(),
      );
      if (run.stopped) return '';
      run.progress({
        stage: 'combining',
        done: index + 1,
        total: groups.length,
        message: `Combining the summaries (round ${round}, ${index + 1} of ${groups.length})`,
      });
    }
    level = merged;
  }
  if (!fits(level, true)) level = level.map((summary) => truncateToTokens(summary, halfCall));
  run.progress({ stage: 'combining', done: 0, total: 1, message: 'Writing the summary' });
  const final = await run.ask(
    { system: prompts.system, prompt: prompts.combinePrompt(level, true) },
    { visible: true },
  );
  if (!run.stopped) run.progress({ stage: 'combining', done: 1, total: 1, message: 'Summary written' });
  return final;
}

/** Consecutive summaries grouped so that each group fits one call. */
function groupsThatFit(summaries: string[], fits: (group: string[]) => boolean): string[][] {
  const groups: string[][] = [];
  let current: string[] = [];
  for (const summary of summaries) {
    if (current.length > 0 && !fits([...current, summary])) {
      groups.push(current);
      current = [];
    }
    current.push(summary);
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

function truncateToTokens(text: string, tokens: number): string {
  const [first = ''] = splitIntoParts(text, Math.max(50, tokens));
  return first;
}

/** What a Stop during the parts leaves: the summaries of the parts done, in order, marked as partial. */
function summarySoFar(summaries: (string | undefined)[], total: number): string {
  const done = summaries.flatMap((summary, index) => (summary ? [{ summary, part: index + 1 }] : []));
  if (done.length === 0) return '';
  return [
    `_Stopped after ${done.length} of ${total} parts: the summary of the parts read so far._`,
    ...done.map(({ summary, part }) => `## Part ${part} of ${total}\n\n${summary}`),
  ].join('\n\n');
}
