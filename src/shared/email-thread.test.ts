import { describe, expect, it } from 'vitest';
import {
  type EmailThread,
  emailThreadText,
  formatMailbox,
  forwardSubject,
  parseMailboxes,
  readableDate,
  readPastedThread,
  replyAllRecipients,
  replySubject,
  splitQuotedHistory,
} from './email-thread.ts';

const thread = (fields: Partial<EmailThread>): EmailThread => ({
  subject: '',
  from: null,
  to: [],
  cc: [],
  replyTo: [],
  date: null,
  messageId: null,
  references: [],
  attachments: [],
  message: '',
  quoted: '',
  ...fields,
});

describe('replySubject and forwardSubject', () => {
  it('put one Re: before the subject, whatever reply prefixes it had', () => {
    expect(replySubject('Budget')).toBe('Re: Budget');
    expect(replySubject('Re: Budget')).toBe('Re: Budget');
    expect(replySubject('Re: Re: RE: Budget')).toBe('Re: Budget');
    expect(replySubject('AW: Re[2]: SV:Budget')).toBe('Re: Budget');
    expect(replySubject('  re : Budget ')).toBe('Re: Budget');
    expect(replySubject('Reply: needed')).toBe('Re: Reply: needed');
    expect(replySubject('Fwd: Budget')).toBe('Re: Fwd: Budget');
    expect(replySubject('')).toBe('Re:');
  });

  it('put one Fwd: before the subject, keeping a reply prefix', () => {
    expect(forwardSubject('Budget')).toBe('Fwd: Budget');
    expect(forwardSubject('Fwd: FW: WG: Budget')).toBe('Fwd: Budget');
    expect(forwardSubject('Re: Budget')).toBe('Fwd: Re: Budget');
  });

  it('take linear time on a subject of 100,000 prefixes', () => {
    const started = performance.now();
    expect(replySubject(`${'Re: '.repeat(100_000)}x`)).toBe('Re: x');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('parseMailboxes and formatMailbox', () => {
  it('read names and addresses as mail clients write them', () => {
    expect(
      parseMailboxes(
        'Ana Ruiz <ana@example.com>, "Ruiz, Ana" <ana2@example.com>, bob@example.com, carol@example.com (Carol C)',
      ),
    ).toEqual([
      { name: 'Ana Ruiz', address: 'ana@example.com' },
      { name: 'Ruiz, Ana', address: 'ana2@example.com' },
      { name: '', address: 'bob@example.com' },
      { name: 'Carol C', address: 'carol@example.com' },
    ]);
  });

  it("read Outlook's lists: semicolons, unquoted 'Last, First', [mailto:] and names alone", () => {
    expect(
      parseMailboxes(
        'Ruiz, Ana <ana@example.com>; Dan Brown [mailto:dan@example.com]; Bob Smith; "A \\"B\\"" <ab@x.io>',
      ),
    ).toEqual([
      { name: 'Ruiz, Ana', address: 'ana@example.com' },
      { name: 'Dan Brown', address: 'dan@example.com' },
      { name: 'Bob Smith', address: '' },
      { name: 'A "B"', address: 'ab@x.io' },
    ]);
    expect(parseMailboxes('Ruiz, Ana <ana@example.com>, Bob <bob@example.com>')).toEqual([
      { name: 'Ruiz, Ana', address: 'ana@example.com' },
      { name: 'Bob', address: 'bob@example.com' },
    ]);
    expect(parseMailboxes("'ana@example.com' <ana@example.com>, ,")).toEqual([
      { name: '', address: 'ana@example.com' },
    ]);
    expect(parseMailboxes('')).toEqual([]);
  });

  it('quote a name with specials, and give the address alone without a name', () => {
    expect(formatMailbox({ name: 'Ruiz, Ana', address: 'ana@example.com' })).toBe(
      '"Ruiz, Ana" <ana@example.com>',
    );
    expect(formatMailbox({ name: 'A "B"', address: 'ab@x.io' })).toBe('"A \\"B\\"" <ab@x.io>');
    expect(formatMailbox({ name: 'Ana Ruíz', address: 'ana@example.com' })).toBe(
      'Ana Ruíz <ana@example.com>',
    );
    expect(formatMailbox({ name: '', address: 'ana@example.com' })).toBe('ana@example.com');
  });

  it('take linear time on 100,000 characters without a separator or bracket that closes', () => {
    const started = performance.now();
    parseMailboxes(`"${'a@'.repeat(50_000)}`);
    parseMailboxes('<'.repeat(50_000) + 'a@b'.repeat(10_000));
    parseMailboxes('x@'.repeat(50_000));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('replyAllRecipients', () => {
  const ana = { name: 'Ana', address: 'ana@example.com' };
  const bob = { name: 'Bob', address: 'bob@example.com' };
  const carol = { name: 'Carol', address: 'carol@example.com' };
  const me = { name: 'Me', address: 'Me@Example.com' };

  it('answers the sender and copies the others, without the person or anyone twice', () => {
    const received = thread({
      from: ana,
      to: [me, bob],
      cc: [carol, { name: 'Bob again', address: 'BOB@example.com' }],
    });
    expect(replyAllRecipients(received, 'me@example.com')).toEqual({ to: [ana], cc: [bob, carol] });
  });

  it('answers the Reply-To addresses instead of the sender, and drops names without an address', () => {
    const team = { name: 'Team', address: 'team@example.com' };
    const received = thread({
      from: ana,
      replyTo: [team],
      to: [me, { name: 'Dan', address: '' }],
      cc: [ana],
    });
    expect(replyAllRecipients(received, 'me@example.com')).toEqual({ to: [team], cc: [ana] });
  });

  it("goes to the recipients as they were on one's own message", () => {
    const sent = thread({ from: me, to: [ana], cc: [bob] });
    expect(replyAllRecipients(sent, ' ME@example.com ')).toEqual({ to: [ana], cc: [bob] });
  });
});

describe('splitQuotedHistory', () => {
  it("splits at 'On … wrote:', on one line or wrapped over two", () => {
    expect(splitQuotedHistory('Sounds good.\n\nOn Tue, 4 Mar 2025, Ana wrote:\n> Lunch?')).toEqual({
      message: 'Sounds good.',
      quoted: 'On Tue, 4 Mar 2025, Ana wrote:\n> Lunch?',
    });
    expect(
      splitQuotedHistory(
        'Yes.\r\n\r\nOn Tue, Mar 4, 2025 at 10:12 AM Ana Ruiz <ana@example.com>\r\nwrote:\r\n> Lunch?',
      ),
    ).toEqual({
      message: 'Yes.',
      quoted: 'On Tue, Mar 4, 2025 at 10:12 AM Ana Ruiz <ana@example.com>\nwrote:\n> Lunch?',
    });
    expect(splitQuotedHistory('Ja.\n\nAm 04.03.2025 um 10:12 schrieb Ana Ruiz:\n> Mittag?').message).toBe(
      'Ja.',
    );
    expect(splitQuotedHistory('Oui.\n\nLe 4 mars 2025 à 10:12, Ana Ruiz a écrit :\n> Midi ?').message).toBe(
      'Oui.',
    );
    expect(splitQuotedHistory('Ja.\n\nOp 4 mrt. 2025 om 10:12 schreef Ana <a@x.io>:\n\nLunch?').message).toBe(
      'Ja.',
    );
  });

  it("splits at Outlook's separators and its From/Sent block, the rule above it included", () => {
    expect(splitQuotedHistory('Done.\n\n-----Original Message-----\nFrom: Ana\nSent: Monday\n\nOld')).toEqual(
      {
        message: 'Done.',
        quoted: '-----Original Message-----\nFrom: Ana\nSent: Monday\n\nOld',
      },
    );
    expect(
      splitQuotedHistory(
        'Done.\n\n________________________________\nFrom: Ana <a@x.io>\nSent: Monday\nTo: Bob\n\nOld',
      ),
    ).toEqual({
      message: 'Done.',
      quoted: '________________________________\nFrom: Ana <a@x.io>\nSent: Monday\nTo: Bob\n\nOld',
    });
    expect(splitQuotedHistory('Done.\n*From:* Ana *Sent:* Monday *To:* Bob\nOld').quoted).toBe(
      '*From:* Ana *Sent:* Monday *To:* Bob\nOld',
    );
    // A 'From:' line that no 'Sent:', 'Date:', 'To:' or 'Subject:' follows is the person's own text.
    expect(splitQuotedHistory('From: the team, thanks.\n\nAll the best').quoted).toBe('');
  });

  it('splits at a forwarded message', () => {
    expect(splitQuotedHistory('FYI\n\n---------- Forwarded message ---------\nFrom: Ana\n\nHello')).toEqual({
      message: 'FYI',
      quoted: '---------- Forwarded message ---------\nFrom: Ana\n\nHello',
    });
    expect(splitQuotedHistory('See below.\n\nBegin forwarded message:\n\nFrom: Ana').message).toBe(
      'See below.',
    );
  });

  it("splits at the '>' lines that end the text, with the 'Ana wrote:' line above them", () => {
    expect(splitQuotedHistory('Yes.\n\nAna Ruiz <ana@example.com> wrote:\n> Lunch?\n>\n> > Earlier')).toEqual(
      {
        message: 'Yes.',
        quoted: 'Ana Ruiz <ana@example.com> wrote:\n> Lunch?\n>\n> > Earlier',
      },
    );
    expect(splitQuotedHistory('Yes.\n> Lunch?')).toEqual({ message: 'Yes.', quoted: '> Lunch?' });
  });

  it('keeps an interleaved reply whole: the person writes between the quoted lines', () => {
    const interleaved = '> Lunch on Friday?\nYes, at noon.\n> Where?\nThe usual place.';
    expect(splitQuotedHistory(interleaved)).toEqual({ message: interleaved, quoted: '' });
    expect(splitQuotedHistory(`On Monday, Ana wrote:\n${interleaved}`)).toEqual({
      message: `On Monday, Ana wrote:\n${interleaved}`,
      quoted: '',
    });
  });

  it('gives all of a text without quotes as the message', () => {
    expect(splitQuotedHistory('  Just this.\n\nAna  ')).toEqual({ message: 'Just this.\n\nAna', quoted: '' });
    expect(splitQuotedHistory('')).toEqual({ message: '', quoted: '' });
  });

  it('takes linear time on 100,000 characters built against its patterns', () => {
    const hostile = [
      `On ${' '.repeat(99_990)}x`,
      `${'On a wrote '.repeat(30)}\n`.repeat(300),
      `From: ${'Sent: '.repeat(60)}\n`.repeat(250),
      `-- ${'-'.repeat(300)} \n`.repeat(300),
      '> \n'.repeat(30_000),
      `${'wrote '.repeat(16_000)}:x`,
    ];
    for (const text of hostile) {
      const started = performance.now();
      splitQuotedHistory(text);
      readPastedThread(text);
      expect(performance.now() - started).toBeLessThan(500);
    }
  });
});

describe('readPastedThread', () => {
  it('reads an Outlook paste: its headers, the message, and the history below its rule', () => {
    const pasted = [
      'From: Ana Ruiz <ana@example.com>',
      'Sent: Tue, 4 Mar 2025 10:12:00 +0100',
      'To: "Smith, Bob" <bob@example.com>; Carol <carol@example.com>',
      'Cc: dan@example.com',
      'Subject: RE: Q3 budget',
      'Importance: High',
      '',
      'Hi Bob,',
      '',
      'Can you send the numbers by Friday?',
      '',
      '________________________________',
      'From: Bob Smith <bob@example.com>',
      'Sent: Monday, March 3, 2025 9:00 AM',
      'Subject: Q3 budget',
      '',
      'Here is the draft.',
    ].join('\r\n');
    expect(readPastedThread(pasted)).toEqual({
      subject: 'RE: Q3 budget',
      from: { name: 'Ana Ruiz', address: 'ana@example.com' },
      to: [
        { name: 'Smith, Bob', address: 'bob@example.com' },
        { name: 'Carol', address: 'carol@example.com' },
      ],
      cc: [{ name: '', address: 'dan@example.com' }],
      replyTo: [],
      date: '2025-03-04T09:12:00.000Z',
      messageId: null,
      references: [],
      attachments: [],
      message: 'Hi Bob,\n\nCan you send the numbers by Friday?',
      quoted:
        '________________________________\nFrom: Bob Smith <bob@example.com>\nSent: Monday, March 3, 2025 9:00 AM\nSubject: Q3 budget\n\nHere is the draft.',
    });
  });

  it('reads wrapped header lines, Date: and Reply-To:, and the first of a header given twice', () => {
    const pasted = [
      '',
      'From: ana@example.com',
      'To: bob@example.com,',
      '  carol@example.com',
      'Reply-To: team@example.com',
      'Date: Tue, 4 Mar 2025 10:12:00 +0000',
      'Subject: Lunch',
      'Subject: Not this one',
      '  nor this',
      'Friday?',
    ].join('\n');
    expect(readPastedThread(pasted)).toMatchObject({
      subject: 'Lunch',
      to: [
        { name: '', address: 'bob@example.com' },
        { name: '', address: 'carol@example.com' },
      ],
      replyTo: [{ name: '', address: 'team@example.com' }],
      date: '2025-03-04T10:12:00.000Z',
      message: 'Friday?',
    });
  });

  it('takes a paste without headers as message and history only', () => {
    expect(readPastedThread('Thanks!\n\nOn Mon, Ana wrote:\n> Done')).toEqual(
      thread({ message: 'Thanks!', quoted: 'On Mon, Ana wrote:\n> Done' }),
    );
  });
});

describe('readableDate', () => {
  it('reads the dates mail clients write, and no date where there is none', () => {
    expect(readableDate('Tue, 4 Mar 2025 10:12:00 +0100 (CET)')).toBe('2025-03-04T09:12:00.000Z');
    expect(readableDate('Tuesday, March 4, 2025 at 10:12 AM +0000')).toBe('2025-03-04T10:12:00.000Z');
    expect(readableDate('2025-03-04T09:12:00.000Z')).toBe('2025-03-04T09:12:00.000Z');
    expect(readableDate('garbage 12')).toBeNull();
    expect(readableDate('Mittwoch, 5. März 2025')).toBeNull();
    expect(readableDate('x'.repeat(1000))).toBeNull();
  });
});

describe('emailThreadText', () => {
  it('gives the headers, the message, the history and the attachments, leaving out what is missing', () => {
    const text = emailThreadText(
      thread({
        from: { name: 'Ruiz, Ana', address: 'ana@example.com' },
        to: [{ name: '', address: 'bob@example.com' }],
        date: '2025-03-04T09:12:00.000Z',
        subject: 'Re: Lunch',
        message: 'Friday?',
        quoted: '> Lunch?',
        attachments: [
          { name: 'menu.pdf', type: 'application/pdf', size: 10 },
          { name: 'map.png', type: 'image/png', size: 20 },
        ],
      }),
    );
    expect(text).toBe(
      'From: "Ruiz, Ana" <ana@example.com>\nTo: bob@example.com\nDate: Tue, 04 Mar 2025 09:12:00 GMT\nSubject: Re: Lunch\n\nFriday?\n\nEarlier in the thread:\n\n> Lunch?\n\nAttachments (not read): menu.pdf, map.png',
    );
    expect(emailThreadText(thread({ message: 'Hi' }))).toBe('Hi');
  });

  it('lists at most 50 attachment names and counts the rest', () => {
    const attachments = Array.from({ length: 53 }, (_, i) => ({
      name: `f${i}.txt`,
      type: 'text/plain',
      size: 1,
    }));
    expect(emailThreadText(thread({ attachments }))).toMatch(/f49\.txt, and 3 more$/);
  });
});
