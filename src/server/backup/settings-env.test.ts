import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatSettingsEnv, settingsEnvProblem } from './settings-env.ts';

const NAMES = ['PORT', 'DATA_DIR', 'AI_API_KEY', 'PUBLIC_URL', 'TRUST_PROXY'];

describe('settings.env', () => {
  it('writes what a shell reads back exactly, quotes and all, without DATA_DIR', () => {
    const environment = {
      PORT: '3000',
      DATA_DIR: '/srv/draftsmith',
      AI_API_KEY: `it's $(echo expanded) \`echo run\` "quoted" \\ back $HOME`,
      PUBLIC_URL: 'https://draftsmith.example.com/',
      TRUST_PROXY: '127.0.0.1, 10.0.0.0/8',
    };
    const text = formatSettingsEnv(environment, '2026-11-23T00:00:00.000Z');
    expect(settingsEnvProblem(text, NAMES)).toBeNull();
    expect(text).not.toContain('DATA_DIR');
    const file = join(mkdtempSync(join(tmpdir(), 'draftsmith-settings-')), 'settings.env');
    writeFileSync(file, text);
    const script = `set -a; . "${file}"; set +a; printf '%s\\n' "$AI_API_KEY" "$TRUST_PROXY" "$PORT"`;
    const printed = execFileSync('sh', ['-c', script], { env: {} }).toString();
    rmSync(dirname(file), { recursive: true });
    expect(printed).toBe(`${environment.AI_API_KEY}\n${environment.TRUST_PROXY}\n3000\n`);
  });

  it('leaves out a value that spans lines, saying so', () => {
    const text = formatSettingsEnv({ AI_API_KEY: 'a\nb' }, 'now');
    expect(text).toContain('# AI_API_KEY not recorded: its value spans several lines');
    expect(settingsEnvProblem(text, NAMES)).toBeNull();
  });

  it('accepts nothing a shell would expand or run', () => {
    for (const line of [
      'PORT=$(id)',
      'PORT="$(id)"',
      'PORT=`id`',
      'PORT=a;id',
      "PORT='a'$(id)''",
      'PORT=~/x',
    ]) {
      expect(settingsEnvProblem(`${line}\n`, NAMES), line).toMatch(/^line 1 is not a NAME=value setting$/);
    }
    expect(settingsEnvProblem('EVIL=1\n', NAMES)).toBe('line 1 sets EVIL, which Draftsmith does not read');
    expect(settingsEnvProblem('DATA_DIR=/x\n', NAMES)).toBe(
      'line 1 sets DATA_DIR, which Draftsmith does not read',
    );
  });
});
