import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeOpenAiServer, type FakeReply, startFakeOpenAi } from '#tests/fakes/openai-server';

/**
 * The AI provider of the end-to-end run: one OpenAI-compatible endpoint in front of fake model
 * servers (tests/fakes/openai-server.ts). Tests run in parallel, so a test scripts its reply under a
 * marker (`POST /__script {marker, reply}`) and puts the marker in its input; a chat request whose
 * messages contain the marker is answered by that script's fake, anything else by the default fake.
 */
export interface AiRouter {
  /** AI_BASE_URL for the app server (ends in /v1). */
  url: string;
  /** Where tests send their scripts. */
  controlUrl: string;
  close: () => Promise<void>;
}

/** The default answer streams in small pieces, slowly enough to be watched. */
export const DEFAULT_E2E_REPLY: FakeReply = {
  text: '## Result\n\nThis is the **fake model** answering the end-to-end tests, one word at a time.',
  chunkDelayMs: 15,
};

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function forward(target: string, req: IncomingMessage, body: Buffer, res: ServerResponse) {
  const url = new URL(req.url ?? '/', target);
  const upstream = httpRequest(
    url,
    { method: req.method, headers: { ...req.headers, host: url.host, 'content-length': body.length } },
    (reply) => {
      res.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  res.on('close', () => upstream.destroy());
  upstream.end(body);
}

export async function startAiRouter(): Promise<AiRouter> {
  const fallback = await startFakeOpenAi(DEFAULT_E2E_REPLY);
  const scripted = new Map<string, FakeOpenAiServer>();

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (req.method === 'POST' && req.url === '/__script') {
      const { marker, reply, first } = JSON.parse(body.toString('utf8')) as {
        marker: string;
        reply: FakeReply;
        first?: FakeReply[];
      };
      const fake = scripted.get(marker) ?? (await startFakeOpenAi());
      fake.setDefault(reply);
      // Replies to the marker's next requests, in order, before `reply` (several drafts of one e-mail).
      if (first?.length) fake.enqueue(...first);
      scripted.set(marker, fake);
      res.writeHead(204).end();
      return;
    }
    const text = body.toString('utf8');
    const marker = [...scripted.keys()].find((m) => text.includes(m));
    const fake = marker ? scripted.get(marker)! : fallback;
    forward(fake.url.replace(/\/v1$/, ''), req, body, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/v1`,
    controlUrl: `${origin}/__script`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([fallback, ...scripted.values()].map((f) => f.close()));
    },
  };
}
