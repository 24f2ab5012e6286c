import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { errorForLog } from '#server/logger-options';
import { formatLogLine, type LogRecord, terminalLogStream } from './terminal-log.ts';

const plain = { color: false };
const ESC = String.fromCharCode(27);
/** 14:03:22 local time. */
const time = new Date(2026, 10, 28, 14, 3, 22).getTime();
const line = (fields: Partial<LogRecord>): LogRecord => ({
  level: 40,
  time,
  pid: 7,
  hostname: 'h',
  ...fields,
});

describe('formatLogLine', () => {
  it('writes the time, the level and the message, then the fields as key=value', () => {
    expect(
      formatLogLine(
        line({ msg: 'invitation counter unavailable', team: 't1', seats: 3, full: false }),
        plain,
      ),
    ).toBe('14:03:22 WARN  invitation counter unavailable  team=t1  seats=3  full=false');
    expect(formatLogLine(line({ level: 30, msg: 'shutting down', signal: 'SIGINT' }), plain)).toBe(
      '14:03:22 INFO  shutting down  signal=SIGINT',
    );
    expect(formatLogLine(line({ level: 50, msg: 'x' }), plain)).toBe('14:03:22 ERROR x');
  });

  it('shows an error as its type and message with its first cause and code, never its stack', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
    const err = errorForLog(new TypeError('fetch failed', { cause }));
    const text = formatLogLine(
      line({ level: 50, msg: 'could not read token revocations', err, reqId: 'r-1' }),
      plain,
    );
    expect(text).toBe(
      '14:03:22 ERROR could not read token revocations  err="TypeError: fetch failed ← connect ECONNREFUSED 127.0.0.1:6379"  reqId=r-1',
    );
    expect(text).not.toContain('at ');
  });

  it('quotes values with spaces, flattens objects one level and keeps a long link whole', () => {
    const link = `http://localhost:3000/api/auth/verify-email?token=${'a'.repeat(180)}&callbackURL=%2F`;
    expect(
      formatLogLine(
        line({
          level: 30,
          msg: 'mail: written to the outbox (SMTP_URL is not set)',
          subject: 'Verify your e-mail address',
          link,
          extraction: { pages: 3, nested: { deep: true }, kinds: ['pdf', 'docx'] },
        }),
        plain,
      ),
    ).toBe(
      `14:03:22 INFO  mail: written to the outbox (SMTP_URL is not set)  subject="Verify your e-mail address"  link=${link}  extraction.pages=3  extraction.kinds=pdf,docx`,
    );
  });

  it('sends no control character to the terminal, whatever a message or value holds', () => {
    const text = formatLogLine(
      line({ msg: `bad ${ESC}[2Jname\u202e`, name: `x${ESC}]0;title\u0007`, c1: '\u009b31m' }),
      plain,
    );
    expect(text).not.toMatch(/[\p{Cc}\u202e]/u);
    expect(text).toContain('bad \\u001b[2Jname\\u202e');
  });

  it('cuts very long values and lists ten fields at most', () => {
    const many = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`f${i}`, i]));
    const text = formatLogLine(line({ msg: 'm', long: 'y'.repeat(1000), ...many }), plain);
    expect(text).toContain(`long=${'y'.repeat(299)}…`);
    expect(text.endsWith('f8=8  …')).toBe(true);
  });

  it('colours the level on a colour terminal', () => {
    expect(formatLogLine(line({ msg: 'm' }), { color: true })).toContain(`${ESC}[33mWARN `);
    expect(formatLogLine(line({ level: 50, msg: 'm' }), { color: true })).toContain(`${ESC}[31mERROR`);
  });
});

describe('terminalLogStream', () => {
  it('drops the lines it leaves out by their message, before reading them, and formats the others', () => {
    const written: string[] = [];
    const stream = terminalLogStream(
      { write: (text) => written.push(text) },
      { color: false, leaveOut: new Set(['request']) },
    );
    const log = pino({ level: 'info', redact: ['password'] }, pino.multistream([{ level: 'info', stream }]));
    const parse = vi.spyOn(JSON, 'parse');
    try {
      for (let i = 0; i < 100; i++) log.info({ method: 'GET', url: '/api/health', status: 200 }, 'request');
      expect(parse).not.toHaveBeenCalled();
      expect(written).toEqual([]);
      log.warn({ user: 'u1', password: 'hunter2' }, 'odd sign-in');
    } finally {
      parse.mockRestore();
    }
    expect(written).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d WARN {2}odd sign-in {2}user=u1 {2}password=\[Redacted\]\n$/),
    ]);
  });
});
