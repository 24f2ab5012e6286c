import { isAppError } from '#server/errors';
import type { Generation, GenerationOutcome } from './generation.ts';

/**
 * How a generation ended: `complete` or `stopped` (its chat saved), `dropped` (its client left while
 * it waited for the model: nothing saved), `rejected` (refused for its request, e.g. too long for the
 * model), `failed` (the provider, the model or the server failed).
 */
export type GenerationEnding = 'complete' | 'stopped' | 'dropped' | 'rejected' | 'failed';

/** One ended generation, for the metrics (src/server/metrics). */
export interface GenerationReport {
  tool: string;
  outcome: GenerationEnding;
  seconds: number;
  /** From its start to the model's first token; null when the model produced none. */
  firstTokenSeconds: number | null;
  /** The tokens its model calls used where the provider reported them; null when it reported none. */
  tokens: { input: number; output: number } | null;
}

/** Told of every generation that ends (app.metrics in the app). */
export interface GenerationObserver {
  ended(report: GenerationReport): void;
}

export function generationReport(
  generation: Generation,
  ending: { outcome: GenerationOutcome } | { error: unknown },
): GenerationReport {
  const now = performance.now();
  const { startedAt, firstTokenAt } = generation;
  return {
    tool: generation.tool.definition.slug,
    outcome: 'outcome' in ending ? ending.outcome.status : failureKind(ending.error),
    seconds: (now - startedAt) / 1000,
    firstTokenSeconds: firstTokenAt === null ? null : (firstTokenAt - startedAt) / 1000,
    tokens: generation.tokens,
  };
}

function failureKind(error: unknown): GenerationEnding {
  if (!isAppError(error)) return 'failed';
  if (error.code.startsWith('client_closed:')) return 'dropped';
  return error.statusCode < 500 ? 'rejected' : 'failed';
}
