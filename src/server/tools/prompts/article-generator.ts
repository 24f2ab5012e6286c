import { serverTool } from '#server/tools/server-tool';
import { DATA_NOT_INSTRUCTIONS, delimited } from './prompt-format.ts';

export const articleGenerator = serverTool('article-generator', {
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
