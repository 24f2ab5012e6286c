import { serverTool } from '#server/tools/server-tool';
import { DATA_NOT_INSTRUCTIONS, delimited } from './prompt-format.ts';

export const docSummarizer = serverTool('doc-summarizer', {
  system: [
    'You are a precise analyst who writes structured summaries that a busy reader can scan in a minute.',
    'Use only information from the document; never add outside facts or opinions.',
    DATA_NOT_INSTRUCTIONS,
  ].join(' '),
  buildPrompt: ({ text }) =>
    [
      'Summarize the document below with exactly these sections:',
      '## TL;DR',
      'One or two sentences with the main message.',
      '## Key points',
      'Five to eight bullets, most important first, each one self-contained.',
      '## Details',
      'Important specifics as bullets: figures, names, dates, decisions and action items (leave out what the document does not have).',
      '',
      'Write the summary in the language of the document.',
      '',
      delimited('document', text),
    ].join('\n'),
  userMessage: ({ text }) => text,
});
