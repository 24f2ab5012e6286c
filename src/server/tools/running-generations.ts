import { randomUUID } from 'node:crypto';
import { Generation, type GenerationDeps, type GenerationDocument } from './generation.ts';
import type { InFlightGenerations } from './in-flight-generations.ts';
import type { ServerTool } from './server-tool.ts';

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

  /** Starts a generation; 429 `rate_limit:generations` when the user already has the most running. */
  async start(
    userId: string,
    tool: ServerTool,
    input: Record<string, unknown>,
    document: GenerationDocument | null = null,
  ): Promise<Generation> {
    const id = randomUUID();
    const release = await this.deps.inFlight.acquire(userId, id);
    let generation: Generation;
    try {
      generation = new Generation(this.deps, { id, userId, tool, input, document });
    } catch (err) {
      release();
      throw err;
    }
    this.running.set(id, generation);
    const forget = () => {
      this.running.delete(id);
      release();
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
