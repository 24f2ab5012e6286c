import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { uploadsDirectory } from './storage-plugin.ts';

describe('uploadsDirectory', () => {
  it('is DATA_DIR/uploads unless UPLOADS_DIR names another, relative paths taken from the working directory', () => {
    expect(uploadsDirectory('/srv/data', undefined)).toBe('/srv/data/uploads');
    expect(uploadsDirectory('/srv/data', '/mnt/shared/uploads')).toBe('/mnt/shared/uploads');
    expect(uploadsDirectory('./data', undefined)).toBe(resolve('data', 'uploads'));
    expect(uploadsDirectory('/srv/data', 'shared')).toBe(join(process.cwd(), 'shared'));
  });
});
