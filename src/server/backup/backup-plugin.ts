import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { newBackupToken, removeBackupTokenFile, writeBackupTokenFile } from './backup-token.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This start's backup token (routes/backup.ts checks it; DATA_DIR/backup-token carries it). */
    backupToken: string;
  }
}

/** The address a command on this machine reaches: a wildcard listen is reached on loopback. */
export function localUrl(addresses: (AddressInfo | string)[]): string | null {
  // A string is a Unix socket or pipe: not an address a URL can name.
  const network = addresses.filter((a): a is AddressInfo => typeof a !== 'string');
  const chosen = network.find((a) => a.family === 'IPv4') ?? network[0];
  if (!chosen) return null;
  const host = chosen.address === '0.0.0.0' ? '127.0.0.1' : chosen.address === '::' ? '::1' : chosen.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${chosen.port}`;
}

/**
 * A new backup token at each start, written with the listening address once the server listens and
 * removed when it closes. Without the file `npm run backup` cannot reach the server; the server runs on.
 */
export const backupPlugin = fp(
  async (app: FastifyInstance) => {
    const token = newBackupToken();
    const dataDir = app.config.DATA_DIR;
    app.decorate('backupToken', token);
    app.addHook('onListen', async () => {
      const url = localUrl(app.addresses());
      if (!url) return;
      try {
        await writeBackupTokenFile(dataDir, {
          url,
          token,
          pid: process.pid,
          startedAt: new Date().toISOString(),
        });
      } catch (err) {
        app.log.warn(
          { err },
          `could not write ${dataDir}/backup-token: npm run backup cannot reach this server`,
        );
      }
    });
    app.addHook('onClose', async () => {
      await removeBackupTokenFile(dataDir, token).catch(() => {});
    });
  },
  { name: 'backup' },
);
