import { isAppError } from '#server/errors';
import type { GenerationEnding, GenerationReport } from '#server/metrics/generation-report';
import type { Generation, GenerationOutcome } from './generation.ts';

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
