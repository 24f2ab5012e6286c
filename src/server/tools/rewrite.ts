import { AppError } from '#server/errors';
import type { RewriteInstruction } from '#shared/history';
import { delimited } from './prompt-format.ts';
import type { ServerTool } from './server-tool.ts';

/**
 * A part of an answer rewritten by the model at the person's request (issue 33): the selection, the
 * whole answer when there is none, or new text at the cursor (`continue`). The model is given the whole
 * answer as context and returns only the replacement; the new version is the text before the selection,
 * the replacement, and the text after it.
 */
export interface Rewrite {
  before: string;
  selected: string;
  after: string;
}

/** A code fence's opening or closing line: three or more backticks or tildes. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The answer cut at the selection (`start`…`end`, offsets into its content; none: all of it; for
 * `continue`, the cursor, by default the end). 400 `bad_request:selection` for a range outside the
 * content, backwards, empty where there must be text, or with an end inside a code fence's opening
 * line (the fence would lose its language or be cut in two).
 */
export function cutForRewrite(
  content: string,
  instruction: RewriteInstruction,
  selection: { start: number; end: number } | undefined,
): Rewrite {
  const continuing = instruction === 'continue';
  const start = selection?.start ?? (continuing ? content.length : 0);
  const end = selection?.end ?? content.length;
  const refuse = (message: string) => new AppError('bad_request:selection', message);
  if (start < 0 || end > content.length || start > end) {
    throw refuse(
      `The selection must lie within the answer’s ${content.length.toLocaleString('en')} characters, its start before its end.`,
    );
  }
  if (continuing && start !== end)
    throw refuse('To continue writing, the selection is the cursor: start equals end.');
  if (!continuing && content.slice(start, end).trim() === '') throw refuse('Select some text to rewrite.');
  for (const edge of [start, end]) {
    if (insideFenceOpening(content, edge)) {
      throw refuse('The selection cannot begin or end inside the first line of a code block.');
    }
  }
  return { before: content.slice(0, start), selected: content.slice(start, end), after: content.slice(end) };
}

/** Whether `offset` lies after the first character of a code fence's opening line, up to its end. */
function insideFenceOpening(content: string, offset: number): boolean {
  let open = false;
  let lineStart = 0;
  while (lineStart <= content.length) {
    const newline = content.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? content.length : newline;
    if (FENCE.test(content.slice(lineStart, lineEnd))) {
      if (!open && offset > lineStart && offset <= lineEnd) return true;
      open = !open;
    }
    if (lineStart > offset || newline === -1) return false;
    lineStart = newline + 1;
  }
  return false;
}

const ASKS: Record<string, string> = {
  improve: 'Improve it: clearer and better written, with the same meaning and about the same length.',
  shorter: 'Make it shorter: about half as long, keeping what matters most.',
  longer: 'Make it longer: about twice as long, with more detail and examples where they help.',
  simpler: 'Make it simpler: plain words and short sentences that anyone can follow.',
  'fix-grammar': 'Fix its spelling, grammar and punctuation only; change nothing else.',
};

/** What the person asks for, as a sentence for the model. */
function ask(instruction: RewriteInstruction): string {
  if (instruction.startsWith('tone:')) {
    return `Rewrite it in a ${instruction.slice('tone:'.length)} tone, keeping everything it says.`;
  }
  if (instruction.startsWith('custom:')) {
    return `Change it as the person asks:\n${delimited('request', instruction.slice('custom:'.length))}`;
  }
  return ASKS[instruction] ?? ASKS.improve!;
}

/** The model's instructions and request for a rewrite of part of an answer the tool wrote. */
export function rewritePrompt(
  tool: ServerTool,
  instruction: RewriteInstruction,
  rewrite: Rewrite,
): { system: string; prompt: string } {
  const system = [
    tool.system,
    'You are now editing an answer you wrote earlier. Reply with the new text only, exactly as it is to be put in place: no preamble, no explanation, no quotes and no code fence around it (unless the text you replace is itself a code block), in the Markdown and the language of the answer.',
  ].join('\n\n');
  if (instruction === 'continue') {
    return {
      system,
      prompt: [
        'Continue writing the answer below at the cursor: the text before the cursor and the text after it are given apart. Write the next sentences or paragraphs that fit there, in the same style; do not repeat what is already written.',
        '',
        delimited('before_cursor', rewrite.before),
        '',
        delimited('after_cursor', rewrite.after),
      ].join('\n'),
    };
  }
  const whole = rewrite.before === '' && rewrite.after === '';
  return {
    system,
    prompt: [
      whole
        ? 'Rewrite the whole answer below.'
        : 'Below is the whole answer, for context, then the part of it to rewrite. Your text replaces that part exactly, between the text before it and the text after it, so it must read on from them.',
      ask(instruction),
      '',
      ...(whole ? [] : [delimited('answer', `${rewrite.before}${rewrite.selected}${rewrite.after}`), '']),
      delimited(whole ? 'answer' : 'part_to_rewrite', rewrite.selected),
    ].join('\n'),
  };
}
