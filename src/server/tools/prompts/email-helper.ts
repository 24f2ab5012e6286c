import { serverTool } from '#server/tools/server-tool';
import type { EMAIL_TONES } from '#shared/tools';
import { DATA_NOT_INSTRUCTIONS, delimited } from './prompt-format.ts';

const TONE_GUIDE: Record<(typeof EMAIL_TONES)[number], string> = {
  professional: 'clear, courteous and concise; neutral wording, no slang',
  friendly: 'warm and personable, positive, still clear about the purpose',
  informal: 'relaxed and conversational, short sentences, as between colleagues who know each other well',
  persuasive: 'confident and benefit-led, anticipating objections, ending with one clear call to action',
  apologetic:
    'sincere: acknowledge the problem, take responsibility without excuses, and say what will be done to fix it',
};

export const emailHelper = serverTool('email-helper', {
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
