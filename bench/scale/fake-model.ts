import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type FakeReply, startFakeOpenAi } from '#tests/fakes/openai-server';

/** The fake OpenAI-compatible model in a process of its own, so the suite's load never slows its chunks. */
export interface FakeModelProcess {
  /** AI_BASE_URL for the instances. */
  url: string;
  /** The reply to every later request (text in chunks, the delay between them). */
  setReply(reply: FakeReply): Promise<void>;
  stop(): Promise<void>;
}

export async function startFakeModelProcess(reply: FakeReply): Promise<FakeModelProcess> {
  const child: ChildProcess = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const next = async () => ((await once(lines, 'line')) as [string])[0];
  const send = async (value: FakeReply) => {
    child.stdin!.write(`${JSON.stringify(value)}\n`);
    if ((await next()) !== 'ok') throw new Error('the fake model did not take its reply');
  };
  const { url } = JSON.parse(await next()) as { url: string };
  await send(reply);
  return {
    url,
    setReply: send,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

/** In the child: serves the fake, prints its URL, then takes one reply (JSON) per line on stdin. */
async function serve() {
  const fake = await startFakeOpenAi();
  console.log(JSON.stringify({ url: fake.url }));
  for await (const line of createInterface({ input: process.stdin })) {
    fake.setDefault(JSON.parse(line) as FakeReply);
    console.log('ok');
  }
  // stdin closed: the suite is gone.
  await fake.close();
  process.exit(0);
}

if (process.argv[2] === '--serve') await serve();
