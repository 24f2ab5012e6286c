import { Generation, type GenerationDeps } from './generation.ts';
import type { ServerTool } from './server-tool.ts';

/** The generations still running, by id: for Stop, and for a shutdown that saves them first. */
export class GenerationRegistry {
  private readonly running = new Map<string, Generation>();
  private readonly deps: GenerationDeps;

  constructor(deps: GenerationDeps) {
    this.deps = deps;
  }

  get size(): number {
    return this.running.size;
  }

  start(userId: string, tool: ServerTool, input: Record<string, unknown>): Generation {
    const generation = new Generation(this.deps, userId, tool, input);
    this.running.set(generation.id, generation);
    const forget = () => this.running.delete(generation.id);
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
