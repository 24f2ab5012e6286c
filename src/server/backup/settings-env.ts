/**
 * `settings.env`: the variables the backed-up server was started with, in a form a shell can load
 * (`set -a; . ./settings.env; set +a`). A restored file is sourced by people, so a restore accepts
 * only what this writer produces: known names, values bare or single-quoted, no line breaks. A
 * hostile archive can then not smuggle a command (`$(…)`, backticks) into someone's shell.
 */
const BARE_VALUE = /^[A-Za-z0-9_./:@%+,=-]*$/;
const NAME = /^[A-Z][A-Z0-9_]*$/;
const ASSIGNMENT = /^([A-Z][A-Z0-9_]*)=([A-Za-z0-9_./:@%+,=-]*|'[^'\n\r\0]*'(?:\\''[^'\n\r\0]*')*)$/;

/** Not recorded: where the data (and the uploads) live is wherever they are restored to. */
const NOT_RECORDED = new Set(['DATA_DIR', 'UPLOADS_DIR']);

const quote = (value: string) => (BARE_VALUE.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`);

export function formatSettingsEnv(environment: Readonly<Record<string, string>>, createdAt: string): string {
  const lines = [
    `# Settings of the Draftsmith server backed up at ${createdAt}.`,
    '# The server reads its environment, not this file: load it with `set -a; . ./settings.env; set +a`',
    '# (or give it to your service manager). It holds secrets: keep it private.',
  ];
  for (const [name, value] of Object.entries(environment)) {
    if (NOT_RECORDED.has(name) || !NAME.test(name)) continue;
    if (/[\n\r\0]/.test(value)) lines.push(`# ${name} not recorded: its value spans several lines`);
    else lines.push(`${name}=${quote(value)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Null when the text is a settings file this writer could have made for these names, else why not. */
export function settingsEnvProblem(text: string, knownNames: readonly string[]): string | null {
  const known = new Set(knownNames);
  const seen = new Set<string>();
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line === '' || (line.startsWith('#') && !/[\r\0]/.test(line))) continue;
    const match = ASSIGNMENT.exec(line);
    const name = match?.[1];
    if (!name) return `line ${index + 1} is not a NAME=value setting`;
    if (!known.has(name) || NOT_RECORDED.has(name))
      return `line ${index + 1} sets ${name}, which Draftsmith does not read`;
    if (seen.has(name)) return `${name} is set twice`;
    seen.add(name);
  }
  return null;
}
