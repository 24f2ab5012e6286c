import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTBOX_KEEP_MS, pruneOutbox } from './mailer.ts';

describe('pruneOutbox', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('removes messages older than the cut-off and leaves newer ones and other files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    dirs.push(dir);
    const now = Date.now();
    const old = new Date(now - OUTBOX_KEEP_MS - 60_000);
    for (const name of ['old.eml', 'new.eml', 'notes.txt']) writeFileSync(join(dir, name), 'x');
    utimesSync(join(dir, 'old.eml'), old, old);
    utimesSync(join(dir, 'notes.txt'), old, old);
    await pruneOutbox(dir, now - OUTBOX_KEEP_MS);
    expect(readdirSync(dir).sort()).toEqual(['new.eml', 'notes.txt']);
  });

  it('does nothing when there is no outbox yet', async () => {
    await expect(pruneOutbox(join(tmpdir(), 'no-such-outbox-dir'), Date.now())).resolves.toBeUndefined();
  });
});
