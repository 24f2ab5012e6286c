import { APICallError, type LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { AppError } from '#server/errors';
import type { GenerationSettings } from './ai-runtime.ts';
import { streamModelText } from './stream-model-text.ts';

const settings: GenerationSettings = { timeoutMs: 200, maxRetries: 2, retryDelayMs: 1, maxOutputTokens: 100 };
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 2, text: 2, reasoning: undefined },
};

function textStream(words: string[], options: { chunkDelayInMs?: number; initialDelayInMs?: number } = {}) {
  const chunks: LanguageModelV3StreamPart[] = [
    { type: 'text-start', id: 't' },
    ...words.map((delta) => ({ type: 'text-delta' as const, id: 't', delta })),
    { type: 'text-end', id: 't' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
  ];
  return { stream: simulateReadableStream({ chunks, ...options }) };
}

function httpError(statusCode: number) {
  return new APICallError({
    message: `HTTP ${statusCode}`,
    url: 'http://x',
    requestBodyValues: {},
    statusCode,
    isRetryable: statusCode >= 429,
  });
}

async function collect(model: MockLanguageModelV3, signal = new AbortController().signal, s = settings) {
  let text = '';
  for await (const delta of streamModelText({ model, system: 's', prompt: 'p', settings: s, signal }))
    text += delta;
  return text;
}

describe('streamModelText', () => {
  it('retries 429 and 5xx before the first token, then streams', async () => {
    const failures = [httpError(429), httpError(503)];
    const model = new MockLanguageModelV3({
      doStream: async () => {
        const failure = failures.shift();
        if (failure) throw failure;
        return textStream(['Hello ', 'world']);
      },
    });
    expect(await collect(model)).toBe('Hello world');
    expect(model.doStreamCalls).toHaveLength(3);
  });

  it('reports the tokens the provider says the call used, once it finishes', async () => {
    const model = new MockLanguageModelV3({ doStream: async () => textStream(['Hello ', 'world']) });
    const reported: unknown[] = [];
    let text = '';
    for await (const delta of streamModelText({
      model,
      system: 's',
      prompt: 'p',
      settings,
      signal: new AbortController().signal,
      onUsage: (tokens) => reported.push(tokens),
    }))
      text += delta;
    expect(text).toBe('Hello world');
    expect(reported).toEqual([{ inputTokens: 1, outputTokens: 2 }]);
  });

  it('gives up after the configured retries with a user-safe error', async () => {
    const model = new MockLanguageModelV3({
      doStream: async () => {
        throw httpError(500);
      },
    });
    const error = await collect(model).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('bad_gateway:ai');
    expect(model.doStreamCalls).toHaveLength(3);
  });

  it('does not retry once text has been streamed', async () => {
    const model = new MockLanguageModelV3({
      doStream: async () => ({
        stream: simulateReadableStream<LanguageModelV3StreamPart>({
          chunks: [
            { type: 'text-start', id: 't' },
            { type: 'text-delta', id: 't', delta: 'partial' },
            { type: 'error', error: httpError(500) },
          ],
        }),
      }),
    });
    await expect(collect(model)).rejects.toMatchObject({ code: 'bad_gateway:ai' });
    expect(model.doStreamCalls).toHaveLength(1);
  });

  it('times out when the first token does not come, and between tokens', async () => {
    const slowStart = new MockLanguageModelV3({
      doStream: async () => textStream(['late'], { initialDelayInMs: 500 }),
    });
    await expect(collect(slowStart)).rejects.toMatchObject({ code: 'timeout:ai', statusCode: 504 });
    const stalls = new MockLanguageModelV3({
      doStream: async () => textStream(['a', 'b'], { chunkDelayInMs: 350 }),
    });
    await expect(collect(stalls)).rejects.toMatchObject({ code: 'timeout:ai' });
  });

  it('ends quietly with the text so far when the caller aborts', async () => {
    const model = new MockLanguageModelV3({
      doStream: async () => textStream(['one ', 'two ', 'three '], { chunkDelayInMs: 30 }),
    });
    const controller = new AbortController();
    let text = '';
    for await (const delta of streamModelText({
      model,
      system: 's',
      prompt: 'p',
      settings,
      signal: controller.signal,
    })) {
      text += delta;
      controller.abort();
    }
    expect(text).toBe('one ');
  });
});
