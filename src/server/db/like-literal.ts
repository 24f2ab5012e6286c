/** `text` as a literal inside an (i)like pattern: its backslashes, % and _ escaped. */
export const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, '\\$&');
