import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import { createSseParser } from '#shared/sse-parser';
import { createChunkReader } from './openai-compatible-chunks.ts';

export interface OpenAiCompatibleStreamSettings {
  /** Ends in the API's version, e.g. `http://localhost:11434/v1`. */
  baseURL: string;
  apiKey: string | undefined;
  modelId: string;
}

/** A model with kept-alive connections to close when the app closes. */
export interface ClosableModel {
  model: LanguageModelV3;
  close(): void;
}

// A broken connection carrying one of these is worth another try, as the AI SDK judges it.
const NETWORK_ERROR_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'UND_ERR_SOCKET']);

type ChatMessage = {
  role: 'system' | 'user' | 'assistant';
  content: string | { type: 'text'; text: string }[];
};

/**
 * The chat messages of a call this reader serves: system, user and assistant text with no per-message options,
 * and no setting but the output limit; null for anything else (the AI SDK's model takes it).
 */
function plainMessages(options: LanguageModelV3CallOptions): ChatMessage[] | null {
  const { prompt, maxOutputTokens, abortSignal, providerOptions, ...settings } = options;
  if (Object.values(settings).some((value) => value !== undefined)) return null;
  // `local` is the local model's queue ticket, which a remote provider ignores.
  if (providerOptions && Object.keys(providerOptions).some((name) => name !== 'local')) return null;
  const messages: ChatMessage[] = [];
  for (const message of prompt) {
    if (message.providerOptions) return null;
    if (message.role === 'system') {
      messages.push({ role: 'system', content: message.content });
      continue;
    }
    if (message.role !== 'user' && message.role !== 'assistant') return null;
    const parts: { type: 'text'; text: string }[] = [];
    for (const part of message.content) {
      if (part.type !== 'text' || part.providerOptions) return null;
      parts.push({ type: 'text', text: part.text });
    }
    // An earlier answer is plain text in the chat completions API; a request may be text parts.
    if (message.role === 'assistant')
      messages.push({ role: 'assistant', content: parts.map((p) => p.text).join('') });
    else messages.push({ role: 'user', content: parts.length === 1 ? parts[0]!.text : parts });
  }
  return messages;
}

function headersRecord(res: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

const readText = (res: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      text += chunk;
    });
    res.on('end', () => resolve(text));
    res.on('error', reject);
  });

/** A refusal as the AI SDK reports it: the body's `error.message` when it has one, else the status text. */
function refusal(res: IncomingMessage, body: string, url: string, requestBodyValues: unknown): APICallError {
  let data: { error?: { message?: unknown } } | undefined;
  try {
    data = JSON.parse(body);
  } catch {}
  const message = data?.error?.message;
  return new APICallError({
    message: typeof message === 'string' ? message : (res.statusMessage ?? ''),
    url,
    requestBodyValues,
    statusCode: res.statusCode,
    responseHeaders: headersRecord(res),
    responseBody: body,
    ...(typeof message === 'string' ? { data } : {}),
  });
}

function hasNetworkCode(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (NETWORK_ERROR_CODES.has((e as { code?: string }).code ?? '')) return true;
  }
  return false;
}

/**
 * The hot path of AI_PROVIDER=openai-compatible (issue 15): a streamed chat completion read on
 * node:http(s) with kept-alive connections, its events split by the shared SSE parser and handed to
 * the stream straight from the socket's `data` events, instead of the AI SDK's chain of web streams
 * and per-chunk schema validation. Same parts, errors and retry signals as the AI SDK's model
 * (openai-compatible-stream.test.ts feeds both the same answers); any other call (settings, tools,
 * files, `doGenerate`) goes to that model, `fallback`.
 */
export function createOpenAiCompatibleStreamModel(
  settings: OpenAiCompatibleStreamSettings,
  fallback: LanguageModelV3,
): ClosableModel {
  const url = new URL(`${settings.baseURL.replace(/\/+$/, '')}/chat/completions`);
  const https = url.protocol === 'https:';
  // No cap on open connections (node-http-fetch.ts says why); idle ones are kept up to Node's default.
  const agent = https ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const send = https ? httpsRequest : httpRequest;
  const headers = {
    'content-type': 'application/json',
    'user-agent': `draftsmith runtime/node.js/${process.version}`,
    ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
  };

  /** Resolves with a 2xx answer; rejects with the refusal or the connection's failure, as the AI SDK. */
  const post = (body: Record<string, unknown>, signal: AbortSignal | undefined) =>
    new Promise<IncomingMessage>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const req = send(url, { method: 'POST', agent, headers, signal }, (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) return resolve(res);
        readText(res).then((text) => reject(refusal(res, text, url.href, body)), reject);
      });
      req.on('error', (err) => {
        if (signal?.aborted) return reject(signal.reason);
        const message = `Cannot connect to API: ${err.message}`;
        reject(
          new APICallError({
            message,
            cause: err,
            url: url.href,
            requestBodyValues: body,
            isRetryable: true,
          }),
        );
      });
      req.end(JSON.stringify(body));
    });

  const partsOf = (res: IncomingMessage, body: Record<string, unknown>, signal: AbortSignal | undefined) => {
    let open = true;
    return new ReadableStream<LanguageModelV3StreamPart>({
      start(controller) {
        const enqueue = (part: LanguageModelV3StreamPart) => open && controller.enqueue(part);
        const fail = (err: unknown) => {
          if (!open) return;
          open = false;
          controller.error(err);
        };
        enqueue({ type: 'stream-start', warnings: [] });
        const events = createSseParser();
        const chunks = createChunkReader(enqueue);
        res.setEncoding('utf8');
        res.on('data', (text: string) => {
          for (const event of events.feed(text)) chunks.read(event.data);
        });
        res.on('end', () => {
          chunks.end();
          if (open) controller.close();
          open = false;
        });
        res.on('error', (err) => {
          if (signal?.aborted) return fail(signal.reason);
          const message = 'Failed to process successful response';
          const responseHeaders = headersRecord(res);
          fail(
            new APICallError({
              message,
              cause: err,
              statusCode: res.statusCode,
              url: url.href,
              responseHeaders,
              requestBodyValues: body,
              isRetryable: hasNetworkCode(err),
            }),
          );
        });
      },
      cancel() {
        open = false;
        res.destroy();
      },
    });
  };

  const model: LanguageModelV3 = {
    specificationVersion: 'v3',
    provider: fallback.provider,
    modelId: settings.modelId,
    supportedUrls: fallback.supportedUrls,
    doGenerate: (options) => fallback.doGenerate(options),
    async doStream(options) {
      const messages = plainMessages(options);
      if (!messages) return fallback.doStream(options);
      const body = {
        model: settings.modelId,
        max_tokens: options.maxOutputTokens,
        messages,
        stream: true,
        stream_options: { include_usage: true },
      };
      const res = await post(body, options.abortSignal);
      return {
        stream: partsOf(res, body, options.abortSignal),
        request: { body },
        response: { headers: headersRecord(res) },
      };
    },
  };
  return { model, close: () => agent.destroy() };
}
