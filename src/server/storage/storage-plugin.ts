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

/** Decorates `app.fileStorage`: local disk under DATA_DIR/uploads. */
export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('fileStorage', createLocalDiskStorage(join(app.config.DATA_DIR, 'uploads')));
  },
  { name: 'file-storage' },
);
