import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, defaultMailFrom, type Mailer } from './mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing e-mail: SMTP_URL's server, or DATA_DIR/outbox without it. */
    mailer: Mailer;
  }
}

/** Decorates `app.mailer`; on close it waits for the messages still being sent. */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL ?? null,
      from: config.MAIL_FROM ?? defaultMailFrom(config.publicUrl),
      outboxDir: join(config.DATA_DIR, 'outbox'),
      log: app.log,
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mailer' },
);
