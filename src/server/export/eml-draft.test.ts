import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { emlDraft, markdownAsPlainText } from './eml-draft.ts';

const DATE = new Date('2025-03-05T08:30:00.000Z');

describe('emlDraft', () => {
  it('writes a draft a mail app files in the thread, every header read back by a MIME parser', async () => {
    const eml = await emlDraft(
      {
        from: 'Bob Smith <bob@example.com>',
        to: [{ name: 'Ana Ruíz', address: 'ana@example.com' }],
        cc: [
          { name: 'Smith, Zoë', address: 'zoe@example.com' },
          { name: '', address: 'carol@example.com' },
          { name: 'Dan (no address)', address: '' },
        ],
        subject: 'Re: Q3 budget — Zürich 東京',
        body: 'Hi Ana,\n\nThe **numbers** are attached.\n\n- Travel: 1,200 €\n- Venue: *tbd*\n\nBob',
        inReplyTo: '<reply-2@mail.example.com>',
        references: ['<start-1@mail.example.org>', '<middle-1@mail.example.com>'],
      },
      DATE,
    );
    const email = await PostalMime.parse(eml);
    const header = (key: string) => email.headers.find((h) => h.key === key)?.value;
    expect(email.from).toEqual({ name: 'Bob Smith', address: 'bob@example.com' });
    expect(email.to).toEqual([{ name: 'Ana Ruíz', address: 'ana@example.com' }]);
    expect(email.cc).toEqual([
      { name: 'Smith, Zoë', address: 'zoe@example.com' },
      { name: '', address: 'carol@example.com' },
    ]);
    expect(email.subject).toBe('Re: Q3 budget — Zürich 東京');
    expect(email.inReplyTo).toBe('<reply-2@mail.example.com>');
    expect(email.references?.split(/\s+/)).toEqual([
      '<start-1@mail.example.org>',
      '<middle-1@mail.example.com>',
      '<reply-2@mail.example.com>',
    ]);
    expect(header('x-unsent')).toBe('1');
    expect(email.date).toBe(DATE.toISOString());
    expect(email.messageId).toMatch(/^<[^<>\s]+@[^<>\s]+>$/);
    expect(header('content-type')).toMatch(/^text\/plain; charset=utf-8/i);
    expect(email.html).toBeUndefined();
    expect(email.attachments).toEqual([]);
    expect(email.text?.trimEnd()).toBe(
      'Hi Ana,\n\nThe numbers are attached.\n\n- Travel: 1,200 €\n- Venue: tbd\n\nBob',
    );
  });

  it('writes a new message without thread headers, and leaves out ids that are not message ids', async () => {
    const eml = await emlDraft(
      {
        to: [{ name: '', address: 'ana@example.com' }],
        cc: [],
        subject: 'Lunch\r\nBcc: everyone@example.com',
        body: 'Friday?',
        inReplyTo: 'not an id',
        references: ['<ok@example.com>', '<bad id@example.com>'],
      },
      DATE,
    );
    const email = await PostalMime.parse(eml);
    expect(email.from).toBeUndefined();
    expect(email.cc).toBeUndefined();
    expect(email.bcc).toBeUndefined();
    expect(email.subject).toBe('Lunch Bcc: everyone@example.com');
    expect(email.inReplyTo).toBeUndefined();
    expect(email.references).toBe('<ok@example.com>');
    expect(email.text?.trimEnd()).toBe('Friday?');
  });
});

describe('markdownAsPlainText', () => {
  it('takes the marks off and keeps the shape: headings, lists, quotes, links, tables', () => {
    const markdown = [
      '## Plan',
      '',
      'See [the sheet](https://example.com/q3) and <https://example.com>, or write to [me](mailto:bob@example.com).',
      '',
      '1. First',
      '2. Second',
      '   - nested',
      '',
      '> Quoted **line**',
      '',
      '| City | Staff |',
      '| --- | --- |',
      '| Zürich | 12 |',
      '',
      '`code` and ~~gone~~ and __bold__',
    ].join('\n');
    expect(markdownAsPlainText(markdown)).toBe(
      [
        'Plan',
        '',
        'See the sheet (https://example.com/q3) and https://example.com, or write to me (bob@example.com).',
        '',
        '1. First\n2. Second\n  - nested',
        '',
        '> Quoted line',
        '',
        'City | Staff\nZürich | 12',
        '',
        'code and gone and bold',
      ].join('\n'),
    );
  });
});
