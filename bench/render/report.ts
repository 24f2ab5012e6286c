import { percentile } from '#bench/overhead/timed-request';
import type { Machine } from '#bench/scale/report';
import type { ChatRun, SidebarRun, Timed } from './measure.ts';

export interface SidebarScenario {
  name: string;
  runs: SidebarRun[];
}

export interface ChatScenario {
  name: string;
  runs: ChatRun[];
}

export interface RenderResults {
  machine: Machine;
  chromium: string;
  runs: number;
  sidebars: SidebarScenario[];
  chats: ChatScenario[];
}

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '—';
/** "median / p95" */
const spread = (values: number[], digits = 0) =>
  `${fmt(percentile(values, 50), digits)} / ${fmt(percentile(values, 95), digits)}`;

function sidebarRows(s: SidebarScenario): string[] {
  const first = s.runs.map((r) => r.firstPage);
  const pages: Timed[] = s.runs.flatMap((r) => r.pages);
  const chats = s.runs[0]?.end.chats ?? 0;
  const allPages = s.runs.map((r) => r.pages.reduce((sum, p) => sum + p.ms, 0));
  const cell = (values: number[], digits = 0) => spread(values, digits);
  return [
    `| ${s.name}: first page painted (from navigation start) | ${cell(first.map((f) => f.ms))} | ${cell(first.map((f) => f.longTotal))} | ${cell(first.map((f) => f.longest))} | ${cell(first.map((f) => f.domElements))} | ${cell(
      first.map((f) => f.heapMb),
      1,
    )} |`,
    `| ${s.name}: each 'Show older' (${pages.length / s.runs.length} a run) → its chats painted | ${cell(pages.map((p) => p.ms))} | ${cell(pages.map((p) => p.longTotal))} | ${cell(pages.map((p) => p.longest))} | | |`,
    `| ${s.name}: all ${fmt(chats)} chats listed (the 'Show older' clicks together) | ${cell(allPages)} | ${cell(s.runs.map((r) => r.pages.reduce((sum, p) => sum + p.longTotal, 0)))} | | ${cell(s.runs.map((r) => r.end.domElements))} | ${cell(
      s.runs.map((r) => r.end.heapMb),
      1,
    )} |`,
  ];
}

function chatRow(c: ChatScenario): string {
  const r = c.runs;
  return `| ${c.name} | ${spread(r.map((x) => x.ms))} | ${spread(r.map((x) => x.longTotal))} | ${spread(r.map((x) => x.longest))} | ${spread(r.map((x) => x.domElements))} | ${spread(
    r.map((x) => x.heapMb),
    1,
  )} |`;
}

export function renderResults(results: RenderResults): string {
  const { machine: m } = results;
  const head = [
    '| What | Time (ms) | Long tasks, total (ms) | Longest task (ms) | DOM elements | JS heap (MiB) |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  return [
    `Run ${m.date} on ${m.cpus}, ${m.memory} memory, Node ${m.node}, ${results.chromium} (headless, 1280 × 720, no CPU throttling), the server on the same machine. ${results.runs} runs each, every run in a fresh browser context; each cell is median / p95.`,
    '',
    '**The sidebar**',
    '',
    ...head,
    ...results.sidebars.flatMap(sidebarRows),
    '',
    '**A saved chat** (click in the sidebar → the answer rendered as markdown and painted)',
    '',
    ...head,
    ...results.chats.map(chatRow),
  ].join('\n');
}
