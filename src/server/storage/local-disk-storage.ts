import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { contentTypeOfKey, type FileStorage, type ImageExtension, isStorageKey } from './file-storage.ts';

/** Files on local disk in one flat directory (DATA_DIR/uploads by default). */
export function createLocalDiskStorage(directory: string): FileStorage {
  const ready = mkdir(directory, { recursive: true });
  const pathOf = (key: string) => join(directory, key);

  return {
    async put(bytes, extension: ImageExtension) {
      await ready;
      const key = `${randomUUID()}.${extension}`;
      // Write then rename, so a reader never sees a half-written file.
      const temporary = pathOf(`.${key}.partial`);
      await writeFile(temporary, bytes, { mode: 0o644 });
      await rename(temporary, pathOf(key));
      return key;
    },

    async get(key) {
      if (!isStorageKey(key)) return null;
      await ready;
      try {
        const info = await stat(pathOf(key));
        if (!info.isFile()) return null;
        return { stream: createReadStream(pathOf(key)), size: info.size, contentType: contentTypeOfKey(key) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },

    async remove(key) {
      if (!isStorageKey(key)) return;
      await rm(pathOf(key), { force: true });
    },
  };
}
