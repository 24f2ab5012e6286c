import { type EmailThread, emailThreadText } from '#shared/email-thread';
import { buildJobMatchReport } from '#shared/job-match';
import type { ToolInput } from '#shared/tool-inputs';
import type { EMAIL_TONES, ToolSlug } from '#shared/tools';
import { emailHeaders, intentOf, threadOf } from './email-headers.ts';
import { DATA_NOT_INSTRUCTIONS, delimited, fenced, fenceTag, languageName } from './prompt-format.ts';
import { checkResume, traceResume } from './resume-provenance.ts';
import {
  type AnswerContext,
  assertFitsModel,
  checkedText,
  pagesText,
  type ServerTool,
  serverTool,
  type ToolDocument,
} from './server-tool.ts';
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

const EMAIL_SYSTEM = [
  'You are an expert business writer who drafts e-mails that are ready to send.',
  'Keep to the facts the user gives; put placeholders in square brackets, such as [Name] or [date], for anything missing.',
  DATA_NOT_INSTRUCTIONS,
].join(' ');

/** What each intent asks of the model, and the format of its draft. */
function emailTask(intent: ReturnType<typeof intentOf>, tone: (typeof EMAIL_TONES)[number]): string[] {
  const toneLine = `in a ${tone} tone: ${TONE_GUIDE[tone]}`;
  const body =
    'a greeting, the body in short paragraphs (the purpose in the first sentence), a closing line and a sign-off with [Your Name].';
  switch (intent) {
    case 'new':
      return [
        `Write an e-mail ${toneLine}.`,
        '',
        'Format:',
        '**Subject:** a specific subject line of at most ten words',
        '',
        `Then ${body}`,
      ];
    case 'forward':
      return [
        `Write the short note that forwards the thread below, ${toneLine}: who it is for, why they get it and what, if anything, they should do.`,
        'Do not retell or quote the thread: it follows the note as it is. Do not write a subject line.',
        '',
        `Format: ${body}`,
      ];
    default:
      return [
        `Write the reply to the last message of the thread below, ${toneLine}.`,
        intent === 'reply-all'
          ? 'It goes to everyone on the thread: address them all, not only the sender.'
          : 'It goes to the sender of the last message.',
        'Answer what the last message asks or says, in the light of the earlier messages; do not repeat or quote the thread, and do not write a subject line.',
        '',
        `Format: ${body}`,
      ];
  }
}

/** The e-mail helper's prompt, from its fields and the thread it answers, if any. */
function emailPrompt(input: ToolInput<'email-helper'>, thread: EmailThread | null): string {
  const intent = thread ? intentOf(input) : 'new';
  return [
    ...emailTask(intent, input.tone),
    '',
    'What the e-mail should say:',
    delimited('notes', input.prompt),
    ...(thread ? ['', delimited('thread', emailThreadText(thread))] : []),
  ].join('\n');
}

/** What later drafts are told, so that the person has real choices rather than near copies. */
function draftPrompt(prompt: string, draft: number, drafts: number): string {
  return `${prompt}\n\nThis is draft ${draft} of ${drafts}: say the same things, but make it clearly different from a first, straightforward draft, with another opening, structure and wording.`;
}

const emailHelper = serverTool('email-helper', {
  system: EMAIL_SYSTEM,
  buildPrompt: (input) => emailPrompt(input, threadOf(input, null)),
  userMessage: ({ tone, prompt, intent, thread, variants }, document) =>
    [
      `Tone: ${tone}`,
      ...(intent !== 'new' ? [`Intent: ${intent}`] : []),
      ...(variants > 1 ? [`Drafts: ${variants}`] : []),
      '',
      prompt,
      // A file is kept with the chat as it is: its name stands for it here.
      // A pasted thread keeps its lines as written (fenced: shown as it was pasted, never as Markdown).
      ...(document
        ? ['', `Replying to: ${document.name}`]
        : thread
          ? ['', 'Replying to:', fenced(thread)]
          : []),
    ].join('\n'),
  // One generation, as many drafts as asked: the first streams, the others follow (progress events).
  run: async (run) => {
    const input = run.input as ToolInput<'email-helper'>;
    const prompt = emailPrompt(input, threadOf(run.input, run.document));
    if (!run.budget.checksPromptLength) assertFitsModel(EMAIL_SYSTEM, prompt, run.budget.maxPromptTokens);
    const total = input.variants;
    const drafts: string[] = [];
    for (let draft = 1; draft <= total && !run.stopped; draft++) {
      if (draft > 1) {
        run.progress({
          stage: 'drafting',
          done: draft - 1,
          total,
          message: `Writing draft ${draft} of ${total}`,
        });
      }
      const asked = draft === 1 ? prompt : draftPrompt(prompt, draft, total);
      drafts.push(await run.ask({ system: EMAIL_SYSTEM, prompt: asked }, { visible: draft === 1 }));
    }
    return drafts;
  },
  answerDetails: emailHeaders,
  detailFields: ['subject', 'to', 'cc'],
});

// resume-assistant

/** The person's own resume: the uploaded document's text, then any text pasted beside it. */
function resumeOf(input: Record<string, unknown>, document: ToolDocument | null): string {
  return checkedText({ input, document });
}

const RESUME_SYSTEM = [
  'You are an expert career coach and resume writer who tailors resumes to a target role and gets them past applicant tracking systems.',
  'Stay truthful: never invent employers, titles, dates, degrees, skills or numbers.',
  DATA_NOT_INSTRUCTIONS,
].join(' ');

/** A cover letter from the person's own resume, for the role and job of the chat's request. */
function coverLetter({ input, document }: AnswerContext) {
  const field = (name: string) => (typeof input[name] === 'string' ? (input[name] as string) : '');
  const role = field('role');
  const jobDescription = field('jobDescription');
  const tone = field('tone') || 'professional';
  return {
    request: `Write a cover letter${role ? ` for the role of ${role}` : ''}.`,
    system: [
      'You are an expert career coach who writes cover letters that hiring managers read to the end.',
      'Stay truthful: use only what the resume shows. Never invent employers, titles, dates, degrees, certificates, skills, tools or numbers; where the job asks for something the resume does not show, leave it out rather than claim it.',
      DATA_NOT_INSTRUCTIONS,
    ].join(' '),
    prompt: [
      `Write a cover letter ${role ? `for the role of ${role}` : 'for the role the job description describes'}, in a ${tone} tone, from the resume below.`,
      '',
      'Instructions:',
      '- Three to four short paragraphs, at most 350 words: why this role, two or three achievements from the resume that fit what the job asks (with the figures the resume gives), and a closing with a call to action.',
      '- Start with a greeting ("Dear Hiring Manager," unless the job description names the person) and end with a sign-off and the candidate’s name as the resume gives it.',
      '- Put placeholders in square brackets, such as [Company], for anything the texts do not give.',
      '- Output only the letter, in Markdown, with no heading and no comments.',
      '',
      ...(jobDescription ? [delimited('job_description', jobDescription), ''] : []),
      delimited('resume', checkedText({ input, document })),
    ].join('\n'),
  };
}

const resumeAssistant = serverTool('resume-assistant', {
  system: RESUME_SYSTEM,
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
  matchReport: (input, document, answer) => {
    const jobDescription = typeof input.jobDescription === 'string' ? input.jobDescription : '';
    if (jobDescription === '') return null;
    const originalResume = resumeOf(input, document);
    return buildJobMatchReport({
      jobDescription,
      originalResume,
      optimizedResume: answer,
      added: checkResume(originalResume, answer, jobDescription).added,
    });
  },
  // Every answer of a resume chat, the cover letter too, is checked against the person's own resume.
  detailFields: ['provenance', 'unsupported'],
  answerDetails: (answer, { input, document }) => {
    const jobDescription = typeof input.jobDescription === 'string' ? input.jobDescription : undefined;
    return traceResume(resumeOf(input, document), answer, jobDescription);
  },
  coverLetter,
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
