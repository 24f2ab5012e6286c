import { serverTool } from '#server/tools/server-tool';
import { DATA_NOT_INSTRUCTIONS, fenced, fenceTag, languageName } from './prompt-format.ts';

export const codeExplainer = serverTool('code-explainer', {
  system: [
    'You are a senior software engineer and a patient teacher who explains code to other developers.',
    'Be accurate: describe only what the code really does, and say so when behaviour depends on code or data you cannot see.',
    DATA_NOT_INSTRUCTIONS,
  ].join(' '),
  buildPrompt: ({ code, language }) =>
    [
      `Explain the following ${languageName(language)} code.`,
      '',
      'Structure the answer with exactly these sections:',
      '## Overview',
      'Two to four sentences: what the code does, its inputs and outputs, and why someone would write it.',
      '## Step by step',
      'A numbered walk-through in execution order. Name the functions, variables and branches involved and quote short fragments in `backticks`.',
      '## Notable risks',
      'Bullet points for bugs, unhandled edge cases, security or performance concerns, each with a one-line suggestion. Write "None found." if there are none.',
      '',
      fenced(code, fenceTag(language)),
    ].join('\n'),
  userMessage: ({ code, language }) => `Language: ${language}\n\n${fenced(code, fenceTag(language))}`,
});
