import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type ParsedMail, parseMail } from '#tests/helpers/mail-message';

/**
 * A real SMTP server in the test process (the `smtp-server` package) that keeps every message it is
 * sent: point SMTP_URL at `url`. It accepts any user name and password (and records them), with no
 * TLS, so `smtp://user:pass@127.0.0.1:<port>` works.
 */
export interface ReceivedMail extends ParsedMail {
  /** The envelope's recipients (RCPT TO). */
  recipients: string[];
  raw: string;
  /** The credentials the client signed in with, if any. */
  auth: { username: string; password: string } | null;
}

export interface FakeSmtpServer {
  /** smtp://user:secret@127.0.0.1:<port> */
  url: string;
  messages: ReceivedMail[];
  /** The next message to `to` not yet taken (waits up to `timeoutMs`). */
  nextMessageTo(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Messages to `to` received so far (taken or not). */
  messagesTo(to: string): ReceivedMail[];
  stop(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtpServer> {
  const messages: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, session, callback) {
      (session as { credentials?: unknown }).credentials = {
        username: auth.username ?? '',
        password: auth.password ?? '',
      };
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          ...parseMail(raw),
          raw,
          recipients: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          auth:
            ((session as { credentials?: ReceivedMail['auth'] }).credentials as ReceivedMail['auth']) ?? null,
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const messagesTo = (to: string) => messages.filter((m) => m.recipients.includes(to.toLowerCase()));
  const untaken = (to: string) => messagesTo(to).find((m) => !taken.has(m));

  return {
    url: `smtp://mailer:smtp-secret@127.0.0.1:${port}`,
    messages,
    messagesTo,
    async nextMessageTo(to, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = untaken(to);
        if (found) {
          taken.add(found);
          return found;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no message to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
