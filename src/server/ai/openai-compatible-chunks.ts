import {
  InvalidResponseDataError,
  type JSONObject,
  JSONParseError,
  type LanguageModelV3FinishReason,
  type LanguageModelV3StreamPart,
  type LanguageModelV3Usage,
  TypeValidationError,
} from '@ai-sdk/provider';

/** The `usage` object of an OpenAI-compatible chunk, as far as it is read. */
interface ChunkUsage {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  prompt_tokens_details?: { cached_tokens?: number | null } | null;
  completion_tokens_details?: { reasoning_tokens?: number | null } | null;
}

/** As @ai-sdk/openai-compatible maps them. */
function unifiedFinishReason(raw: string): LanguageModelV3FinishReason['unified'] {
  switch (raw) {
    case 'stop':
    case 'length':
      return raw;
    case 'content_filter':
      return 'content-filter';
    case 'function_call':
    case 'tool_calls':
      return 'tool-calls';
    default:
      return 'other';
  }
}

/** As @ai-sdk/openai-compatible converts it (convertOpenAICompatibleChatUsage). */
function convertUsage(usage: ChunkUsage | undefined): LanguageModelV3Usage {
  if (!usage) {
    return {
      inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: undefined, text: undefined, reasoning: undefined },
      raw: undefined,
    };
  }
  const input = usage.prompt_tokens ?? 0;
  const output = usage.completion_tokens ?? 0;
  const cacheRead = usage.prompt_tokens_details?.cached_tokens ?? 0;
  const reasoning = usage.completion_tokens_details?.reasoning_tokens ?? 0;
  return {
    inputTokens: { total: input, noCache: input - cacheRead, cacheRead, cacheWrite: undefined },
    outputTokens: { total: output, text: Math.max(0, output - reasoning), reasoning },
    raw: usage as JSONObject,
  };
}

/** The texts of a delta's `content`: a string, or its text parts (others, such as thinking, are not text). */
function contentTexts(content: unknown): string[] {
  if (typeof content === 'string') return content === '' ? [] : [content];
  if (!Array.isArray(content)) return [];
  const texts: string[] = [];
  for (const part of content as { type?: unknown; text?: unknown }[]) {
    if (part?.type === 'text' && typeof part.text === 'string' && part.text !== '') texts.push(part.text);
  }
  return texts;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Turns the `data` of an OpenAI-compatible server's streamed chat completion into the model's stream
 * parts, as @ai-sdk/openai-compatible does for text: `text-start`, `text-delta`s, `text-end`, then
 * `finish` with the finish reason and usage; an error chunk, a chunk that is not JSON or has no
 * `choices`, or an end without a finish reason become `error` parts. Reasoning and tool calls are not
 * read (the tools ask for neither).
 */
export function createChunkReader(enqueue: (part: LanguageModelV3StreamPart) => void) {
  let finishReason: LanguageModelV3FinishReason | undefined;
  let usage: ChunkUsage | undefined;
  let textStarted = false;
  const fail = (error: unknown) => {
    finishReason = { unified: 'error', raw: undefined };
    enqueue({ type: 'error', error });
  };
  const readChunk = (value: Record<string, unknown>, choices: unknown[]) => {
    if (isObject(value.usage)) usage = value.usage as ChunkUsage;
    const choice = choices[0];
    if (!isObject(choice)) return;
    if (typeof choice.finish_reason === 'string') {
      finishReason = { unified: unifiedFinishReason(choice.finish_reason), raw: choice.finish_reason };
    }
    for (const text of isObject(choice.delta) ? contentTexts(choice.delta.content) : []) {
      if (!textStarted) enqueue({ type: 'text-start', id: 'txt-0' });
      textStarted = true;
      enqueue({ type: 'text-delta', id: 'txt-0', delta: text });
    }
  };
  return {
    /** One event's data. */
    read(data: string): void {
      if (data === '[DONE]') return;
      let value: unknown;
      try {
        value = JSON.parse(data);
      } catch (cause) {
        fail(new JSONParseError({ text: data, cause }));
        return;
      }
      if (isObject(value) && 'error' in value) fail(value.error);
      else if (isObject(value) && Array.isArray(value.choices)) readChunk(value, value.choices);
      else fail(new TypeValidationError({ value, cause: new Error('a chunk without choices') }));
    },
    /** The stream's end. */
    end(): void {
      if (textStarted) enqueue({ type: 'text-end', id: 'txt-0' });
      if (!finishReason) {
        fail(
          new InvalidResponseDataError({
            data: undefined,
            message: 'Response stream ended without a finish reason.',
          }),
        );
      }
      enqueue({
        type: 'finish',
        finishReason: finishReason ?? { unified: 'error', raw: undefined },
        usage: convertUsage(usage),
      });
    },
  };
}
