import { serverTool } from '#server/tools/server-tool';
import { DATA_NOT_INSTRUCTIONS, fenced, fenceTag, languageName } from './prompt-format.ts';

export const codeRefactor = serverTool('code-refactor', {
  system: [
    'You are a senior engineer doing careful refactors.',
    'A refactor keeps the observable behaviour and public interface exactly as they are while making the code cleaner, safer and easier to maintain.',
    DATA_NOT_INSTRUCTIONS,
  ].join(' '),
  buildPrompt: ({ code, language }) => {
    const name = languageName(language);
    return [
      `Refactor the following ${name} code for readability, maintainability and performance without changing what it does.`,
      '',
      'Reply with exactly two parts:',
      `1. The complete refactored code in ONE fenced code block tagged \`${fenceTag(language)}\`: the whole code, with no omissions, ellipses or "rest unchanged" comments.`,
      '2. A section `## What changed` with a short bulleted list: each change and why it helps.',
      '',
      `Follow idiomatic ${name} conventions: clear names, small functions, early returns, no dead code, proper error handling, and the standard library where it fits.`,
      'If the code is already clean, return it unchanged and say so under "What changed".',
      '',
      fenced(code, fenceTag(language)),
    ].join('\n');
  },
  userMessage: ({ code, language }) => `Language: ${language}\n\n${fenced(code, fenceTag(language))}`,
});
