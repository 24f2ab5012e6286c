import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { type FileHandle, link, mkdir, open, opendir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { contentTypeOfKey, type FileStorage, isStorageKey, type StorageExtension } from './file-storage.ts';

/** Files on local disk in one flat directory (DATA_DIR/uploads by default). */
export function createLocalDiskStorage(directory: string): FileStorage {
  const ready = mkdir(directory, { recursive: true });
  const pathOf = (key: string) => join(directory, key);

  return {
    async put(bytes, extension: StorageExtension) {
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
      // Open, then stat the open file: a file replaced or removed meanwhile is read whole or not at all.
      let handle: FileHandle;
      try {
        handle = await open(pathOf(key), 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        return { stream: handle.createReadStream(), size: info.size, contentType: contentTypeOfKey(key) };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    async remove(key) {
      if (!isStorageKey(key)) return;
      await rm(pathOf(key), { force: true });
    },

    async *keys() {
      await ready;
      // Only finished files: `.<key>.partial` and anything else in the directory are not uploads.
      for await (const entry of await opendir(directory)) {
        if (entry.isFile() && isStorageKey(entry.name)) yield entry.name;
      }
    },

    async restore(key, source) {
      if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
      await ready;
      const temporary = pathOf(`.${key}.partial`);
      try {
        await pipeline(source, createWriteStream(temporary, { flags: 'wx', mode: 0o644 }));
        // link, unlike rename, fails when the key exists: a restore never replaces a stored file.
        await link(temporary, pathOf(key));
      } finally {
        await rm(temporary, { force: true });
      }
    },
  };
}
