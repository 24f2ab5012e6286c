import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keyFromUploadUrl, uploadUrl } from './file-storage.ts';
import { createLocalDiskStorage } from './local-disk-storage.ts';

describe('local disk storage', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'draftsmith-storage-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('stores, reads back and removes a file under a random key', async () => {
    const storage = createLocalDiskStorage(join(root, 'uploads'));
    const key = await storage.put(new TextEncoder().encode('png bytes'), 'png');
    expect(key).toMatch(/^[0-9a-f-]{36}\.png$/);
    const file = await storage.get(key);
    expect(file?.contentType).toBe('image/png');
    expect(file?.size).toBe(9);
    expect(file ? await text(file.stream) : null).toBe('png bytes');
    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
  });

  it('never reads outside its directory', async () => {
    writeFileSync(join(root, 'secret'), 'do not serve');
    const storage = createLocalDiskStorage(join(root, 'uploads'));
    for (const key of ['../secret', '..%2Fsecret', '/etc/passwd', 'secret', '']) {
      expect(await storage.get(key)).toBeNull();
    }
  });

  it('lists finished files only, and restores a file under its own key without replacing one', async () => {
    const storage = createLocalDiskStorage(join(root, 'uploads'));
    const key = await storage.put(new TextEncoder().encode('a'), 'gif');
    writeFileSync(join(root, 'uploads', `.${key}.partial`), 'half');
    writeFileSync(join(root, 'uploads', 'notes.txt'), 'not an upload');
    const keys = [];
    for await (const k of storage.keys()) keys.push(k);
    expect(keys).toEqual([key]);

    const restored = '0f8fad5b-d9cb-469f-a165-70867728950e.png';
    await storage.restore(restored, Readable.from([Buffer.from('backed up')]));
    const file = await storage.get(restored);
    expect(file ? await text(file.stream) : null).toBe('backed up');
    await expect(storage.restore(restored, Readable.from([Buffer.from('other')]))).rejects.toThrow(/EEXIST/);
    await expect(storage.restore('../escape.png', Readable.from([Buffer.from('x')]))).rejects.toThrow(
      'not a storage key',
    );
    expect(readdirSync(join(root, 'uploads')).sort()).toEqual(
      [`.${key}.partial`, restored, key, 'notes.txt'].sort(),
    );
  });

  it('recognises only its own upload URLs', () => {
    const key = '0f8fad5b-d9cb-469f-a165-70867728950e.webp';
    expect(keyFromUploadUrl(uploadUrl(key))).toBe(key);
    expect(keyFromUploadUrl('https://avatars.example.test/a.png')).toBeNull();
    expect(keyFromUploadUrl('/api/uploads/../auth-secret')).toBeNull();
    expect(keyFromUploadUrl(null)).toBeNull();
  });
});
