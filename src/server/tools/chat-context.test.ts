import { describe, expect, it } from 'vitest';
import { isAppError } from '#server/errors';
import { chatTurns, fitTurns } from './chat-context.ts';
import { estimateTokens } from './long-document.ts';
import { SERVER_TOOLS } from './prompts.ts';

const turn = (role: 'user' | 'assistant', words: number, tag: string) => ({
  role,
  content: `${tag} ${'word '.repeat(words)}`.trim(),
});

describe('fitTurns', () => {
  const turns = [
    turn('user', 200, 'q1'),
    turn('assistant', 200, 'a1'),
    turn('user', 200, 'q2'),
    turn('assistant', 200, 'a2'),
    turn('user', 10, 'q3'),
  ];
  const size = (list: { content: string }[]) => list.reduce((sum, t) => sum + estimateTokens(t.content), 0);

  it('keeps everything that fits', () => {
    expect(fitTurns('sys', turns, 100_000)).toEqual({ turns, left: 0 });
  });

  it('leaves out the oldest request with its answers, whole, and always starts with a request', () => {
    const room = size(turns.slice(2)) + estimateTokens('sys');
    const fitted = fitTurns('sys', turns, room);
    expect(fitted.left).toBe(2);
    expect(fitted.turns.map((t) => t.content.split(' ')[0])).toEqual(['q2', 'a2', 'q3']);
    const tighter = fitTurns('sys', turns, room - 1);
    expect(tighter.turns.map((t) => t.content.split(' ')[0])).toEqual(['q3']);
  });

  it('refuses with 413 when the request to answer alone does not fit', () => {
    try {
      fitTurns('sys', [turn('user', 500, 'q')], 50);
      expect.unreachable();
    } catch (err) {
      expect(isAppError(err) && err.code).toBe('payload_too_large:model_context');
    }
  });
});

describe('chatTurns', () => {
  const path = [
    {
      id: 'q',
      parentId: null,
      role: 'user' as const,
      content: 'Language: python',
      version: 1,
      versions: 1,
      input: { code: 'x = 1', language: 'python' },
    },
    { id: 'a', parentId: 'q', role: 'assistant' as const, content: 'It sets x.', version: 1, versions: 1 },
  ];

  it('gives the first request as the tool put it, and the answers as they are', () => {
    const turns = chatTurns(SERVER_TOOLS['code-explainer'] as never, path);
    expect(turns[0]?.content).toContain('Explain the following Python code');
    expect(turns[1]).toEqual({ role: 'assistant', content: 'It sets x.' });
  });

  it('says that a chat’s document is left out rather than sending an empty one', () => {
    const turns = chatTurns(SERVER_TOOLS['doc-summarizer'] as never, path, 'left-out');
    expect(turns[0]?.content).toMatch(
      /^Language: python\n\n\(The document this request was made from is not repeated/,
    );
  });
});
