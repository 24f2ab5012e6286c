import { describe, expect, it } from 'vitest';
import { emailHeaders, proposedSubject, withoutSubjectLine } from './email-headers.ts';

const THREAD = [
  'From: Ana Ruiz <ana@example.com>',
  'To: Jo <jo@example.com>, Ben <ben@example.com>',
  'Cc: cy@example.com',
  'Subject: RE: Offsite dates',
  '',
  'Can you confirm the 12th?',
].join('\n');

const context = (input: Record<string, unknown>, previous = null) => ({
  input,
  document: null,
  ownAddress: 'JO@example.com',
  previous,
});

describe('emailHeaders', () => {
  it('replies to all: the sender, the others in copy, never the person, Re: once', () => {
    expect(emailHeaders('Hi all', context({ intent: 'reply-all', thread: THREAD }))).toEqual({
      subject: 'Re: Offsite dates',
      to: ['ana@example.com'],
      cc: ['ben@example.com', 'cy@example.com'],
    });
  });

  it('replies to the sender only, and forwards as Fwd:', () => {
    expect(emailHeaders('Hi', context({ intent: 'reply', thread: THREAD }))).toEqual({
      subject: 'Re: Offsite dates',
      to: ['ana@example.com'],
    });
    expect(emailHeaders('FYI', context({ intent: 'forward', thread: THREAD }))).toEqual({
      subject: 'Fwd: RE: Offsite dates',
    });
  });

  it('takes the subject a new mail proposes, and keeps a reply’s headers when its thread is not read again', () => {
    expect(emailHeaders('**Subject:** Heating repair\n\nDear Sir,', context({ intent: 'new' }))).toEqual({
      subject: 'Heating repair',
    });
    expect(emailHeaders('Dear Sir,', context({ intent: 'new' }))).toEqual({});
    const kept = { subject: 'Re: Offsite dates', to: ['ana@example.com'], inReplyTo: '<m@x>' };
    expect(emailHeaders('Shorter', context({ intent: 'reply' }, kept as never))).toEqual(kept);
  });
});

describe('the subject line a new mail starts with', () => {
  it('is read and left out of the body', () => {
    const answer = 'Subject: Launch moves to Monday\n\nHi Sam,\n\nQuick update.';
    expect(proposedSubject(answer)).toBe('Launch moves to Monday');
    expect(withoutSubjectLine(answer)).toBe('Hi Sam,\n\nQuick update.');
    expect(withoutSubjectLine('Hi Sam,\n\nThe subject: dates.')).toBe('Hi Sam,\n\nThe subject: dates.');
  });
});
