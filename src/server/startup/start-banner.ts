import type { AiStatus } from '#shared/ai-status';

/** What the start banner shows, read from the running server (banner-terminal.ts takes it). */
export interface BannerSnapshot {
  /** Where to open Draftsmith: PUBLIC_URL when set, else every address the server listens on. */
  open: string[];
  /** With PUBLIC_URL set (a reverse proxy in front), the addresses the server itself listens on. */
  listening: string[];
  /** Absolute. */
  dataDir: string;
  /** `location`: host:port/database of DATABASE_URL, never its password. */
  database: { kind: 'pglite' } | { kind: 'postgres'; location: string };
  /** The log file, when the log goes to the terminal readably (startup/log-output.ts): absolute. */
  logFile?: string;
  ai: AiStatus;
  /** Download speed while downloading, when measured. */
  bytesPerSecond?: number | null;
}

export interface BannerStyle {
  /** Columns to fill at most (the terminal's width); long values wrap under their label. */
  width: number;
  /** ANSI colours (a TTY without NO_COLOR). */
  color: boolean;
}

const LABEL_WIDTH = 10;
const INDENT = '  ';
const BAR_WIDTH = 20;
const MB = 1024 * 1024;

/** The whole banner: the server's part, then the AI part (aiLines), one string per terminal line. */
export function bannerLines(snapshot: BannerSnapshot, style: BannerStyle): string[] {
  const paint = painter(style.color);
  const rows: Row[] = [];
  snapshot.open.forEach((url, i) => {
    rows.push({ label: i === 0 ? 'Open' : '', text: url, tone: 'url' });
  });
  snapshot.listening.forEach((url, i) => {
    rows.push({ label: i === 0 ? 'Listening' : '', text: url });
  });
  if (snapshot.database.kind === 'pglite') {
    rows.push({ label: 'Data', text: snapshot.dataDir });
    rows.push({ label: 'Database', text: 'embedded PostgreSQL (PGlite), in DATA_DIR' });
  } else {
    rows.push({
      label: 'Data',
      text: `PostgreSQL at ${snapshot.database.location}; files in ${snapshot.dataDir}`,
    });
    rows.push({ label: 'Database', text: 'PostgreSQL' });
  }
  if (snapshot.logFile) rows.push({ label: 'Log', text: `${snapshot.logFile} (requests included)` });
  return [
    paint('bold', 'Draftsmith is running') + paint('dim', ' (Ctrl+C to stop)'),
    ...rows.flatMap((row) => renderRow(row, style)),
    ...aiLines(snapshot, style),
  ];
}

/** The AI part alone: printed again on a change when the banner is not redrawn in place. */
export function aiLines(snapshot: BannerSnapshot, style: BannerStyle): string[] {
  const { ai } = snapshot;
  const rows: Row[] = [{ label: 'AI', text: `${ai.provider} · ${ai.model}` }, stateRow(snapshot)];
  const next = nextStep(ai);
  if (next) rows.push({ label: 'Next', text: next });
  return rows.flatMap((row) => renderRow(row, style));
}

/** Ready, or on disk and loaded by the first request. */
function isUsable(ai: AiStatus): boolean {
  return ai.state === 'ready' || ai.state === 'unloaded';
}

type Tone = 'url' | 'good' | 'busy' | 'bad';
interface Row {
  label: string;
  text: string;
  tone?: Tone;
}

function stateRow({ ai, bytesPerSecond }: BannerSnapshot): Row {
  switch (ai.state) {
    case 'idle':
      return { label: '', text: 'starting…', tone: 'busy' };
    case 'downloading': {
      const received = ai.receivedBytes ?? 0;
      const sizes =
        ai.totalBytes === undefined
          ? `${megabytes(received)} MB`
          : `${megabytes(received)} / ${megabytes(ai.totalBytes)} MB`;
      const percent =
        ai.percent ??
        (ai.totalBytes ? Math.min(99, Math.floor((received / ai.totalBytes) * 100)) : undefined);
      const bar = percent === undefined ? '' : ` ${progressBar(percent)} ${percent} %`;
      const rate = bytesPerSecond ? `  ${megabytes(bytesPerSecond)} MB/s` : '';
      return { label: '', text: `downloading${bar}  ${sizes}${rate}`, tone: 'busy' };
    }
    case 'unloaded':
      return { label: '', text: 'ready (loads into memory on first use)', tone: 'good' };
    case 'loading':
      return { label: '', text: 'loading into memory…', tone: 'busy' };
    case 'ready':
      return { label: '', text: 'ready', tone: 'good' };
    case 'failed':
      return { label: '', text: `failed: ${ai.reason ?? 'unknown reason'}${retryNote(ai)}`, tone: 'bad' };
  }
}

function retryNote(ai: AiStatus): string {
  if (ai.retry === 'automatic' && ai.retryAt) return ` (tried again at ${clockTime(ai.retryAt)})`;
  if (ai.retry === 'automatic') return ' (tried again by itself)';
  if (ai.retry === 'on-request') return ' (tried again when a tool is used)';
  return '';
}

function nextStep(ai: AiStatus): string | null {
  if (ai.state === 'failed') return ai.advice ?? null;
  if (isUsable(ai)) return null;
  return 'You can sign up now: the tools answer once the model is ready.';
}

/** `[########------------]` for a percentage. */
export function progressBar(percent: number): string {
  const filled = Math.round((Math.min(Math.max(percent, 0), 100) / 100) * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
}

function megabytes(bytes: number): string {
  return (bytes / MB).toFixed(1);
}

/** Local wall-clock time (HH:MM:SS) of an ISO instant: the operator's terminal, the operator's zone. */
function clockTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toTimeString().slice(0, 8);
}

/** A label and its value, the value wrapped at word boundaries under itself to fit the width. */
function renderRow(row: Row, style: BannerStyle): string[] {
  const paint = painter(style.color);
  const valueWidth = Math.max(style.width - INDENT.length - LABEL_WIDTH, 20);
  return wrap(row.text, valueWidth).map((part, i) => {
    const label = (i === 0 ? row.label : '').padEnd(LABEL_WIDTH);
    return `${INDENT}${paint('dim', label)}${row.tone ? paint(row.tone, part) : part}`;
  });
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    for (const piece of chunks(word, width)) {
      if (line && line.length + 1 + piece.length > width) {
        lines.push(line);
        line = piece;
      } else {
        line = line ? `${line} ${piece}` : piece;
      }
    }
  }
  lines.push(line);
  return lines;
}

/** A word longer than the width (a URL, a path) is cut, so no line is wider than the terminal. */
function chunks(word: string, width: number): string[] {
  const parts: string[] = [];
  for (let i = 0; i < word.length; i += width) parts.push(word.slice(i, i + width));
  return parts.length > 0 ? parts : [''];
}

const SGR: Record<Tone | 'bold' | 'dim', string> = {
  bold: '1',
  dim: '2',
  url: '36',
  good: '32',
  busy: '33',
  bad: '31',
};

function painter(color: boolean) {
  return (tone: keyof typeof SGR, text: string) =>
    color && text.trim() ? `\x1b[${SGR[tone]}m${text}\x1b[0m` : text;
}
