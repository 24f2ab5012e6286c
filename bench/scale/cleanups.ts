/**
 * What a bench started (servers, clusters, directories), stopped newest first when it ends, or on
 * Ctrl-C (exit 130); a step that fails is reported and the others still run.
 */
export interface Cleanups {
  /** Registers a step to run before the ones registered earlier. */
  add(step: () => Promise<unknown> | unknown): void;
  run(): Promise<void>;
}

export function createCleanups(what: string, before?: () => void): Cleanups {
  const steps: (() => Promise<unknown> | unknown)[] = [];
  const cleanups: Cleanups = {
    add: (step) => void steps.unshift(step),
    async run() {
      before?.();
      for (const step of steps.splice(0)) {
        try {
          await step();
        } catch (err) {
          console.error(`cleanup: ${(err as Error).message}`);
        }
      }
    },
  };
  process.once('SIGINT', () => {
    console.error(`\ninterrupted: stopping everything the ${what} started`);
    void cleanups.run().then(() => process.exit(130));
  });
  return cleanups;
}
