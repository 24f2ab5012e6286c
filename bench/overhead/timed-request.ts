import { Agent, request } from 'node:http';

/** One streamed request: time to the first chunk holding the marker, to the end, and whether it went well. */
export interface Timing {
  ttft: number;
  total: number;
  ok: boolean;
}

export interface StreamedCall {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** What the first token's chunk holds (`"content"` from the provider, `event: delta` from Draftsmith). */
  marker: string;
  /** What only a complete answer holds (`data: [DONE]`, `event: done`). */
  end: string;
}

/** A streamed chat completion straight to an OpenAI-compatible model at `base` (or through a proxy of it). */
export const modelCall = (base: string): StreamedCall => ({
  url: `${base}/chat/completions`,
  headers: { accept: 'text/event-stream' },
  body: {
    model: 'bench-model',
    stream: true,
    stream_options: { include_usage: true },
    messages: [
      { role: 'system', content: 'You are a writer.' },
      { role: 'user', content: 'Write about benchmarks' },
    ],
  },
  marker: '"content"',
  end: 'data: [DONE]',
});

/** The same call through Draftsmith at `url`, as one account (a bearer token). */
export const draftsmithCall = (url: string, authorization: string): StreamedCall => ({
  url: `${url}/api/generate-article`,
  headers: { authorization, accept: 'text/event-stream' },
  body: { topic: 'Write about benchmarks' },
  marker: 'event: delta',
  end: 'event: done',
});

/** Enough kept-alive sockets for every concurrent stream: no connection is opened while timing. */
export const clientAgent = new Agent({ keepAlive: true, maxSockets: 256 });

/** POSTs the call and times the first chunk containing its marker and the end of the response. */
export function timed(call: StreamedCall): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(call.body);
    const start = performance.now();
    let ttft = -1;
    let text = '';
    const req = request(
      call.url,
      {
        method: 'POST',
        agent: clientAgent,
        headers: {
          ...call.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          if (ttft < 0 && text.includes(call.marker)) ttft = performance.now() - start;
        });
        res.on('end', () => {
          const ok =
            res.statusCode === 200 && ttft >= 0 && text.includes(call.end) && !text.includes('event: error');
          resolve({ ttft, total: performance.now() - start, ok });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The p-th percentile (nearest rank, 0 < p ≤ 100) of the values; NaN for none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
