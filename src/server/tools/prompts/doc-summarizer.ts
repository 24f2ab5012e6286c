import { pagesText, serverTool } from '#server/tools/server-tool';
import { summarizeInParts } from '#server/tools/summarize-in-parts';
import { DATA_NOT_INSTRUCTIONS, delimited } from './prompt-format.ts';

const SYSTEM = [
  'You are a precise analyst who writes structured summaries that a busy reader can scan in a minute.',
  'Use only information from the document; never add outside facts or opinions.',
  DATA_NOT_INSTRUCTIONS,
].join(' ');

/** The summary's shape, whether written from the whole document or from the summaries of its parts. */
const FINAL_SECTIONS = [
  '## TL;DR',
  'One or two sentences with the main message.',
  '## Key points',
  'Five to eight bullets, most important first, each one self-contained.',
  'Then one `##` section per main topic of the document, in the order the document takes them, with the important specifics as bullets: figures, names, dates, decisions and action items (leave out what the document does not have).',
];

/** A part of a long document: notes for the final summary, not the summary itself. */
export function partPrompt(text: string, part: number, parts: number): string {
  return [
    `Below is part ${part} of ${parts} of a long document. Summarize this part so that a summary of the whole document can later be written from the summaries of all parts.`,
    'Start with one line naming what this part covers, then bullets with its main points and every important specific: figures, names, dates, decisions, action items. Keep the headings the part has as the topics of your bullets. Do not write an introduction or a conclusion for the whole document.',
    'Write in the language of the document.',
    '',
    delimited('document_part', text),
  ].join('\n');
}

/** The summaries of consecutive parts, combined: into the final summary, or into a shorter summary of a stretch. */
export function combinePrompt(summaries: string[], final: boolean): string {
  const joined = summaries.map((summary, i) => delimited(`part_${i + 1}`, summary)).join('\n\n');
  return [
    `Below are the summaries of ${summaries.length} consecutive parts of one document, in order.`,
    ...(final
      ? ['Write the summary of the whole document from them, with exactly these sections:', ...FINAL_SECTIONS]
      : [
          'Merge them into one summary of this stretch of the document, as bullets grouped under the topics they cover, keeping every important specific (figures, names, dates, decisions, action items).',
        ]),
    '',
    'Write in the language of the document. Do not mention the parts or that you were given summaries.',
    '',
    joined,
  ].join('\n');
}

/** A document short enough for one call, summarized whole. */
function wholePrompt(text: string): string {
  return [
    'Summarize the document below with exactly these sections:',
    ...FINAL_SECTIONS,
    '',
    'Write the summary in the language of the document.',
    '',
    delimited('document', text),
  ].join('\n');
}

export const docSummarizer = serverTool('doc-summarizer', {
  system: SYSTEM,
  buildPrompt: ({ text }) => wholePrompt(text),
  userMessage: ({ text }, document) => {
    if (!document) return text;
    const pages = document.pages ? ` (${pagesText(document.pages)})` : '';
    return [`Document: ${document.name}${pages}`, ...(text ? ['', text] : [])].join('\n');
  },
  run: (run) => summarizeInParts(run, { system: SYSTEM, wholePrompt, partPrompt, combinePrompt }),
});
