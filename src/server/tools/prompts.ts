import { buildJobMatchReport } from '#shared/job-match';
import type { EMAIL_TONES, ToolSlug } from '#shared/tools';
import { DATA_NOT_INSTRUCTIONS, delimited, fenced, fenceTag, languageName } from './prompt-format.ts';
import { pagesText, type ServerTool, serverTool, withDocumentText } from './server-tool.ts';
import { summarizeInParts } from './summarize-in-parts.ts';

/**
 * Each tool's prompts (docs/product.md §5): its system prompt, the prompt built from its form's fields,
 * the request as its chat shows it, and for some a run of their own (a long document part by part) or
 * a report beside the answer. One entry per tool, keyed by slug like its catalogue entry, form and
 * input schema, so that a tool without prompts does not compile; the route factory registers one POST
 * route per entry. The formatting rules every prompt shares are in prompt-format.ts.
 */

// code-explainer

const codeExplainer = serverTool('code-explainer', {
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

// doc-summarizer

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
    'Write in the language of the document. Do not mention the parts or that you were given summaries. Keep the page citations the summaries give, such as (p. 12), with the points they belong to.',
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

const docSummarizer = serverTool('doc-summarizer', {
  system: SYSTEM,
  buildPrompt: ({ text }) => wholePrompt(text),
  userMessage: ({ text }, document) => {
    if (!document) return text;
    const pages = document.pages ? ` (${pagesText(document.pages)})` : '';
    return [`Document: ${document.name}${pages}`, ...(text ? ['', text] : [])].join('\n');
  },
  run: (run) => summarizeInParts(run, { system: SYSTEM, wholePrompt, partPrompt, combinePrompt }),
  citesDocument: true,
});

// code-refactor

const codeRefactor = serverTool('code-refactor', {
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

// article-generator

const articleGenerator = serverTool('article-generator', {
  system: [
    'You are an experienced writer and editor who writes clear, engaging, well-structured articles for a general professional audience.',
    'Prefer concrete explanations and examples over filler; never invent statistics, quotes or sources.',
    DATA_NOT_INSTRUCTIONS,
  ].join(' '),
  buildPrompt: ({ topic }) =>
    [
      'Write an article on the topic below.',
      '',
      'Requirements:',
      '- Start with a compelling title as a level-1 heading (`# Title`).',
      '- Follow with a short introduction that says why the topic matters to the reader.',
      '- Then 3 to 6 sections with level-2 headings (`##`), each with concrete explanations, examples or practical advice; use lists or a table where they help.',
      '- End with a `## Conclusion` section that sums up the key takeaways.',
      '- Aim for 700 to 1,000 words, in the language of the topic.',
      '',
      delimited('topic', topic),
    ].join('\n'),
  userMessage: ({ topic }) => topic,
});

// email-helper

const TONE_GUIDE: Record<(typeof EMAIL_TONES)[number], string> = {
  professional: 'clear, courteous and concise; neutral wording, no slang',
  friendly: 'warm and personable, positive, still clear about the purpose',
  informal: 'relaxed and conversational, short sentences, as between colleagues who know each other well',
  persuasive: 'confident and benefit-led, anticipating objections, ending with one clear call to action',
  apologetic:
    'sincere: acknowledge the problem, take responsibility without excuses, and say what will be done to fix it',
};

const emailHelper = serverTool('email-helper', {
  system: [
    'You are an expert business writer who drafts e-mails that are ready to send.',
    'Keep to the facts the user gives; put placeholders in square brackets, such as [Name] or [date], for anything missing.',
    DATA_NOT_INSTRUCTIONS,
  ].join(' '),
  buildPrompt: ({ tone, prompt }) =>
    [
      `Write an e-mail in a ${tone} tone: ${TONE_GUIDE[tone]}.`,
      '',
      'Format:',
      '**Subject:** a specific subject line of at most ten words',
      '',
      'Then a greeting, the body in short paragraphs (the purpose in the first sentence), a closing line and a sign-off with [Your Name].',
      '',
      'What the e-mail should say:',
      delimited('notes', prompt),
    ].join('\n'),
  userMessage: ({ tone, prompt }) => `Tone: ${tone}\n\n${prompt}`,
});

// resume-assistant

const resumeAssistant = serverTool('resume-assistant', {
  system: [
    'You are an expert career coach and resume writer who tailors resumes to a target role and gets them past applicant tracking systems.',
    'Stay truthful: never invent employers, titles, dates, degrees, skills or numbers.',
    DATA_NOT_INSTRUCTIONS,
  ].join(' '),
  buildPrompt: ({ text, jobDescription, tone, role }) => {
    const target = role ? `for the role of ${role}` : 'for the kind of role it aims at';
    return [
      `Rewrite the resume below ${target}, in a ${tone} tone.`,
      '',
      'Instructions:',
      '- Open with a two- to three-sentence summary aimed at the target role.',
      '- Rewrite experience bullets to start with strong action verbs and show impact and results; where a number would help but is missing, add a placeholder such as [X%].',
      jobDescription
        ? '- Mirror the skills and keywords of the job description where the resume truthfully supports them, and put the most relevant experience first.'
        : '- Emphasise the skills and achievements most relevant to the target role.',
      '- Order sections: Summary, Skills, Experience, Education, then any others the original has.',
      '- Output the complete optimized resume in Markdown (headings and bullets), then a `## Suggestions` section with three to five short tips for gaps the candidate could address.',
      '',
      ...(jobDescription ? [delimited('job_description', jobDescription), ''] : []),
      delimited('resume', text),
    ].join('\n');
  },
  userMessage: ({ text, jobDescription, tone, role }, document) =>
    [
      ...(role ? [`Target role: ${role}`] : []),
      `Tone: ${tone}`,
      ...(jobDescription ? ['', 'Job description:', jobDescription] : []),
      '',
      // A file is kept with the chat as it is: its name stands for it here.
      ...(document ? [`Resume: ${document.name}`, ...(text ? [text] : [])] : ['Resume:', text]),
    ].join('\n'),
  matchReport: (input, document, answer) =>
    typeof input.jobDescription === 'string' && input.jobDescription !== ''
      ? buildJobMatchReport({
          jobDescription: input.jobDescription,
          originalResume: String(withDocumentText(input, document).text ?? ''),
          optimizedResume: answer,
        })
      : null,
});

/** Every tool with its prompts, by slug. */
export const SERVER_TOOLS: { [S in ToolSlug]: ServerTool<S> } = {
  'code-explainer': codeExplainer,
  'doc-summarizer': docSummarizer,
  'code-refactor': codeRefactor,
  'article-generator': articleGenerator,
  'email-helper': emailHelper,
  'resume-assistant': resumeAssistant,
};

/** The tools as a list, typed loosely enough to iterate over. */
export function serverTools(): ServerTool[] {
  return Object.values(SERVER_TOOLS) as unknown as ServerTool[];
}

/** The tool of a slug, typed as any tool (a chat's `service`). */
export function serverToolOf(slug: ToolSlug): ServerTool {
  return SERVER_TOOLS[slug] as unknown as ServerTool;
}
