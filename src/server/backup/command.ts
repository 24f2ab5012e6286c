import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_DATA_DIR } from '#server/config/config';
import { ArchiveError } from './archive-reader.ts';

/** A failure the person running the command can act on: printed as its one line, no stack. */
export class CommandError extends Error {}

/** `--help`: the usage, on stdout, and success. */
class HelpRequested extends Error {}

export interface CommandArgs {
  file: string;
  dataDir: string;
}

/** `<file> [--data-dir <dir>]`; the data directory defaults to DATA_DIR, then ./data, as the server's does. */
export function parseCommandArgs(argv: string[], usage: string): CommandArgs {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    throw new CommandError(`${(err as Error).message}\n${usage}`);
  }
  const file = parsed.positionals[0];
  if (parsed.values.help) throw new HelpRequested(usage);
  if (!file || parsed.positionals.length > 1) throw new CommandError(usage);
  // npm runs scripts in the package's directory; names typed on the command line are relative to
  // where they were typed (INIT_CWD), while DATA_DIR is relative to the package, as for `npm start`.
  const typedIn = process.env.INIT_CWD ?? process.cwd();
  const flag = parsed.values['data-dir'];
  const dataDir = flag ? resolve(typedIn, flag) : resolve(process.env.DATA_DIR?.trim() || DEFAULT_DATA_DIR);
  return { file: resolve(typedIn, file), dataDir };
}

const parse = (argv: string[]) =>
  parseArgs({
    args: argv,
    options: { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: true,
  });

/** Runs a command's body: its expected failures as one line, anything else as one line too, exit code 1. */
export async function runCommand(name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (err) {
    if (err instanceof HelpRequested) return console.log(err.message);
    if (err instanceof CommandError || err instanceof ArchiveError) console.error(err.message);
    else console.error(`${name} failed: ${(err as Error).message ?? err}`);
    process.exitCode = 1;
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${(bytes / 1_000_000_000).toFixed(2)} GB`;
}

/** "the database (…), 3 uploaded files, the auth secret and the settings". */
export function listContents(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
