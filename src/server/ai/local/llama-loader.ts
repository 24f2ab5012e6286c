import type { Llama, LlamaContext } from 'node-llama-cpp';

export interface LoadedModel {
  context: LlamaContext;
  /** Frees the model and its context; the binding stays for the next load. */
  dispose(): Promise<void>;
}

export interface LlamaLoaderOptions {
  threads: number;
  contextSize: number;
  parallel: number;
}

/**
 * llama.cpp in this process. The binding (its native backend) is made on the first load and kept until
 * `close()`: making it again costs 0.3–0.6 s and disposing it freed no measurable memory. The model and
 * its context are loaded and freed as the host needs them. node-llama-cpp is imported on first use.
 */
export class LlamaLoader {
  private readonly options: LlamaLoaderOptions;
  private llama: Promise<Llama> | undefined;

  constructor(options: LlamaLoaderOptions) {
    this.options = options;
  }

  async load(path: string): Promise<LoadedModel> {
    const { threads, contextSize, parallel } = this.options;
    this.llama ??= this.binding();
    const llama = await this.llama;
    const model = await llama.loadModel({ modelPath: path });
    try {
      const context = await model.createContext({
        sequences: parallel,
        contextSize: { max: contextSize },
        threads,
      });
      return {
        context,
        dispose: async () => {
          await context.dispose();
          await model.dispose();
        },
      };
    } catch (err) {
      await model.dispose();
      throw err;
    }
  }

  async close(): Promise<void> {
    const llama = await this.llama?.catch(() => undefined);
    this.llama = undefined;
    await llama?.dispose();
  }

  private binding(): Promise<Llama> {
    const made = (async () => {
      const { getLlama, LlamaLogLevel } = await import('node-llama-cpp');
      return getLlama({ build: 'never', maxThreads: this.options.threads, logLevel: LlamaLogLevel.error });
    })();
    // A binding that could not be made is tried again by the next load.
    made.catch(() => {
      if (this.llama === made) this.llama = undefined;
    });
    return made;
  }
}
