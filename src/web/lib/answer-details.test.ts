import { describe, expect, it } from 'vitest';
import { toAnswerDetails, toAnswerDrafts } from './answer-details.ts';

describe('toAnswerDetails', () => {
  it('keeps the details a reply carries and nothing else; none for none or a broken one', () => {
    expect(toAnswerDetails({ email: 'Hi', historyId: 'h', subject: 'Re: x', to: ['a@example.com'] })).toEqual(
      {
        subject: 'Re: x',
        to: ['a@example.com'],
      },
    );
    expect(toAnswerDetails({ email: 'Hi' })).toBeNull();
    expect(toAnswerDetails({ unsupported: [{ line: 0, text: 'x', reason: 'y' }] })).toBeNull();
    expect(toAnswerDetails(null)).toBeNull();
  });
});

describe('toAnswerDrafts', () => {
  it('reads two or more drafts by the output field, all or none', () => {
    const variants = [
      { messageId: 'm1', email: 'One', subject: 'S' },
      { messageId: 'm2', email: 'Two' },
    ];
    expect(toAnswerDrafts(variants, 'email')).toEqual([
      { messageId: 'm1', text: 'One', details: { subject: 'S' } },
      { messageId: 'm2', text: 'Two', details: null },
    ]);
    expect(toAnswerDrafts(variants.slice(0, 1), 'email')).toEqual([]);
    expect(toAnswerDrafts([...variants, { messageId: 3 }], 'email')).toEqual([]);
    expect(toAnswerDrafts('nope', 'email')).toEqual([]);
  });
});
