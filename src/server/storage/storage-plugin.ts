import { join, resolve } from 'node:path';
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

/**
 * Where uploads live: UPLOADS_DIR when set (one directory several instances share, e.g. a volume),
 * else DATA_DIR/uploads. Relative paths are taken from the working directory, as DATA_DIR's are.
 */
export function uploadsDirectory(dataDir: string, uploadsDir: string | undefined): string {
  return resolve(uploadsDir ?? join(dataDir, 'uploads'));
}

/** The uploads in `directory` (uploadsDirectory's): local disk, for the server, backups and restores. */
export function uploadsStorage(directory: string): FileStorage {
  return createLocalDiskStorage(directory);
}

/** Decorates `app.fileStorage`. */
export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    const { DATA_DIR, UPLOADS_DIR } = app.config;
    app.decorate('fileStorage', uploadsStorage(uploadsDirectory(DATA_DIR, UPLOADS_DIR)));
  },
  { name: 'file-storage' },
);
