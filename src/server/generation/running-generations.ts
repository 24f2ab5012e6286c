import { randomUUID } from 'node:crypto';
import { retryThroughOutage } from '#server/db/retry-through-outage';
import type { GenerationObserver } from '#server/metrics/generation-report';
import type { ServerTool } from '#server/tools/server-tool';
import type { UsageRepository } from '#server/usage/usage-repository';
import {
  type ChatContinuation,
  Generation,
  type GenerationDeps,
  type GenerationDocument,
  type GenerationOutcome,
} from './generation.ts';
import { generationReport } from './generation-report.ts';
import type { InFlightGenerations } from './in-flight-generations.ts';

/** One of a user's in-flight places, taken for a generation (its id) that has not started yet. */
export interface GenerationPlace {
  userId: string;
  id: string;
  /** Frees the place (again is a no-op); resolves once the user's next call can take it. */
  release(): Promise<void>;
}

export interface RunningGenerationsDeps extends GenerationDeps {
  inFlight: InFlightGenerations;
  /** How long a plan's usage is settled through a database outage (HISTORY_SAVE_RETRY_MS). */
  saveRetryMs: number;
  /** Where each generation's reservation of its user's plan is committed or released. */
  usage: Pick<UsageRepository, 'commit' | 'release'>;
  /** Told how each generation ended (the metrics). */
  observer: GenerationObserver;
}

/** A generation counts against its plan when it produced an answer: complete, or stopped after some text. */
function counts(outcome: GenerationOutcome): boolean {
  return outcome.text.trim() !== '';
}

/**
 * The generations still running, by id: for Stop, and for a shutdown that saves them first. Each holds
 * one of its user's in-flight places (AI_MAX_IN_FLIGHT_PER_USER) from start until its outcome settles,
 * whatever the ending: done, stopped, failed or dropped.
 */
export class RunningGenerations {
  private readonly running = new Map<string, Generation>();
  /** Each running generation's end: its outcome, then its plan usage settled and its place freed. */
  private readonly ends = new Map<string, Promise<void>>();
  private readonly deps: RunningGenerationsDeps;

  constructor(deps: RunningGenerationsDeps) {
    this.deps = deps;
  }

  get size(): number {
    return this.running.size;
  }

  /**
   * Takes one of the user's in-flight places for a generation about to start (429
   * `rate_limit:generations` when they have the most running): before a document is read, so that
   * reading counts too. Give it back with `release()` if the generation never starts.
   */
  async reserve(userId: string): Promise<GenerationPlace> {
    const id = randomUUID();
    const free = await this.deps.inFlight.acquire(userId, id);
    return { userId, id, release: free };
  }

  /**
   * Starts a generation in its reserved place, which it holds until its outcome settles and its
   * reservation of the user's plan (made by the caller under the same id) is committed or released.
   */
  start(
    place: GenerationPlace,
    tool: ServerTool,
    input: Record<string, unknown>,
    document: GenerationDocument | null = null,
    chat?: ChatContinuation,
    ownAddress?: string | null,
  ): Generation {
    const { id, userId } = place;
    let generation: Generation;
    try {
      generation = new Generation(this.deps, { id, userId, tool, input, document, chat, ownAddress });
    } catch (err) {
      void place.release();
      throw err;
    }
    this.running.set(id, generation);
    const { observer } = this.deps;
    generation.outcome.then(
      (outcome) => observer.ended(generationReport(generation, { outcome })),
      (error: unknown) => observer.ended(generationReport(generation, { error })),
    );
    const end = this.settleUsage(generation).finally(async () => {
      this.running.delete(id);
      await place.release();
      this.ends.delete(id);
    });
    this.ends.set(id, end);
    return generation;
  }

  /**
   * Resolves once the generation has ended for good: outcome settled, plan usage committed or released,
   * place freed. A JSON reply waits for it, so the caller's next call sees the generation counted.
   */
  ended(id: string): Promise<void> {
    return this.ends.get(id) ?? Promise.resolve();
  }

  /** The caller's own running generation; another user's id is as unknown as a finished one. */
  find(userId: string, id: string): Generation | undefined {
    const generation = this.running.get(id);
    return generation?.userId === userId ? generation : undefined;
  }

  /**
   * Resolves once every generation running now has ended, or after `graceMs`, whichever is first
   * (a shutdown lets them finish before stopping the rest).
   */
  async settled(graceMs: number): Promise<void> {
    if (this.ends.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([Promise.allSettled([...this.ends.values()]), grace]);
    clearTimeout(timer);
  }

  /** Stops every generation (each saves what it has as 'stopped') and waits for the saves. */
  async stopAll(): Promise<void> {
    const all = [...this.running.values()];
    for (const generation of all) generation.stop();
    await Promise.allSettled([...all.map((g) => g.outcome), ...this.ends.values()]);
  }

  /** Commits the generation's reservation if it produced an answer, else gives it back; never rejects. */
  private async settleUsage(generation: Generation): Promise<void> {
    const { usage } = this.deps;
    try {
      const outcome = await generation.outcome.catch(() => null);
      const settle = () =>
        outcome && counts(outcome) ? usage.commit(generation.id) : usage.release(generation.id);
      // Through a database outage too: an uncommitted reservation would stop counting after its TTL.
      await retryThroughOutage(settle, { maxMs: this.deps.saveRetryMs });
    } catch (err) {
      this.deps.log.error({ err, generationId: generation.id }, 'could not settle a generation’s plan usage');
    }
  }
}
