import { test } from '@playwright/test';
import { type FakeSmtpServer, startFakeSmtp } from '#tests/fakes/smtp-server';
import { type OwnServer, startOwnServer } from './app-server.ts';

export interface MailServer {
  /** The fake SMTP server the app's mail goes to. */
  smtp: FakeSmtpServer;
  /** The app server's address. */
  base: string;
}

/**
 * For a describe block: its own app server (startOwnServer, `name`, `env` and `host`) whose SMTP_URL points at
 * a fake SMTP server in this process, started before its tests and stopped after. Read the fields
 * inside the tests.
 */
export function useMailServer(name: string, env: Record<string, string> = {}, host?: string): MailServer {
  const state = {} as MailServer & { server?: OwnServer };
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    state.smtp = await startFakeSmtp();
    state.server = await startOwnServer({ name, host, env: { SMTP_URL: state.smtp.url, ...env } });
    state.base = state.server.base;
  });
  test.afterAll(async () => {
    await state.server?.stop();
    await state.smtp?.stop();
  });
  return state;
}
