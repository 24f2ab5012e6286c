/** A fenced code block's language tag and text. */
export interface CodeBlock {
  language: string | null;
  code: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*([^\s`]*)[^\n]*\n([\s\S]*?)^ {0,3}\1[`~]*[ \t]*$/m;

/**
 * The first fenced code block of Markdown: a refactor's answer puts the whole refactored code in one
 * (the refactor's prompt, src/server/tools/prompts.ts), and a code request's saved text holds the submitted code
 * the same way. Null when there is none.
 */
export function firstCodeBlock(markdown: string): CodeBlock | null {
  const match = FENCE.exec(markdown);
  if (!match) return null;
  const [, , language = '', code = ''] = match;
  return { language: language || null, code: code.replace(/\n$/, '') };
}
