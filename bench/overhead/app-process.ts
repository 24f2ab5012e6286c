import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createUser } from '#tests/factories/user';
import { createTestApp } from '#tests/helpers/test-app';
import type { TestDatabaseKind } from '#tests/helpers/test-database';

/** What the benchmark asks the Draftsmith process (over IPC): a CPU profile of a phase. */
export interface ProfileCommand {
  type: 'profile-start' | 'profile-stop';
  file: string;
}

/**
 * Draftsmith in a process of its own, on a fresh database, with one user who sends every request.
 * Prints `{url, authorization}`, then profiles the phases the benchmark asks it to (over IPC).
 */
export async function serveApp(database: TestDatabaseKind, fakeUrl: string, concurrent: number) {
  const t = await createTestApp(database, {
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fakeUrl,
    AI_MODEL: 'bench-model',
    // One user sends every request, `concurrent` of them at once: lift the per-user limits.
    AI_MAX_IN_FLIGHT_PER_USER: String(concurrent),
    AI_RATE_LIMIT_PER_USER: '0',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const user = await createUser(t.app);
  const profiler = new Session();
  process.on('message', async (command: ProfileCommand) => {
    if (command.type === 'profile-start') {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
      process.send?.({ started: true });
    } else {
      const { profile } = await profiler.post('Profiler.stop');
      profiler.disconnect();
      writeFileSync(command.file, JSON.stringify(profile));
      process.send?.({ written: command.file });
    }
  });
  process.once('disconnect', () => void t.close().then(() => process.exit(0)));
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  console.log(JSON.stringify({ url, authorization: user.headers.authorization }));
}

export const profileFile = (dir: string, label: string) => join(dir, `draftsmith-${label}.cpuprofile`);
