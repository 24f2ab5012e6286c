import { pino } from 'pino';

/** A log line as pino wrote it (JSON.parse of one line). */
export interface LogRecord {
  level: number;
  time?: number;
  msg?: string;
  [field: string]: unknown;
}

export interface LogLineStyle {
  /** ANSI colours for the level (a TTY without NO_COLOR). */
  color: boolean;
}

/** pino's flag for a destination that wants each line's level and message before the line itself. */
const METADATA = Symbol.for('pino.metadata');

/** What a line says of itself and of the process: the time and level lead the line, the rest is noise. */
const LEFT_OUT = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'reqId', 'stack']);
const MAX_FIELDS = 10;
/** Long enough for the outbox's links; a value past it is cut with `…`. */
const MAX_VALUE = 300;
const MAX_MESSAGE = 1000;

const LEVEL_COLOURS: Record<string, string> = {
  warn: '33',
  error: '31',
  fatal: '31;1',
  debug: '2',
  trace: '2',
};

/**
 * One log line for a person at a terminal, e.g.
 * `14:03:22 WARN  could not renew an in-flight generation lease  err="Error: timeout" reqId=…`:
 * local time, level, message, then the line's own fields as `key=value` (an error as its type and
 * message, its first cause after `←`; objects one level deep as `key.field=value`; no stack, which the log
 * file keeps). Control characters are shown escaped, never sent to the terminal. No newline.
 */
export function formatLogLine(record: LogRecord, style: LogLineStyle): string {
  const label = pino.levels.labels[record.level] ?? String(record.level);
  const paint = (sgr: string | undefined, text: string) =>
    style.color && sgr ? `\x1b[${sgr}m${text}\x1b[0m` : text;
  const head = `${paint('2', clock(record.time))} ${paint(LEVEL_COLOURS[label], label.toUpperCase().padEnd(5))}`;
  const fields: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (LEFT_OUT.has(key)) continue;
    fields.push(...fieldsOf(key, value, 0));
  }
  if (typeof record.reqId === 'string') fields.push(`reqId=${quoted(record.reqId)}`);
  if (fields.length > MAX_FIELDS) fields.splice(MAX_FIELDS, fields.length, '…');
  const message = cut(safe(typeof record.msg === 'string' ? record.msg : ''), MAX_MESSAGE);
  return [`${head} ${message}`, ...fields.map((field) => paint('2', field))].join('  ').trimEnd();
}

function fieldsOf(key: string, value: unknown, depth: number): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value !== 'object') return [`${key}=${scalar(value)}`];
  if (Array.isArray(value)) {
    const items = value.filter((item) => item === null || typeof item !== 'object').map(scalar);
    return items.length > 0 ? [`${key}=${quoted(items.join(','))}`] : [];
  }
  const fields = value as Record<string, unknown>;
  if (typeof fields.message === 'string' && (typeof fields.type === 'string' || key === 'err')) {
    const code = typeof fields.code === 'string' || typeof fields.code === 'number' ? fields.code : undefined;
    return [
      `${key}=${quoted(errorText(fields))}`,
      ...(code === undefined ? [] : [`${key}.code=${scalar(code)}`]),
    ];
  }
  if (depth > 0) return [];
  return Object.entries(fields).flatMap(([field, inner]) =>
    LEFT_OUT.has(field) ? [] : fieldsOf(`${key}.${field}`, inner, depth + 1),
  );
}

/** `TypeError: message ← cause's message`: a serialized error (logger-options.ts's errorForLog). */
function errorText(err: Record<string, unknown>): string {
  const own = (e: Record<string, unknown>) =>
    typeof e.type === 'string' && e.type !== 'Error' ? `${e.type}: ${e.message}` : String(e.message);
  const cause = err.cause as Record<string, unknown> | undefined;
  return typeof cause?.message === 'string' ? `${own(err)} ← ${own(cause)}` : own(err);
}

function scalar(value: unknown): string {
  return typeof value === 'string' ? quoted(value) : String(value);
}

/** Bare when it is one plain word, else in double quotes (JSON's escapes). */
function quoted(text: string): string {
  const value = cut(safe(text), MAX_VALUE);
  return /^[^\s"'\\]+$/u.test(value) ? value : JSON.stringify(value);
}

/** Control characters and the ones that reorder text, as visible escapes: nothing in a value steers the terminal. */
function safe(text: string): string {
  return text.replace(
    /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu,
    (char) => `\\u${char.codePointAt(0)?.toString(16).padStart(4, '0')}`,
  );
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Local wall-clock time: the operator's terminal, the operator's zone. */
function clock(time: number | undefined): string {
  const date = new Date(time ?? Date.now());
  return Number.isNaN(date.getTime()) ? '--:--:--' : date.toTimeString().slice(0, 8);
}

export interface TerminalLogStream {
  write(line: string): void;
}

/**
 * A pino destination (in a pino.multistream) that prints log lines on the terminal with formatLogLine.
 * pino gives it each line's message first (its metadata flag), so the lines `leaveOut` names (the
 * requests, which the log file keeps) are dropped before anything is parsed or formatted; the others are
 * read back from the JSON pino wrote, redactions applied.
 */
export function terminalLogStream(
  out: { write(text: string): void },
  options: LogLineStyle & { leaveOut: ReadonlySet<string> },
): TerminalLogStream {
  const stream = {
    [METADATA]: true,
    lastMsg: undefined as string | undefined,
    write(line: string) {
      if (stream.lastMsg !== undefined && options.leaveOut.has(stream.lastMsg)) return;
      let record: LogRecord;
      try {
        record = JSON.parse(line) as LogRecord;
      } catch {
        out.write(`${safe(line.trimEnd())}\n`);
        return;
      }
      out.write(`${formatLogLine(record, options)}\n`);
    },
  };
  return stream;
}
