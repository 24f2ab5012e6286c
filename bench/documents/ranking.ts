/**
 * Ranking a long document's parts for a follow-up (issue 32, ADR 0029): a chat with a 1,000-page
 * document (about 300 words, 1,800 characters a page: DOCUMENT_MAX_CHARS allows 2 million in all; cut into parts as a generation cuts them), its parts saved as a
 * chat saves them, then the passages that best match each of several questions ranked by PostgreSQL's
 * full text (`rankedDocumentParts`), against reading all of the document's parts in the same run. In
 * process, on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL. Returns the figures as Markdown.
 */
import { randomUUID } from 'node:crypto';
import { percentile } from '#bench/overhead/timed-request';
import { history } from '#server/db/schema';
import { splitDocument } from '#server/tools/document-parts';
import { createUser } from '#tests/factories/user';
import { createTestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

const PAGES = Number(process.env.BENCH_RANKING_PAGES ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

const WORDS = [
  'committee',
  'budget',
  'staff',
  'risk',
  'review',
  'depot',
  'archive',
  'contract',
  'schedule',
  'supplier',
  'inspection',
  'safety',
  'training',
  'quarter',
  'forecast',
  'invoice',
  'meeting',
  'policy',
  'audit',
  'plan',
];

/** A page of ordinary prose; page 750 alone names the rare "Quillon". */
function pageText(page: number): string {
  const sentences: string[] = [];
  for (let s = 0; s < 12; s++) {
    const w = (k: number) => WORDS[(page * 7 + s * 3 + k) % WORDS.length];
    sentences.push(
      `The ${w(0)} for section ${page}.${s} was discussed with the ${w(1)} team, who asked for a clearer account of the ${w(2)} and the ${w(3)} before the next ${w(4)}.`,
    );
  }
  if (page === 750) sentences.push('The purple elephant Quillon guards the eastern archive every night.');
  return sentences.join(' ');
}

const QUESTIONS: [string, string][] = [
  ['a rare word (one page)', 'Who is Quillon and what does he guard?'],
  ['common words (every page)', 'What did the committee say about the budget and the staff?'],
  [
    'a long question',
    'Summarize what the document says about supplier contracts, invoices, audits and the safety training schedule for next quarter, and the risks named.',
  ],
  ['no match', 'zebrafish aquarium'],
  // The worst a question can be (history/document-parts.ts ranks its first 32 distinct words): every
  // word of the document's, and then some, so that every term matches every page.
  [
    'the worst question: 32 words, each on every page',
    [
      ...WORDS,
      'section',
      'discussed',
      'team',
      'asked',
      'clearer',
      'account',
      'next',
      'before',
      'for',
      'was',
      'with',
      'who',
      ...WORDS,
    ].join(' '),
  ],
];

async function timed(call: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 3; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times;
}

const ms = (values: number[]) =>
  `${percentile(values, 50).toFixed(1)} / ${percentile(values, 95).toFixed(1)} ms`;

export async function rankingFigures(): Promise<string> {
  const pageStarts: number[] = [];
  let text = '';
  for (let page = 1; page <= PAGES; page++) {
    pageStarts.push(text.length);
    text += `${pageText(page)}\n\n`;
  }
  const parts = splitDocument(text, pageStarts);
  const rows: string[] = [];
  for (const kind of testDatabaseKinds()) {
    const t = await createTestApp(kind, { HISTORY_MAX_CHATS_PER_USER: '0' });
    try {
      const user = await createUser(t.app);
      const id = randomUUID();
      await t.app.database.db.insert(history).values({
        id,
        userId: user.uid,
        service: 'doc-summarizer',
        title: 'long.pdf',
        messages: [{ role: 'user', content: 'Document: long.pdf' }],
        status: 'complete',
      });
      const repo = t.app.historyRepository;
      const started = performance.now();
      await repo.insertDocumentParts(id, parts);
      const saveMs = performance.now() - started;
      const chat = (await repo.get(user.uid, id))!;
      const all = await timed(() => repo.documentParts(chat));
      rows.push(
        `| ${kind} | saving its ${parts.length.toLocaleString('en')} parts | ${saveMs.toFixed(0)} ms, once |`,
      );
      rows.push(`| ${kind} | reading all its parts (the reference) | ${ms(all)} |`);
      for (const [label, question] of QUESTIONS) {
        const ranked = await timed(() => repo.rankedDocumentParts(chat, question, 40));
        const best = await repo.rankedDocumentParts(chat, question, 1);
        const note = label.startsWith('a rare') ? ` (best: p. ${best[0]?.page})` : '';
        rows.push(
          `| ${kind} | ranking, ${label}${note} | ${ms(ranked)} (${(percentile(ranked, 50) / percentile(all, 50)).toFixed(2)}× reading all) |`,
        );
      }
    } finally {
      await t.close();
    }
  }
  return [
    `Ranking a ${PAGES.toLocaleString('en')}-page document (${(text.length / 1e6).toFixed(1)} million characters, ${parts.length.toLocaleString('en')} parts) for a follow-up: the 40 best parts by ts_rank_cd, median / p95 of ${RUNS} runs, in process.`,
    '',
    '| Database | What | Time |',
    '| --- | --- | --- |',
    ...rows,
  ].join('\n');
}
