import type { RewriteInstruction } from '#shared/history';
import { EMAIL_TONES } from '#shared/tools';

/** What the AI menus offer on a selection or on the whole answer (POST …/rewrite `instruction`). */
export const REWRITE_CHOICES = [
  { instruction: 'improve', label: 'Improve' },
  { instruction: 'shorter', label: 'Shorter' },
  { instruction: 'longer', label: 'Longer' },
  { instruction: 'simpler', label: 'Simpler' },
  { instruction: 'fix-grammar', label: 'Fix spelling & grammar' },
] as const satisfies readonly { instruction: RewriteInstruction; label: string }[];

/** The tones a text can be rewritten in: the e-mail helper's. */
export const TONE_CHOICES = EMAIL_TONES.map((tone) => ({
  instruction: `tone:${tone}` as RewriteInstruction,
  label: tone[0]!.toUpperCase() + tone.slice(1),
}));

/** What a rewrite works on: the selected text, the whole answer, or new text at the cursor. */
export type RewriteScope = 'selection' | 'whole' | 'cursor';

/** How the suggestion bar names what is being rewritten. */
export function describeRewrite(instruction: RewriteInstruction, scope: RewriteScope): string {
  if (instruction === 'continue') return 'Continuing at the cursor';
  const what = scope === 'selection' ? 'the selection' : 'the whole answer';
  if (instruction.startsWith('custom:')) return `Rewriting ${what} as you asked`;
  if (instruction.startsWith('tone:')) return `Rewriting ${what} in a ${instruction.slice(5)} tone`;
  const choice = REWRITE_CHOICES.find((c) => c.instruction === instruction);
  return `${choice?.label ?? 'Rewrite'}: ${what}`;
}
