import { GENERATION_STAGES, type GenerationProgress } from '#shared/generation-progress';

const STAGES: readonly GenerationProgress['stage'][] = GENERATION_STAGES;

/**
 * A `progress` event's payload as GenerationProgress, or null when it is not one (a newer server's
 * stage, a broken payload): the screen then keeps what it showed. `done` is clamped to 0…total.
 */
export function toGenerationProgress(payload: unknown): GenerationProgress | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { stage, done, total, message } = payload as Record<string, unknown>;
  if (!STAGES.includes(stage as GenerationProgress['stage'])) return null;
  if (typeof done !== 'number' || typeof total !== 'number' || typeof message !== 'string') return null;
  if (!Number.isFinite(done) || !Number.isFinite(total) || total < 1) return null;
  return {
    stage: stage as GenerationProgress['stage'],
    done: Math.min(Math.max(0, Math.floor(done)), Math.floor(total)),
    total: Math.floor(total),
    message,
  };
}

/** How far along a stage is, 0–100, rounded. */
export function progressPercent(progress: GenerationProgress): number {
  return Math.round((progress.done / progress.total) * 100);
}
