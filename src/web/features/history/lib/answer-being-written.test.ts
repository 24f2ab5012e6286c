import { describe, expect, it } from 'vitest';
import { answerBeingWritten, savedAnswerId } from './answer-being-written.ts';

const chat = [{ id: 'q1' }, { id: 'a1' }];

describe('answerBeingWritten', () => {
  it('shows nothing when no answer is being written', () => {
    expect(answerBeingWritten(null, chat)).toBeNull();
  });

  it('shows the answer while it streams and until the chat read again holds it', () => {
    const streaming = { savedId: null, text: 'Because' };
    expect(answerBeingWritten(streaming, chat)).toBe(streaming);
    // Saved, but the chat on screen is still the one read before: the streamed answer stays.
    const saved = { savedId: 'a2', text: 'Because it logs.' };
    expect(answerBeingWritten(saved, chat)).toBe(saved);
    // The chat read again holds it: shown once, as saved (a CI run saw the follow-up twice here).
    expect(answerBeingWritten(saved, [...chat, { id: 'q2' }, { id: 'a2' }])).toBeNull();
  });
});

describe('savedAnswerId', () => {
  it("reads the saved answer's id from the done result", () => {
    expect(savedAnswerId({ message: { id: 'a2', content: 'x' }, historyId: 'h', status: 'done' })).toBe('a2');
  });

  it('is null for a result without one', () => {
    expect(savedAnswerId({})).toBeNull();
    expect(savedAnswerId({ message: 'a2' })).toBeNull();
    expect(savedAnswerId({ message: { id: 7 } })).toBeNull();
  });
});
