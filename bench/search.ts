/**
 * `npm run bench:search`: searching a user's history of 10,000 chats (issue 16: results within 100 ms),
 * against reading the first page of the same history in the same run. In process (app.inject: the route,
 * its validation and serialization, no sockets), on PGlite and, when TEST_DATABASE_URL is set, on
 * PostgreSQL. Prints a table; `--write` puts it into bench/README.md.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { percentile } from '#bench/overhead/timed-request';
import { machine, writeResults } from '#bench/scale/report';
import { history } from '#server/db/schema';
import { TOOL_SLUGS } from '#shared/tools';
import { createUser } from '#tests/factories/user';
import { createTestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

const CHATS = Number(process.env.BENCH_CHATS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const README = fileURLToPath(new URL('./README.md', import.meta.url));

/** Words chats are made of: a few common, most rare, so searches find many chats or few. */
const COMMON = ['draft', 'review', 'team', 'plan', 'code', 'release', 'customer', 'update'];
const RARE = Array.from({ length: 400 }, (_, i) => `topic${i.toString(36)}word`);
const FILLER =
  'The answer walks through the request step by step, with examples, a short list of risks and a summary ' +
  'the reader can act on. It keeps the tone the user asked for and ends with the next steps. ';

/** Searches a person makes: a common word, a rare one, two words, a word typed half way, a phrase, none. */
const QUERIES: [string, string][] = [
  ['common word (matches ~1 in 2)', 'q=review'],
  ['rare word (~25 chats)', `q=${RARE[7]}`],
  ['two words', `q=release%20${RARE[11]}`],
  ['word typed half way', 'q=custo'],
  ['quoted phrase', 'q=%22next%20steps%22'],
  ['no match', 'q=zebrafishes'],
  ['common word, one tool', 'q=review&service=code-explainer'],
];

function chatText(i: number): { title: string; prompt: string; answer: string } {
  const pick = (list: string[], n: number) => list[n % list.length]!;
  const title = `${pick(COMMON, i)} ${pick(RARE, i * 7)} ${i}`;
  const prompt = `Please help with the ${pick(COMMON, i + 3)} of ${pick(RARE, i * 13 + 5)}.`;
  const answer = `# ${title}\n\n${FILLER.repeat(8)}${pick(COMMON, i + 5)} ${pick(RARE, i * 3 + 1)}.`;
  return { title, prompt, answer };
}

async function measure(call: () => Promise<{ statusCode: number }>): Promise<number[]> {
  for (let i = 0; i < 5; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const res = await call();
    times.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
  }
  return times;
}

const ms = (values: number[]) =>
  `${percentile(values, 50).toFixed(1)} / ${percentile(values, 95).toFixed(1)} ms`;

const sections: string[] = [];
for (const kind of testDatabaseKinds()) {
  const t = await createTestApp(kind, { HISTORY_MAX_CHATS_PER_USER: '0' });
  try {
    const user = await createUser(t.app);
    const now = Date.now();
    for (let start = 0; start < CHATS; start += 500) {
      const rows = Array.from({ length: Math.min(500, CHATS - start) }, (_, j) => {
        const i = start + j;
        const { title, prompt, answer } = chatText(i);
        return {
          id: randomUUID(),
          userId: user.uid,
          service: TOOL_SLUGS[i % TOOL_SLUGS.length]!,
          title,
          messages: [
            { role: 'user' as const, content: prompt },
            { role: 'assistant' as const, content: answer },
          ],
          createdAt: new Date(now - i * 60_000),
          updatedAt: new Date(now - i * 60_000),
        };
      });
      await t.app.database.db.insert(history).values(rows);
    }
    const get = (url: string) => () => t.app.inject({ url, headers: user.headers });
    const reference = await measure(get(`/api/history/${user.uid}?limit=50`));
    const lines = [
      `| ${kind === 'pglite' ? 'PGlite (in memory)' : 'PostgreSQL'} | first page of the history (50 chats), the reference | ${ms(reference)} | — | — |`,
    ];
    for (const [label, query] of QUERIES) {
      const found = (await get(`/api/history/search?${query}`)()).json().results.length;
      const times = await measure(get(`/api/history/search?${query}`));
      const ratio = percentile(times, 50) / percentile(reference, 50);
      lines.push(`| | search: ${label} | ${ms(times)} | ${found} | ${ratio.toFixed(2)}× |`);
    }
    sections.push(lines.join('\n'));
    console.log(lines.join('\n'));
  } finally {
    await t.close();
  }
}

const { cpus, memory, node } = machine();
const table = [
  `Run ${new Date().toISOString().slice(0, 10)} on ${cpus}, ${memory}, Node ${node}; one user with ${CHATS.toLocaleString('en')} chats over the six tools (a title, a request and a ~1.7 KB answer each), ${RUNS} calls per row after 5 uncounted, one at a time, in process (app.inject).`,
  '',
  '| Database | Call | Time (median / p95; target: within 100 ms) | Results on the first page | Median against the reference |',
  '| --- | --- | --- | --- | --- |',
  ...sections,
].join('\n');
console.log(`\n${table}`);
if (process.argv.includes('--write')) writeResults(README, table, 'search-results');
