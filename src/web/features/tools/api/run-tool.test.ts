import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#web/lib/api-client.ts';
import { GenerationStreamError } from '#web/lib/generation-stream.ts';
import { buildToolBody, runTool } from './run-tool.ts';

function sseResponse(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

const fakeFetch = (response: Response) =>
  vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => response);

describe('runTool', () => {
  it('streams deltas, passes other events on and resolves with the done payload', async () => {
    const fetchImpl = fakeFetch(
      sseResponse([
        'event: start\ndata: {"generationId":"g1"}\n\n',
        'event: delta\ndata: {"text":"Hel',
        'lo"}\n\nevent: delta\ndata: {"text":" world"}\n\n',
        'event: done\ndata: {"article":"Hello world","historyId":"h1"}\n\n',
      ]),
    );
    const deltas: string[] = [];
    const others: string[] = [];
    const result = await runTool({
      path: '/api/generate-article',
      body: { topic: 'Tea' },
      onDelta: (t) => deltas.push(t),
      onEvent: (e) => others.push(e.event),
      fetchImpl,
    });
    expect(deltas).toEqual(['Hello', ' world']);
    expect(others).toEqual(['start']);
    expect(result).toEqual({ article: 'Hello world', historyId: 'h1' });
    const init = fetchImpl.mock.calls[0]![1]!;
    expect(new Headers(init.headers).get('accept')).toBe('text/event-stream');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(init.body).toBe('{"topic":"Tea"}');
  });

  it('sends FormData without a JSON content type', async () => {
    const fetchImpl = fakeFetch(sseResponse(['event: done\ndata: {"summary":"s","historyId":"h"}\n\n']));
    const form = buildToolBody('multipart', { text: 'abc' });
    await runTool({ path: '/api/doc-summarizer', body: form, onDelta: () => {}, fetchImpl });
    const init = fetchImpl.mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).has('content-type')).toBe(false);
  });

  it('throws ApiError with the server message for a non-2xx reply', async () => {
    const body = JSON.stringify({
      error: { code: 'unavailable:ai', message: 'AI model is downloading (4 %)' },
    });
    const fetchImpl = fakeFetch(new Response(body, { status: 503 }));
    const run = runTool({ path: '/api/x', body: {}, onDelta: () => {}, fetchImpl });
    await expect(run).rejects.toBeInstanceOf(ApiError);
    await expect(run).rejects.toMatchObject({ status: 503, message: 'AI model is downloading (4 %)' });
  });

  it('throws GenerationStreamError on an error event, after the deltas before it', async () => {
    const fetchImpl = fakeFetch(
      sseResponse([
        'event: delta\ndata: {"text":"a"}\n\nevent: error\ndata: {"code":"bad_gateway:ai","message":"Provider failed"}\n\n',
      ]),
    );
    const deltas: string[] = [];
    const run = runTool({ path: '/api/x', body: {}, onDelta: (t) => deltas.push(t), fetchImpl });
    await expect(run).rejects.toEqual(new GenerationStreamError('bad_gateway:ai', 'Provider failed'));
    expect(deltas).toEqual(['a']);
  });

  it('fails when the stream ends without a result', async () => {
    const fetchImpl = fakeFetch(sseResponse(['event: delta\ndata: {"text":"a"}\n\n']));
    await expect(runTool({ path: '/api/x', body: {}, onDelta: () => {}, fetchImpl })).rejects.toThrow(
      'The reply ended before the result arrived',
    );
  });

  it('reports progress events and resolves with the stopped summary of a long document', async () => {
    const fetchImpl = fakeFetch(
      sseResponse([
        'event: start\ndata: {"generationId":"g1","historyId":"g1"}\n\n',
        'event: progress\ndata: {"stage":"extracting","done":1,"total":1,"message":"Read “a.pdf” (40 pages)"}\n\n',
        'event: progress\ndata: {"stage":"summarizing","done":3,"total":12,"message":"Summarizing part 3 of 12"}\n\n',
        'event: progress\ndata: {"stage":"mystery","done":1,"total":1,"message":"?"}\n\n',
        'event: done\ndata: {"summary":"Parts 1–3","historyId":"g1","status":"stopped"}\n\n',
      ]),
    );
    const messages: string[] = [];
    const others: string[] = [];
    const result = await runTool({
      path: '/api/doc-summarizer',
      body: new FormData(),
      onDelta: () => {},
      onProgress: (p) => messages.push(`${p.stage} ${p.done}/${p.total}: ${p.message}`),
      onEvent: (e) => others.push(e.event),
      fetchImpl,
    });
    expect(messages).toEqual([
      'extracting 1/1: Read “a.pdf” (40 pages)',
      'summarizing 3/12: Summarizing part 3 of 12',
    ]);
    expect(others).toEqual(['start']);
    expect(result).toEqual({ summary: 'Parts 1–3', historyId: 'g1', status: 'stopped' });
  });

  it('accepts a plain JSON reply', async () => {
    const fetchImpl = fakeFetch(
      new Response('{"email":"Hi","historyId":"h"}', { headers: { 'content-type': 'application/json' } }),
    );
    await expect(runTool({ path: '/api/x', body: {}, onDelta: () => {}, fetchImpl })).resolves.toEqual({
      email: 'Hi',
      historyId: 'h',
    });
  });
});

describe('buildToolBody', () => {
  it('leaves blank fields out of JSON and multipart bodies', () => {
    expect(buildToolBody('json', { code: 'x', language: 'rust', note: ' ' })).toEqual({
      code: 'x',
      language: 'rust',
    });
    const form = buildToolBody('multipart', {
      text: 'r',
      jobDescription: '',
      tone: 'formal',
      role: undefined,
    });
    expect(form).toBeInstanceOf(FormData);
    expect([...(form as FormData).keys()]).toEqual(['text', 'tone']);
  });

  it('sends the document as the multipart file part, under its own name, only when it has bytes', () => {
    const pdf = new File(['%PDF-1.7 body'], 'report.pdf', { type: 'application/pdf' });
    const form = buildToolBody('multipart', { file: pdf, text: '' }) as FormData;
    expect([...form.keys()]).toEqual(['file']);
    const sent = form.get('file') as File;
    expect(sent.name).toBe('report.pdf');
    expect(sent.size).toBe(pdf.size);

    const empty = new File([], 'empty.txt', { type: 'text/plain' });
    const withoutFile = buildToolBody('multipart', { file: empty, text: 'pasted' }) as FormData;
    expect([...withoutFile.keys()]).toEqual(['text']);
  });

  it('always sends the resume tone, and the other resume fields only when filled in', () => {
    const cv = new File(['Jane Doe'], 'cv.txt', { type: 'text/plain' });
    const form = buildToolBody('multipart', {
      file: cv,
      tone: 'professional',
      role: '',
      jobDescription: 'React',
    });
    expect([...(form as FormData).keys()]).toEqual(['tone', 'jobDescription', 'file']);
  });
});
