/**
 * Render cost in Chromium (issue 15): the built server on a fresh PGlite DATA_DIR (a remote provider
 * pointed at the fake model; nothing is generated), a user with 1,000 chats over the six tools, another
 * with 1,000 in one tool, and two long chats. Debian's Chromium (Playwright) signs in, then, RENDER_RUNS
 * times each in a fresh context: the tool page until its sidebar's first page is painted, every 'Show
 * older' to the end, and a click on a long chat until its answer is painted; long tasks, DOM elements and
 * the JS heap after each. Prints a markdown table; `--write` puts it into bench/README.md.
 * Run: `npm run bench:render [-- --write]`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeModelProcess } from '#bench/scale/fake-model';
import { createInstance, ensureBuild } from '#bench/scale/instances';
import { machine, writeResults } from '#bench/scale/report';
import { CHROMIUM_PATH } from '#e2e/support/chromium';
import type { ToolSlug } from '#shared/tools';
import { launchChromium, signIn } from './render/browser.ts';
import { ANSWER_END, longAnswerMessages, longChatMessages } from './render/chat-content.ts';
import { type ChatRun, measureChat, measureSidebar, type SidebarRun } from './render/measure.ts';
import { type RenderResults, renderResults } from './render/report.ts';
import { ordinaryChats, type SeedChat, signUp, writeChats } from './render/seed.ts';

const RUNS = Number(process.env.RENDER_RUNS ?? 7);
const CHATS = 1000;
const MESSAGES = 200;
const TOOL: ToolSlug = 'article-generator';
const README = fileURLToPath(new URL('./README.md', import.meta.url));
const LONG_CHAT = `A chat of ${MESSAGES} messages`;
const LONG_ANSWER = `The same ${MESSAGES} messages as one answer`;
const log = (line: string) => console.log(`[render] ${line}`);

ensureBuild();
const dir = mkdtempSync(join(tmpdir(), 'draftsmith-render-'));
const cleanups: (() => Promise<unknown>)[] = [async () => rmSync(dir, { recursive: true, force: true })];
try {
  const fake = await startFakeModelProcess({ text: 'Not used: the bench generates nothing.' });
  cleanups.unshift(() => fake.stop());
  const server = await createInstance('server', dir, {
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fake.url,
    AI_MODEL: 'bench',
    AUTH_RATE_LIMIT_PER_IP: '0',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '0',
  });
  cleanups.unshift(() => server.kill('SIGTERM'));

  log('signing up two users');
  await server.start();
  const spread = await signUp(server.url, 'render-spread');
  const oneTool = await signUp(server.url, 'render-one-tool');
  await server.kill('SIGTERM');

  log(`writing ${CHATS.toLocaleString('en')} chats for each into the database`);
  const longChats: SeedChat[] = [
    { service: TOOL, title: LONG_CHAT, messages: longChatMessages(MESSAGES) },
    { service: TOOL, title: LONG_ANSWER, messages: longAnswerMessages(MESSAGES) },
  ];
  const spreadChats = [...longChats, ...ordinaryChats(CHATS - longChats.length)];
  await writeChats(join(dir, 'server'), [
    { userId: spread.uid, chats: spreadChats },
    { userId: oneTool.uid, chats: ordinaryChats(CHATS, TOOL) },
  ]);
  await server.start();

  const browser = await launchChromium();
  cleanups.unshift(() => browser.close());
  const spreadState = await signIn(browser, server.url, spread);
  const oneToolState = await signIn(browser, server.url, oneTool);
  const inTool = spreadChats.filter((c) => c.service === TOOL).length;

  const sidebars = { spread: [] as SidebarRun[], oneTool: [] as SidebarRun[] };
  const chats = { long: [] as ChatRun[], answer: [] as ChatRun[] };
  for (let run = 1; run <= RUNS; run++) {
    log(`run ${run} of ${RUNS}`);
    sidebars.spread.push(await measureSidebar(browser, spreadState, server.url, TOOL, inTool));
    sidebars.oneTool.push(await measureSidebar(browser, oneToolState, server.url, TOOL, CHATS));
    chats.long.push(await measureChat(browser, spreadState, server.url, TOOL, LONG_CHAT, ANSWER_END));
    chats.answer.push(await measureChat(browser, spreadState, server.url, TOOL, LONG_ANSWER, ANSWER_END));
  }

  const results: RenderResults = {
    machine: machine(),
    chromium: execFileSync(CHROMIUM_PATH, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .replace(/ built on .*/, '')
      .trim(),
    runs: RUNS,
    sidebars: [
      { name: `1,000 chats over six tools (${inTool} in this one)`, runs: sidebars.spread },
      { name: '1,000 chats in one tool', runs: sidebars.oneTool },
    ],
    chats: [
      {
        name: `${MESSAGES} messages (the view shows the prompt, the first answer and the latest 20 messages)`,
        runs: chats.long,
      },
      { name: `one answer holding the ${MESSAGES / 2} answers' text`, runs: chats.answer },
    ],
  };
  const markdown = renderResults(results);
  console.log(`\n${markdown}\n`);
  if (process.argv.includes('--write')) {
    writeResults(README, markdown, 'render-results');
    log(`results written to ${README}`);
  }
} finally {
  for (const cleanup of cleanups) await cleanup().catch((error) => console.error(error));
}
