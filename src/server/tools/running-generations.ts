import { randomUUID } from 'node:crypto';
import { Generation, type GenerationDeps, type GenerationDocument } from './generation.ts';
import type { InFlightGenerations } from './in-flight-generations.ts';
import type { ServerTool } from './server-tool.ts';

/** One of a user's in-flight places, taken for a generation (its id) that has not started yet. */
export interface GenerationPlace {
  userId: string;
  id: string;
  release(): void;
}

export interface RunningGenerationsDeps extends GenerationDeps {
  inFlight: InFlightGenerations;
}

/**
 * The generations still running, by id: for Stop, and for a shutdown that saves them first. Each holds
 * one of its user's in-flight places (AI_MAX_IN_FLIGHT_PER_USER) from start until its outcome settles,
 * whatever the ending: done, stopped, failed or dropped.
 */
export class RunningGenerations {
  private readonly running = new Map<string, Generation>();
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
    let released = false;
    return {
      userId,
      id,
      release: () => {
        if (released) return;
        released = true;
        free();
      },
    };
  }

  /** Starts a generation in its reserved place, which it holds until its outcome settles. */
  start(
    place: GenerationPlace,
    tool: ServerTool,
    input: Record<string, unknown>,
    document: GenerationDocument | null = null,
  ): Generation {
    const { id, userId } = place;
    let generation: Generation;
    try {
      generation = new Generation(this.deps, { id, userId, tool, input, document });
    } catch (err) {
      place.release();
      throw err;
    }
    this.running.set(id, generation);
    const forget = () => {
      this.running.delete(id);
      place.release();
    };
    generation.outcome.then(forget, forget);
    return generation;
  }

  /** The caller's own running generation; another user's id is as unknown as a finished one. */
  find(userId: string, id: string): Generation | undefined {
    const generation = this.running.get(id);
    return generation?.userId === userId ? generation : undefined;
  }

  /** Stops every generation (each saves what it has as 'stopped') and waits for the saves. */
  async stopAll(): Promise<void> {
    const all = [...this.running.values()];
    for (const generation of all) generation.stop();
    await Promise.allSettled(all.map((g) => g.outcome));
  }
}
