import { type FakeOpenAiServer, startFakeOpenAi } from '#tests/fakes/openai-server';
import { createTestApp, type TestApp } from './test-app.ts';
import type { TestDatabaseKind } from './test-database.ts';

/**
 * A test app whose AI provider is a fake OpenAI-compatible server in this process (model `fake-model`);
 * `env` adds settings or overrides these. Close both when done.
 */
export async function createFakeModelApp(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
): Promise<{ t: TestApp; fake: FakeOpenAiServer }> {
  const fake = await startFakeOpenAi();
  try {
    const t = await createTestApp(kind, {
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: fake.url,
      AI_MODEL: 'fake-model',
      ...env,
    });
    return { t, fake };
  } catch (err) {
    await fake.close();
    throw err;
  }
}
