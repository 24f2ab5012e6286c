import type { ChatMessage } from '#server/db/schema';

/** The token closing every seeded answer, so a probe can tell when an answer's end is on screen. */
export const ANSWER_END = 'end-of-answer';

const TOPICS = [
  'retry policies for flaky HTTP calls',
  'a cover letter for a data analyst role',
  'the difference between let and const',
  'summarising a quarterly report',
  'keyset pagination in PostgreSQL',
  'a polite reminder about an unpaid invoice',
  'refactoring a long switch statement',
  'writing release notes people read',
];

/** A prompt of a few sentences, as people paste into the tools. */
export function promptText(index: number): string {
  const topic = TOPICS[index % TOPICS.length];
  return (
    `Request ${index + 1}: please help me with ${topic}. ` +
    'Keep it practical, use short sections, and include an example I can adapt. ' +
    'The audience knows the basics but not the details, so explain the trade-offs briefly.'
  );
}

/**
 * A model answer of about 2.5 KB in the shapes the tools produce: headings, paragraphs, a list, a
 * table and a highlighted code block, ending with ANSWER_END in bold.
 */
export function answerText(index: number): string {
  const topic = TOPICS[index % TOPICS.length];
  return `## Answer ${index + 1}: ${topic}

Here is a practical take on **${topic}**, with the trade-offs first and an example after. The short
version: prefer the simple option until a measurement says otherwise, and write down *why* you chose it.

### Key points

- Start from what the reader needs to decide, not from what you know.
- Keep each step small enough to review in one sitting; \`small diffs\` are easier to trust.
- Name things after what they are, and [link the source](https://example.com/docs/${index}) once.
- Measure before and after: a change without a figure is an opinion.

| Option | When it fits | Cost |
| --- | --- | --- |
| Simple loop | Fewer than a thousand items | Lowest |
| Batched calls | Many items, one remote service | Medium |
| Background job | Work that can finish later | Highest |

\`\`\`typescript
interface RetryOptions {
  attempts: number;
  baseDelayMs: number;
}

export async function withRetry<T>(run: () => Promise<T>, { attempts, baseDelayMs }: RetryOptions): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      return await run();
    } catch (error) {
      lastError = error;
      const delay = Math.min(baseDelayMs * 2 ** attempt, 30_000);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  throw lastError;
}
\`\`\`

> A note on style: keep the example close to the code you already have, so the change reads as a
> small step rather than a rewrite.

1. Copy the example and adapt the names.
2. Run it against one real case and compare the result with what you expected.
3. Keep the version that you can explain in two sentences.

That covers ${topic}; ask again with your own details for a closer fit. **${ANSWER_END} ${index + 1}**
`;
}

/** One saved generation: the prompt, then the answer (docs/product.md §3). */
export function chatMessages(index: number): ChatMessage[] {
  return [
    { role: 'user', content: promptText(index) },
    { role: 'assistant', content: answerText(index) },
  ];
}

/** `count` messages, prompt and answer in turn: a chat far longer than any the product saves itself. */
export function longChatMessages(count: number): ChatMessage[] {
  return Array.from({ length: count / 2 }, (_, i) => chatMessages(i)).flat();
}

/** The answers of `longChatMessages(count)` as one answer: the same text, all of it rendered. */
export function longAnswerMessages(count: number): ChatMessage[] {
  const answers = Array.from({ length: count / 2 }, (_, i) => answerText(i).replaceAll(ANSWER_END, 'part'));
  return [
    { role: 'user', content: promptText(0) },
    { role: 'assistant', content: `${answers.join('\n')}\n**${ANSWER_END} long**\n` },
  ];
}
