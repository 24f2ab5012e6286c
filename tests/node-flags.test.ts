import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startScriptNodeFlags } from '#bench/scale/instances';

/** The server's Node flags (ADR 0023) are written twice: npm start's command and the image's CMD. */
describe('the server process Node flags', () => {
  it('are the same for `npm start` and the Docker image', () => {
    const flags = startScriptNodeFlags();
    expect(flags).toEqual(expect.arrayContaining(['--liftoff-only']));
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1];
    expect(cmd, 'Dockerfile has a CMD in exec form').toBeDefined();
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...flags, 'dist/server/server.js']);
  });
});
