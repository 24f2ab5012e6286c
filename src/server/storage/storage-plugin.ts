import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FileStorage } from './file-storage.ts';
import { createLocalDiskStorage } from './local-disk-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files (profile photos). */
    fileStorage: FileStorage;
  }
}

/** The uploads of a data directory: local disk under DATA_DIR/uploads (also for backups and restores). */
export function dataDirStorage(dataDir: string): FileStorage {
  return createLocalDiskStorage(join(dataDir, 'uploads'));
}

/** Decorates `app.fileStorage`. */
export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('fileStorage', dataDirStorage(app.config.DATA_DIR));
  },
  { name: 'file-storage' },
);
