import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isAppError } from '#server/errors';
import type { GenerationSettings } from './ai-runtime.ts';
import { createNodeHttpFetch } from './node-http-fetch.ts';
import { createOpenAiCompatibleStreamModel } from './openai-compatible-stream.ts';
import { streamModelText, type TokenUsage } from './stream-model-text.ts';

/** One scripted answer: written to the response as it comes (a body of raw SSE text, pauses, a reset). */
type Step = string | Buffer | { wait: number } | 'reset' | 'hang';
interface Answer {
  status?: number;
  headers?: Record<string, string>;
  steps: Step[];
}

const chunk = (choice: Record<string, unknown> | null, extra: Record<string, unknown> = {}) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: choice ? [{ index: 0, ...choice }] : [], ...extra })}\n\n`;
const delta = (content: unknown) => chunk({ delta: { content }, finish_reason: null });
const finish = (reason: string) => chunk({ delta: {}, finish_reason: reason });
const usage = chunk(null, { usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 } });
const DONE = 'data: [DONE]\n\n';
const ok = (...steps: Step[]): Answer => ({ steps });
const refused = (status: number, body: string, headers: Record<string, string> = {}): Answer => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  steps: [body],
});

async function drain(stream: ReadableStream<LanguageModelV3StreamPart>) {
  const parts: LanguageModelV3StreamPart[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(next.value);
  return parts;
}

const settings: GenerationSettings = { timeoutMs: 300, maxRetries: 2, retryDelayMs: 1, maxOutputTokens: 50 };

describe('the lean OpenAI-compatible stream reader gives what the AI SDK gives', () => {
  let server: Server;
  let baseURL: string;
  let script: Answer[] = [];
  let fallback: Answer = ok(delta('x'), finish('stop'), DONE);
  const bodies: unknown[] = [];
  const http = createNodeHttpFetch();
  let lean: ReturnType<typeof createOpenAiCompatibleStreamModel>;
  let sdk: LanguageModelV3;

  async function play(res: ServerResponse, answer: Answer) {
    res.writeHead(answer.status ?? 200, answer.headers ?? { 'content-type': 'text/event-stream' });
    for (const step of answer.steps) {
      if (step === 'hang') return;
      if (step === 'reset') return res.socket?.resetAndDestroy();
      if (typeof step === 'string' || Buffer.isBuffer(step)) res.write(step);
      else await new Promise((resolve) => setTimeout(resolve, step.wait));
    }
    res.end();
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        bodies.push({ body: JSON.parse(body), authorization: req.headers.authorization });
        void play(res, script.shift() ?? fallback);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    sdk = createOpenAICompatible({
      name: 'openai-compatible',
      baseURL,
      apiKey: 'key',
      includeUsage: true,
      fetch: http.fetch,
    }).chatModel('m');
    lean = createOpenAiCompatibleStreamModel({ baseURL, apiKey: 'key', modelId: 'm' }, sdk);
  });
  afterAll(async () => {
    lean.close();
    http.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    bodies.length = 0;
    fallback = ok(delta('x'), finish('stop'), DONE);
  });

  /** What streamModelText makes of a model's answers: the text, the usage reported, the error. */
  async function generate(model: LanguageModelV3, answers: Answer[], stopAfter?: number) {
    script = [...answers];
    const controller = new AbortController();
    const usages: TokenUsage[] = [];
    let text = '';
    let deltas = 0;
    const requestsBefore = bodies.length;
    try {
      for await (const piece of streamModelText({
        model,
        system: 'You write.',
        prompt: 'About streams',
        settings,
        signal: controller.signal,
        onUsage: (u) => usages.push(u),
      })) {
        text += piece;
        if (++deltas === stopAfter) controller.abort();
      }
      return { text, usages, requests: bodies.length - requestsBefore };
    } catch (err) {
      const error = isAppError(err)
        ? { code: err.code, status: err.statusCode }
        : { unexpected: String(err) };
      return { text, usages, requests: bodies.length - requestsBefore, error };
    }
  }

  /** Both models, the same answers: the same outcome. */
  async function same(answers: Answer[], stopAfter?: number) {
    const reference = await generate(sdk, answers, stopAfter);
    const leanResult = await generate(lean.model, answers, stopAfter);
    expect(leanResult).toEqual(reference);
    return leanResult;
  }

  /** The parts of one call, as streamModelText reads them: text, finish reason, usage, errors. */
  async function parts(model: LanguageModelV3, answer: Answer) {
    script = [answer];
    const { stream } = await model.doStream({
      prompt: [
        { role: 'system', content: 's' },
        { role: 'user', content: [{ type: 'text', text: 'p' }] },
      ],
    });
    const seen = await drain(stream);
    const finishPart = seen.find((p) => p.type === 'finish');
    return {
      text: seen.flatMap((p) => (p.type === 'text-delta' ? [p.delta] : [])).join(''),
      textParts: seen.filter((p) => p.type.startsWith('text-')).map((p) => p.type),
      finish:
        finishPart?.type === 'finish' ? { reason: finishPart.finishReason, usage: finishPart.usage } : null,
      errors: seen.filter((p) => p.type === 'error').length,
    };
  }

  it('streams the same text and usage, and sends the same request', async () => {
    const answer = ok(delta('Hello'), delta(' world'), finish('stop'), usage, DONE);
    const result = await same([answer]);
    expect(result).toMatchObject({ text: 'Hello world', usages: [{ inputTokens: 7, outputTokens: 3 }] });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[0]).toMatchObject({ authorization: 'Bearer key', body: { stream: true, max_tokens: 50 } });
  });

  it('reads the same parts: finish reasons, usage or its absence, content parts, CRLF, split characters', async () => {
    const answers: Answer[] = [
      ok(delta('a'), finish('length'), usage, DONE),
      ok(delta('a'), finish('content_filter'), DONE),
      ok(
        delta([{ type: 'text', text: 'part ' }, { type: 'image_url' }, { type: 'text', text: 'two' }]),
        finish('stop'),
        DONE,
      ),
      ok(delta('crlf').replaceAll('\n', '\r\n'), finish('stop').replaceAll('\n', '\r\n'), DONE),
      ok(': a comment\n\n', delta(''), delta(null), delta('x'), finish('tool_calls'), DONE),
    ];
    const euro = Buffer.from(delta('price: 5 €'));
    const cut = euro.indexOf(Buffer.from('€')) + 1; // inside the character's three bytes
    answers.push(ok(euro.subarray(0, cut), { wait: 5 }, euro.subarray(cut), finish('stop'), DONE));
    for (const answer of answers) expect(await parts(lean.model, answer)).toEqual(await parts(sdk, answer));
  });

  it('reports bad chunks, error chunks and a missing finish reason as errors, as the AI SDK', async () => {
    const answers = [
      ok(delta('a'), 'data: {not json\n\n', finish('stop'), DONE),
      ok(
        delta('a'),
        `data: ${JSON.stringify({ error: { message: 'overloaded', type: 'server_error' } })}\n\n`,
      ),
      ok(delta('a'), 'data: {"id":"x"}\n\n', finish('stop'), DONE),
      ok(delta('a'), DONE),
    ];
    for (const answer of answers) {
      const leanParts = await parts(lean.model, answer);
      expect(leanParts).toEqual(await parts(sdk, answer));
      expect(leanParts.errors).toBeGreaterThan(0);
      expect(await same([answer])).toMatchObject({ text: 'a', error: { code: 'bad_gateway:ai' } });
    }
  });

  it('retries 429, 5xx and a broken connection before the first token, and gives up alike', async () => {
    const busy = refused(429, JSON.stringify({ error: { message: 'slow down' } }), { 'retry-after-ms': '5' });
    const broken = refused(500, 'not json');
    const reset: Answer = { steps: ['reset'] };
    const good = ok(delta('fine'), finish('stop'), DONE);
    expect(await same([busy, broken, good])).toMatchObject({ text: 'fine', requests: 3 });
    expect(await same([reset, good])).toMatchObject({ text: 'fine', requests: 2 });
    expect(await same([broken, broken, broken])).toMatchObject({
      requests: 3,
      error: { code: 'bad_gateway:ai', status: 502 },
    });
  });

  it('does not retry refused credentials, or a failure once text has streamed', async () => {
    const credentials = refused(401, JSON.stringify({ error: { message: 'bad key' } }));
    expect(await same([credentials])).toMatchObject({
      requests: 1,
      error: { code: 'bad_gateway:ai_credentials' },
    });
    const cut = ok(delta('partial'), { wait: 5 }, 'reset');
    expect(await same([cut])).toMatchObject({
      text: 'partial',
      requests: 1,
      error: { code: 'bad_gateway:ai' },
    });
  });

  it('fails like the AI SDK when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/v1`;
    await new Promise((resolve) => closed.close(resolve));
    const sdkDown = createOpenAICompatible({
      name: 'openai-compatible',
      baseURL: url,
      fetch: http.fetch,
    }).chatModel('m');
    const leanDown = createOpenAiCompatibleStreamModel(
      { baseURL: url, apiKey: undefined, modelId: 'm' },
      sdkDown,
    );
    const reference = await generate(sdkDown, []);
    expect(reference).toMatchObject({ error: { code: 'unavailable:ai_unreachable' } });
    expect(await generate(leanDown.model, [])).toEqual(reference);
    leanDown.close();
  });

  it('times out alike, before the first token and between tokens', async () => {
    expect(await same([ok('hang')])).toMatchObject({ error: { code: 'timeout:ai' }, requests: 1 });
    const stall = ok(delta('one '), 'hang');
    expect(await same([stall])).toMatchObject({ text: 'one ', error: { code: 'timeout:ai' } });
  });

  it('ends quietly with the text so far when aborted, and frees the connection', async () => {
    const slow = ok(
      delta('one '),
      { wait: 20 },
      delta('two '),
      { wait: 20 },
      delta('three'),
      finish('stop'),
      DONE,
    );
    expect(await same([slow], 1)).toEqual({ text: 'one ', usages: [], requests: 1 });
    expect(await same([ok(delta('next'), finish('stop'), DONE)])).toMatchObject({ text: 'next' });
  });

  it('leaves calls it does not read to the AI SDK model', async () => {
    fallback = ok(delta('from the sdk'), finish('stop'), DONE);
    const { stream } = await lean.model.doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'p' }] }],
      temperature: 0.5,
    });
    await drain(stream);
    expect(bodies.at(-1)).toMatchObject({ body: { temperature: 0.5 } });
  });
});
