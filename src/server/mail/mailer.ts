import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The message's link, logged when the message goes to the outbox (no SMTP server to send it). */
  link?: string;
}

export interface Mailer {
  /** Where messages go: an SMTP server (SMTP_URL) or `DATA_DIR/outbox`. */
  readonly delivery: 'smtp' | 'outbox';
  /**
   * Sends one message. Never throws: a failure is logged and answered false, so a caller cannot tell
   * (nor tell anyone else) more than that.
   */
  send(message: MailMessage): Promise<boolean>;
  /** Waits for the messages still being sent, then closes the SMTP connection. */
  close(): Promise<void>;
}

export interface MailerOptions {
  /** smtp:// or smtps:// with credentials; null writes each message to `outboxDir` instead. */
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}

/** An SMTP server that does not answer within these is given up on (the message is logged as failed). */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** `2025-01-31T12-00-00-000Z-1a2b3c4d.eml`: sorts by time, never collides. */
export function outboxFileName(now: Date, id: string): string {
  return `${now.toISOString().replaceAll(':', '-').replace('.', '-')}-${id}.eml`;
}

/**
 * The mail adapter (nodemailer). With SMTP_URL messages go to that server; without it each one is
 * written to `DATA_DIR/outbox/<time>-<id>.eml` (a complete RFC 5322 message any mail client opens)
 * and its link is logged, so a single-machine install can still reset a password.
 */
/** How long an outbox message is kept: every link in it has expired by then (a day at most). */
export const OUTBOX_KEEP_MS = 7 * 24 * 3600_000;

/** Removes outbox messages written before `before` (ms): expired links do not pile up in DATA_DIR. */
export async function pruneOutbox(outboxDir: string, before: number): Promise<void> {
  const names = await readdir(outboxDir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    const path = join(outboxDir, name);
    const info = await stat(path).catch(() => null);
    if (info && info.mtimeMs < before) await rm(path, { force: true });
  }
}

export function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer {
  // nodemailer is loaded with the first message, not at every start (issue 15: memory at rest).
  let transport: Promise<Transporter> | undefined;
  const mailTransport = () => {
    transport ??= import('nodemailer').then(({ createTransport }) =>
      smtpUrl
        ? createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }, { from })
        : createTransport({ streamTransport: true, buffer: true }, { from }),
    );
    return transport;
  };
  const pending = new Set<Promise<boolean>>();

  async function toOutbox({ to, subject, text, html, link }: MailMessage): Promise<void> {
    const info = await (await mailTransport()).sendMail({ to, subject, text, html });
    await mkdir(outboxDir, { recursive: true, mode: 0o700 });
    const file = join(outboxDir, outboxFileName(new Date(), randomBytes(4).toString('hex')));
    // The message carries a working link: readable by the server's user only.
    await writeFile(file, info.message as Buffer, { mode: 0o600 });
    log.info({ to, subject, file, link }, 'mail: written to the outbox (SMTP_URL is not set)');
    await pruneOutbox(outboxDir, Date.now() - OUTBOX_KEEP_MS);
  }

  async function deliver(message: MailMessage): Promise<boolean> {
    try {
      if (smtpUrl) {
        const { to, subject, text, html } = message;
        await (await mailTransport()).sendMail({ to, subject, text, html });
        log.info({ subject }, 'mail: sent');
      } else {
        await toOutbox(message);
      }
      return true;
    } catch (err) {
      log.error({ err, subject: message.subject, delivery: smtpUrl ? 'smtp' : 'outbox' }, 'mail: not sent');
      return false;
    }
  }

  return {
    delivery: smtpUrl ? 'smtp' : 'outbox',
    send(message) {
      const sending = deliver(message);
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
      return sending;
    },
    async close() {
      await Promise.allSettled([...pending]);
      (await transport?.catch(() => undefined))?.close();
    },
  };
}

/** MAIL_FROM's default: `Draftsmith <no-reply@<PUBLIC_URL's host>>`. */
export function defaultMailFrom(publicUrl: string): string {
  return `Draftsmith <no-reply@${new URL(publicUrl).hostname}>`;
}
