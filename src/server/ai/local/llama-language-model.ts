import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3GenerateResult,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import type { ChatHistoryItem, LlamaContext } from 'node-llama-cpp';
import { LlamaChat } from 'node-llama-cpp';
import { type GenerationLimiter, readQueueTicket } from '#server/ai/generation-limiter';
import { AppError } from '#server/errors';
import { PROMPT_SHARE } from './prompt-share.ts';

/**
 * Where the model's calls find their context: the host, which loads the model on demand and frees it when
 * idle.
 */
export interface LlamaContextSource {
  /** The model's line; open exactly while a context is loaded, so a call holding a slot has one. */
  readonly limiter: GenerationLimiter;
  /** A call is coming: loads the model if it is not in memory, or throws the 503 when none can be had. */
  wake(): void;
  /** The loaded context; undefined while the model is not in memory. */
  loadedContext(): LlamaContext | undefined;
}

/**
 * node-llama-cpp behind the AI SDK's LanguageModelV3 interface, so the local model streams through the
 * same code path as the remote providers. Each call takes one of the context's sequences through the
 * limiter (one generation per sequence, a bounded line of waiters, fair between the users named in the
 * call's `providerOptions.local`); a call made while the model is out of memory wakes it and waits in
 * the line until it is loaded.
 */
export class LlamaLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3';
  readonly provider = 'local';
  readonly modelId: string;
  readonly supportedUrls = {};
  private readonly source: LlamaContextSource;

  constructor(modelId: string, source: LlamaContextSource) {
    this.modelId = modelId;
    this.source = source;
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    const { stream } = await this.doStream(options);
    let text = '';
    let finish: Extract<LanguageModelV3StreamPart, { type: 'finish' }> | undefined;
    const reader = stream.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      const part = next.value;
      if (part.type === 'text-delta') text += part.delta;
      else if (part.type === 'finish') finish = part;
      else if (part.type === 'error') throw part.error;
    }
    const content: LanguageModelV3Content[] = [{ type: 'text', text }];
    return {
      content,
      finishReason: finish?.finishReason ?? { unified: 'other', raw: undefined },
      usage: finish?.usage ?? usage(undefined, undefined),
      warnings: [],
    };
  }

  async doStream(
    options: LanguageModelV3CallOptions,
  ): Promise<{ stream: ReadableStream<LanguageModelV3StreamPart> }> {
    const history = toChatHistory(options.prompt);
    // Checked before waiting when the model is at hand, else once it is loaded.
    const before = this.source.loadedContext();
    if (before) assertFits(before, history);
    this.source.wake();
    const release = await this.source.limiter.acquire(
      readQueueTicket(options.providerOptions),
      options.abortSignal,
    );
    let context: LlamaContext;
    try {
      context = this.contextForSlot(history, before);
    } catch (err) {
      release();
      throw err;
    }
    const stop = new AbortController();
    const onAbort = () => stop.abort(options.abortSignal?.reason);
    options.abortSignal?.addEventListener('abort', onAbort, { once: true });
    const sequence = context.getSequence();
    const chat = new LlamaChat({ contextSequence: sequence, autoDisposeSequence: true });
    const cleanup = () => {
      options.abortSignal?.removeEventListener('abort', onAbort);
      chat.dispose({ disposeSequence: true });
      release();
    };
    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      start: (controller) => {
        const send = (part: LanguageModelV3StreamPart) => {
          try {
            controller.enqueue(part);
          } catch {
            // The reader went away (cancelled); keep generating quietly until the abort lands.
          }
        };
        // A cancelled stream is already closed: closing it again must not become an unhandled rejection.
        const close = () => {
          try {
            controller.close();
          } catch {}
        };
        send({ type: 'stream-start', warnings: [] });
        send({ type: 'text-start', id: 'text' });
        chat
          .generateResponse(history, {
            signal: stop.signal,
            stopOnAbortSignal: true,
            maxTokens: options.maxOutputTokens,
            temperature: options.temperature ?? 0.7,
            topP: options.topP,
            topK: options.topK,
            seed: options.seed,
            onTextChunk: (delta) => send({ type: 'text-delta', id: 'text', delta }),
          })
          .then((response) => {
            const meter = sequence.tokenMeter.getState();
            send({ type: 'text-end', id: 'text' });
            send({
              type: 'finish',
              finishReason: finishReason(response.metadata.stopReason),
              usage: usage(meter.usedInputTokens, meter.usedOutputTokens),
            });
            close();
          })
          .catch((error: unknown) => {
            send({ type: 'error', error });
            close();
          })
          .finally(cleanup);
      },
      cancel: () => stop.abort(new Error('stream cancelled')),
    });
    return { stream };
  }

  /**
   * The context of a call holding a slot (the line is open only while one is loaded), checked for the prompt.
   */
  private contextForSlot(history: ChatHistoryItem[], checked: LlamaContext | undefined): LlamaContext {
    const context = this.source.loadedContext();
    if (!context) throw new Error('the local model is not loaded although its line is open');
    if (context !== checked) assertFits(context, history);
    return context;
  }
}

/** A prompt longer than the context cannot be answered; say so instead of failing deep inside. */
function assertFits(context: LlamaContext, history: ChatHistoryItem[]): void {
  const text = history
    .map((item) => (item.type === 'model' ? item.response.join('') : String(item.text)))
    .join('\n');
  const tokens = context.model.tokenize(text).length;
  const limit = Math.floor(context.contextSize * PROMPT_SHARE);
  if (tokens > limit) {
    throw new AppError(
      'payload_too_large:model_context',
      `The input is too long for the local AI model (${tokens} tokens, at most ${limit}). Shorten it, raise LOCAL_MODEL_CONTEXT, or configure a remote provider.`,
    );
  }
}

/** AI SDK prompt → node-llama-cpp chat history, ending with the empty model turn to be completed. */
export function toChatHistory(prompt: LanguageModelV3Prompt): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = [];
  for (const message of prompt) {
    if (message.role === 'system') history.push({ type: 'system', text: message.content });
    else if (message.role === 'user') history.push({ type: 'user', text: textOf(message.content) });
    else if (message.role === 'assistant')
      history.push({ type: 'model', response: [textOf(message.content)] });
  }
  history.push({ type: 'model', response: [] });
  return history;
}

function textOf(parts: ReadonlyArray<{ type: string }>): string {
  return parts.map((p) => (p.type === 'text' && 'text' in p ? String(p.text) : '')).join('');
}

function finishReason(stopReason: string): LanguageModelV3FinishReason {
  const unified = stopReason === 'maxTokens' ? 'length' : stopReason === 'abort' ? 'other' : 'stop';
  return { unified, raw: stopReason };
}

function usage(input: number | undefined, output: number | undefined): LanguageModelV3Usage {
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}
