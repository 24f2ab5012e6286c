import { describe, expect, it } from 'vitest';
import { isAppError } from '#server/errors';
import { SERVER_TOOLS } from './prompts.ts';
import { cutForRewrite, rewritePrompt } from './rewrite.ts';

const ANSWER = 'Intro line.\n\n```ts\nconst a = 1;\n```\n\nThe end.';
const fence = ANSWER.indexOf('```ts');

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    return isAppError(err) ? err.code : 'other';
  }
  return null;
};

describe('cutForRewrite', () => {
  it('cuts the answer at the selection, all of it without one, at the end to continue', () => {
    expect(cutForRewrite(ANSWER, 'shorter', { start: 0, end: 11 })).toEqual({
      before: '',
      selected: 'Intro line.',
      after: ANSWER.slice(11),
    });
    expect(cutForRewrite(ANSWER, 'improve', undefined)).toEqual({ before: '', selected: ANSWER, after: '' });
    expect(cutForRewrite(ANSWER, 'continue', undefined)).toEqual({ before: ANSWER, selected: '', after: '' });
    expect(cutForRewrite(ANSWER, 'continue', { start: 11, end: 11 }).after).toBe(ANSWER.slice(11));
  });

  it('takes a whole code block from the start of its first line, not from inside that line', () => {
    const end = ANSWER.indexOf('\n\nThe end.');
    expect(cutForRewrite(ANSWER, 'simpler', { start: fence, end }).selected).toBe('```ts\nconst a = 1;\n```');
    expect(refusal(() => cutForRewrite(ANSWER, 'simpler', { start: fence + 3, end }))).toBe(
      'bad_request:selection',
    );
    expect(refusal(() => cutForRewrite(ANSWER, 'simpler', { start: 0, end: fence + 5 }))).toBe(
      'bad_request:selection',
    );
    // Inside the block, and at its closing fence, is fine.
    const code = ANSWER.indexOf('const');
    expect(cutForRewrite(ANSWER, 'simpler', { start: code, end: code + 13 }).selected).toBe('const a = 1;\n');
  });

  it('refuses ranges outside the answer, backwards, blank, or a continue that is not a cursor', () => {
    for (const [instruction, selection] of [
      ['improve', { start: 0, end: ANSWER.length + 1 }],
      ['improve', { start: 4, end: 2 }],
      ['improve', { start: 11, end: 13 }],
      ['continue', { start: 0, end: 3 }],
    ] as const) {
      expect(
        refusal(() => cutForRewrite(ANSWER, instruction, selection)),
        JSON.stringify(selection),
      ).toBe('bad_request:selection');
    }
  });
});

describe('rewritePrompt', () => {
  const tool = SERVER_TOOLS['email-helper'] as never;

  it('gives the whole answer, the part and the instruction, and asks for the replacement only', () => {
    const cut = cutForRewrite(ANSWER, 'tone:friendly', { start: 0, end: 11 });
    const { system, prompt } = rewritePrompt(tool, 'tone:friendly', cut);
    expect(system).toContain('Reply with the new text only');
    expect(prompt).toContain(`<answer>\n${ANSWER}\n</answer>`);
    expect(prompt).toContain('<part_to_rewrite>\nIntro line.\n</part_to_rewrite>');
    expect(prompt).toContain('in a friendly tone');
  });

  it('passes a free instruction as the person’s words, delimited', () => {
    const { prompt } = rewritePrompt(
      tool,
      'custom:make this a table',
      cutForRewrite(ANSWER, 'improve', undefined),
    );
    expect(prompt).toContain('<request>\nmake this a table\n</request>');
    expect(prompt).not.toContain('<part_to_rewrite>');
  });
});
