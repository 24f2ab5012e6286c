import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake answers to one chat-completions request. */
export interface FakeReply {
  /** The answer; streamed in `chunks` pieces (default: word by word). */
  text?: string;
  chunks?: string[];
  /** Answer with this HTTP error status (e.g. 429, 500, 401) and an OpenAI error body. */
  status?: number;
  retryAfterSeconds?: number;
  firstTokenDelayMs?: number;
  chunkDelayMs?: number;
  /** Send the response headers, then nothing ever (until the server closes). */
  hang?: boolean;
}

export interface RecordedRequest {
  body: {
    model: string;
    stream?: boolean;
    messages: Array<{ role: string; content: string }>;
    [key: string]: unknown;
  };
  headers: IncomingMessage['headers'];
}

export interface FakeOpenAiServer {
  /** Base URL for AI_BASE_URL, ending in /v1. */
  url: string;
  requests: RecordedRequest[];
  /** Replies for the next requests, in order; after them, the default reply. */
  enqueue(...replies: FakeReply[]): void;
  setDefault(reply: FakeReply): void;
  close(): Promise<void>;
}

export const FAKE_DEFAULT_TEXT = 'Hello from the fake model. It answers in a few short words.';

/**
 * An OpenAI-compatible HTTP server speaking the real protocol (POST /v1/chat/completions as JSON or as
 * SSE chunks ending in `data: [DONE]`, GET /v1/models), scriptable per request for the tests and the
 * benchmark. Listens on 127.0.0.1 only.
 */
export async function startFakeOpenAi(defaultReply: FakeReply = {}): Promise<FakeOpenAiServer> {
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  let fallback = defaultReply;
  let counter = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/v1/models') {
        return json(res, 200, {
          object: 'list',
          data: [{ id: 'fake-model', object: 'model', owned_by: 'fake' }],
        });
      }
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        return json(res, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedRequest['body'];
      requests.push({ body, headers: req.headers });
      void answer(res, body, queue.shift() ?? fallback, `chatcmpl-${++counter}`);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    setDefault: (reply) => {
      fallback = reply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function answer(res: ServerResponse, body: RecordedRequest['body'], reply: FakeReply, id: string) {
  if (reply.status) {
    const headers: Record<string, string> =
      reply.retryAfterSeconds === undefined ? {} : { 'retry-after': String(reply.retryAfterSeconds) };
    const type =
      reply.status === 429
        ? 'rate_limit_error'
        : reply.status >= 500
          ? 'server_error'
          : 'invalid_request_error';
    return json(
      res,
      reply.status,
      { error: { message: `fake error ${reply.status}`, type, code: null } },
      headers,
    );
  }
  const text = reply.text ?? FAKE_DEFAULT_TEXT;
  const pieces = reply.chunks ?? text.match(/\S+\s*|\s+/g) ?? [text];
  const created = Math.floor(Date.now() / 1000);
  const usage = { prompt_tokens: 10, completion_tokens: pieces.length, total_tokens: 10 + pieces.length };
  if (!body.stream) {
    if (reply.firstTokenDelayMs) await delay(reply.firstTokenDelayMs);
    const message = { role: 'assistant', content: pieces.join('') };
    return json(res, 200, {
      id,
      object: 'chat.completion',
      created,
      model: body.model,
      choices: [{ index: 0, message, finish_reason: 'stop' }],
      usage,
    });
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.flushHeaders();
  if (reply.hang) return;
  const chunk = (delta: Record<string, unknown>, finish: string | null) =>
    `data: ${JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created,
      model: body.model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    })}\n\n`;
  if (reply.firstTokenDelayMs) await delay(reply.firstTokenDelayMs);
  for (const [i, piece] of pieces.entries()) {
    if (i > 0 && reply.chunkDelayMs) await delay(reply.chunkDelayMs);
    if (res.destroyed) return;
    res.write(chunk(i === 0 ? { role: 'assistant', content: piece } : { content: piece }, null));
  }
  let tail = chunk({}, 'stop');
  const options = body.stream_options as { include_usage?: boolean } | undefined;
  if (options?.include_usage)
    tail += `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage })}\n\n`;
  res.end(`${tail}data: [DONE]\n\n`);
}

function json(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) {
  const payload = JSON.stringify(value);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
    ...headers,
  });
  res.end(payload);
}

function delay(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
