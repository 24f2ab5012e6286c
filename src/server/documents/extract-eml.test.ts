import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/config';
import { DocumentExtractor } from './document-extractor.ts';
import { type DocumentLimits, documentLimits } from './document-limits.ts';

/**
 * .eml files read as the server reads an upload: through the isolated extractor (its child process,
 * memory cap and time limit), with the e-mail helper's formats. The files are written here.
 */
const LIMITS: DocumentLimits = documentLimits(loadConfig({}));
const extractor = new DocumentExtractor(LIMITS);
afterAll(() => extractor.close());

const EMAIL_FORMATS = ['eml'] as const;
const read = (fileName: string, bytes: Buffer, using = extractor) =>
  using.extractDocument({ bytes, fileName, formats: EMAIL_FORMATS });

interface Failure {
  code: string;
  statusCode: number;
  message: string;
}
async function failure(promise: Promise<unknown>): Promise<Failure> {
  try {
    await promise;
  } catch (err) {
    return err as Failure;
  }
  throw new Error('expected the extraction to fail');
}

const crlf = (lines: string[]) => Buffer.from(lines.join('\r\n'));
const base64Lines = (bytes: Buffer) => bytes.toString('base64').replace(/.{76}/g, '$&\r\n');

const SPREADSHEET = Buffer.from('PK fake spreadsheet bytes: not read, only counted');

/** A reply as Gmail sends it: text and HTML alternatives, a quoted history, a spreadsheet attached. */
const REPLY = crlf([
  'Return-Path: <ana@example.com>',
  'Received: from mail.example.com by mx.example.org; Tue, 4 Mar 2025 10:12:05 +0100',
  'MIME-Version: 1.0',
  'From: =?UTF-8?Q?Ana_Ru=C3=ADz?= <ana@example.com>',
  'To: "Smith, Bob" <bob@example.com>, carol@example.com',
  'Cc: Dan <dan@example.com>',
  'Reply-To: Budget team <budget@example.com>',
  'Subject: =?UTF-8?Q?Re:_Q3_budget_=E2=80=94_Z=C3=BCrich?=',
  'Date: Tue, 4 Mar 2025 10:12:00 +0100',
  'Message-ID: <reply-2@mail.example.com>',
  'In-Reply-To: <start-1@mail.example.org>',
  'References: <start-1@mail.example.org>',
  ' <middle-1@mail.example.com>',
  'Content-Type: multipart/mixed; boundary="mixed"',
  '',
  '--mixed',
  'Content-Type: multipart/alternative; boundary="alt"',
  '',
  '--alt',
  'Content-Type: text/plain; charset="UTF-8"',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Hi Bob,',
  '',
  'Can you send the Z=C3=BCrich numbers by Friday? The sheet is attached.',
  '',
  'Ana',
  '',
  'On Mon, Mar 3, 2025 at 9:00 AM Bob Smith <bob@example.com>',
  'wrote:',
  '> Here is the first draft of the Q3 budget.',
  '>',
  '> Bob',
  '',
  '--alt',
  'Content-Type: text/html; charset="UTF-8"',
  '',
  '<div>Hi Bob, (the HTML alternative, not read when there is text)</div>',
  '--alt--',
  '',
  '--mixed',
  'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet; name="budget.xlsx"',
  'Content-Disposition: attachment; filename="budget.xlsx"',
  'Content-Transfer-Encoding: base64',
  '',
  base64Lines(SPREADSHEET),
  '--mixed--',
  '',
]);

describe('an .eml reply', () => {
  it('gives the thread: headers, the latest message, the quoted history and the attachments listed', async () => {
    const document = await read('Re Q3 budget.eml', REPLY);
    expect(document).toMatchObject({ format: 'eml', tables: 0, chars: document.text.length });
    expect(document.pages).toBeUndefined();
    expect(document.email).toEqual({
      subject: 'Re: Q3 budget — Zürich',
      from: { name: 'Ana Ruíz', address: 'ana@example.com' },
      to: [
        { name: 'Smith, Bob', address: 'bob@example.com' },
        { name: '', address: 'carol@example.com' },
      ],
      cc: [{ name: 'Dan', address: 'dan@example.com' }],
      replyTo: [{ name: 'Budget team', address: 'budget@example.com' }],
      date: '2025-03-04T09:12:00.000Z',
      messageId: '<reply-2@mail.example.com>',
      references: ['<start-1@mail.example.org>', '<middle-1@mail.example.com>'],
      attachments: [
        {
          name: 'budget.xlsx',
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          size: SPREADSHEET.length,
        },
      ],
      message: 'Hi Bob,\n\nCan you send the Zürich numbers by Friday? The sheet is attached.\n\nAna',
      quoted:
        'On Mon, Mar 3, 2025 at 9:00 AM Bob Smith <bob@example.com>\nwrote:\n> Here is the first draft of the Q3 budget.\n>\n> Bob',
    });
    expect(document.text).toBe(
      [
        'From: Ana Ruíz <ana@example.com>\nTo: "Smith, Bob" <bob@example.com>, carol@example.com\nCc: Dan <dan@example.com>\nDate: Tue, 04 Mar 2025 09:12:00 GMT\nSubject: Re: Q3 budget — Zürich',
        'Hi Bob,\n\nCan you send the Zürich numbers by Friday? The sheet is attached.\n\nAna',
        'Earlier in the thread:\n\nOn Mon, Mar 3, 2025 at 9:00 AM Bob Smith <bob@example.com>\nwrote:\n> Here is the first draft of the Q3 budget.\n>\n> Bob',
        'Attachments (not read): budget.xlsx',
      ].join('\n\n'),
    );
  });

  it('takes the In-Reply-To as References when there are none, and an mbox line above the headers', async () => {
    const mail = crlf([
      'From ana@example.com Tue Mar  4 10:12:00 2025',
      'From: ana@example.com',
      'Subject: Lunch?',
      'In-Reply-To: <only-1@example.org>',
      '',
      'Friday works.',
    ]);
    const { email } = await read('lunch.eml', mail);
    expect(email).toMatchObject({ references: ['<only-1@example.org>'], messageId: null, date: null });
    expect(email).toMatchObject({ message: 'Friday works.', quoted: '', attachments: [] });
  });

  it('reads an HTML-only e-mail as text, its quoted history split off at the quote the mail app marked', async () => {
    const html = [
      '<html><head><style>p { margin: 0 }</style><title>ignored</title></head><body>',
      '<div dir="ltr"><p>Hi&nbsp;Bob,</p><p>Yes &amp; <b>no</b>: see <a href="https://example.com/q3">the plan</a>.</p>',
      '<ul><li>Caf&eacute; costs</li><li>Travel &#8211; &#x1F600;</li></ul></div>',
      '<div class="gmail_quote"><div class="gmail_attr">On Mon, Bob wrote:<br></div>',
      '<blockquote class="gmail_quote"><div>Old text</div></blockquote></div>',
      '</body></html>',
    ].join('\r\n');
    const mail = crlf([
      'From: Ana <ana@example.com>',
      'To: bob@example.com',
      'Subject: Plan',
      'Content-Type: text/html; charset=utf-8',
      '',
      html,
    ]);
    const { email, text } = await read('plan.eml', mail);
    expect(email?.message).toBe('Hi Bob,\nYes & no: see the plan.\n- Café costs\n- Travel – 😀');
    expect(email?.quoted).toBe('On Mon, Bob wrote:\nOld text');
    expect(text).not.toContain('margin');
    expect(text).not.toContain('ignored');
  });

  it('splits an Outlook HTML reply at its divRplyFwdMsg, and a plain Outlook block at its From/Sent', async () => {
    const outlook = crlf([
      'From: Ana <ana@example.com>',
      'Subject: RE: Plan',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<div>Fine by me.</div><hr><div id="divRplyFwdMsg"><b>From:</b> Bob<br><b>Sent:</b> Monday</div><div>Old</div>',
    ]);
    expect((await read('outlook.eml', outlook)).email).toMatchObject({
      message: 'Fine by me.',
      quoted: 'From: Bob\nSent: Monday\nOld',
    });
    const plain = crlf([
      'From: Ana <ana@example.com>',
      'Subject: RE: Plan',
      '',
      'Fine by me.',
      '',
      '-----Original Message-----',
      'From: Bob',
      'Sent: Monday',
      '',
      'Old',
    ]);
    expect((await read('outlook-plain.eml', plain)).email).toMatchObject({
      message: 'Fine by me.',
      quoted: '-----Original Message-----\nFrom: Bob\nSent: Monday\n\nOld',
    });
  });

  it('lists an attached message and an attached zip bomb by name and size, without opening either', async () => {
    // 64 MB of zeros deflated to 64 KB, as a zip bomb's entries are: listed at the size it was sent.
    const bomb = deflateRawSync(Buffer.alloc(64 * 1024 * 1024));
    const mail = crlf([
      'From: Ana <ana@example.com>',
      'Subject: Fwd: files',
      'Content-Type: multipart/mixed; boundary=b',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'Two files.',
      '--b',
      'Content-Type: application/zip; name=bomb.zip',
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(bomb),
      '--b',
      'Content-Type: message/rfc822',
      '',
      'From: someone@example.org',
      'Subject: Inner',
      '',
      'Not read.',
      '--b--',
    ]);
    const { email, text } = await read('files.eml', mail);
    expect(email?.attachments).toEqual([
      { name: 'bomb.zip', type: 'application/zip', size: bomb.length },
      { name: 'attached message.eml', type: 'message/rfc822', size: expect.any(Number) },
    ]);
    expect(text).toContain('Attachments (not read): bomb.zip, attached message.eml');
    expect(text).not.toContain('Not read.');
  });
});

describe('formats per tool', () => {
  it('refuses an .eml for the documents (the resume assistant) and a PDF for the e-mail helper, with 415', async () => {
    const eml = await failure(extractor.extractDocument({ bytes: REPLY, fileName: 'thread.eml' }));
    expect(eml).toMatchObject({ code: 'unsupported_media_type:file_type', statusCode: 415 });
    expect(eml.message).toBe('“thread.eml” cannot be read: choose a .txt, .pdf, .doc, .docx or .odt file.');
    const pdf = await failure(read('report.pdf', Buffer.from('%PDF-1.7\n')));
    expect(pdf).toMatchObject({ code: 'unsupported_media_type:file_type', statusCode: 415 });
    expect(pdf.message).toBe('“report.pdf” cannot be read: choose an e-mail message (.eml).');
  });

  it('takes an .eml named without an extension by its declared type, for the e-mail helper only', async () => {
    const input = { bytes: REPLY, fileName: 'thread', declaredType: 'message/rfc822' };
    expect((await extractor.extractDocument({ ...input, formats: EMAIL_FORMATS })).format).toBe('eml');
    expect(await failure(extractor.extractDocument(input))).toMatchObject({ statusCode: 415 });
  });
});

describe('hostile .eml files', { timeout: 30_000 }, () => {
  it('refuses an empty file, and one that is not an e-mail', async () => {
    expect(await failure(read('empty.eml', Buffer.alloc(0)))).toMatchObject({
      code: 'bad_request:file_empty',
      statusCode: 400,
    });
    const notMail = await failure(read('notes.eml', Buffer.from('Dear diary,\nnothing happened.\n')));
    expect(notMail).toMatchObject({ code: 'bad_request:file_unreadable', statusCode: 400 });
    expect(notMail.message).toMatch(/^The e-mail file “notes.eml” could not be read: it does not begin/);
    const noHeaders = await failure(read('note.eml', Buffer.from('Note: buy milk\nand bread\n')));
    expect(noHeaders.message).toContain('it has none of the headers of an e-mail');
    expect(await failure(read('random.eml', randomBytes(64 * 1024)))).toMatchObject({ statusCode: 400 });
    expect(await failure(read('report.eml', Buffer.from('%PDF-1.7\n')))).toMatchObject({
      code: 'unsupported_media_type:file_signature',
      statusCode: 415,
    });
  });

  it('refuses a 5 MB header line', async () => {
    const mail = Buffer.from(`From: a@example.com\r\nSubject: ${'x'.repeat(5 * 1024 * 1024)}\r\n\r\nHi`);
    const outcome = await failure(read('huge-header.eml', mail));
    expect(outcome).toMatchObject({ code: 'bad_request:file_unreadable', statusCode: 400 });
    expect(outcome.message).toContain('its headers take more than 256 KB');
  });

  it('refuses multipart parts nested 10,000 levels deep', async () => {
    const levels = Array.from(
      { length: 10_000 },
      (_, i) => `Content-Type: multipart/mixed; boundary=b${i}\r\n\r\n--b${i}\r\n`,
    );
    const outcome = await failure(read('deep.eml', Buffer.from(`From: a@example.com\r\n${levels.join('')}`)));
    expect(outcome).toMatchObject({ code: 'bad_request:file_unreadable', statusCode: 400 });
    expect(outcome.message).toContain('nested more than 32 levels deep');
  });

  it('refuses a file of too many lines before parsing it', async () => {
    const outcome = await failure(
      read('lines.eml', Buffer.from(`From: a@example.com\r\n\r\n${'a\n'.repeat(600_000)}`)),
    );
    expect(outcome.message).toContain('more than 500,000 lines');
  });

  it('refuses a mail bomb of thousands of tiny attachments', async () => {
    const parts = Array.from(
      { length: 2_000 },
      (_, i) =>
        `--b\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename="p${i}.bin"\r\n\r\nx\r\n`,
    ).join('');
    const bomb = `From: a@example.com\r\nSubject: bomb\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nHi\r\n${parts}--b--\r\n`;
    const outcome = await failure(read('bomb.eml', Buffer.from(bomb)));
    expect(outcome).toMatchObject({ code: 'bad_request:file_unreadable', statusCode: 400 });
    expect(outcome.message).toContain('more than 500 attachments');
  });

  it('refuses more text than DOCUMENT_MAX_CHARS', async () => {
    const small = new DocumentExtractor({ ...LIMITS, maxChars: 1000 });
    try {
      const mail = Buffer.from(`From: a@example.com\r\n\r\n${'word '.repeat(1000)}`);
      expect(await failure(read('long.eml', mail, small))).toMatchObject({
        code: 'payload_too_large:file_text',
        statusCode: 413,
      });
    } finally {
      small.close();
    }
  });

  it('reads 400,000 short lines within the time and memory caps', async () => {
    const mail = Buffer.from(`From: a@example.com\r\n\r\n${'ab\n'.repeat(400_000)}`);
    const small = new DocumentExtractor({ ...LIMITS, maxChars: 2_000_000 });
    try {
      const { email } = await read('short-lines.eml', mail, small);
      expect(email?.message.length).toBe(400_000 * 3 - 1);
    } finally {
      small.close();
    }
  });
});
