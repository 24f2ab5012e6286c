import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AdminUsage } from '#shared/admin';
import { TOOL_SLUGS, type ToolSlug } from '#shared/tools';
import { UsageContent } from './usage-overview.tsx';

const zero = () => Object.fromEntries(TOOL_SLUGS.map((slug) => [slug, 0])) as Record<ToolSlug, number>;

const usage: AdminUsage = {
  from: '2026-05-18',
  to: '2026-05-20',
  days: [
    { date: '2026-05-18', counts: zero(), total: 0 },
    { date: '2026-05-19', counts: { ...zero(), 'code-explainer': 3, 'email-helper': 1 }, total: 4 },
    { date: '2026-05-20', counts: { ...zero(), 'email-helper': 2 }, total: 2 },
  ],
  totals: { ...zero(), 'code-explainer': 3, 'email-helper': 3 },
  total: 6,
  accounts: { total: 12, disabled: 2, byPlan: { free: 7, starter: 3, pro: 1, enterprise: 1 } },
};

const html = renderToStaticMarkup(<UsageContent usage={usage} />);
/** The text of the markup, tags dropped, between `from` and `to`. */
const textBetween = (from: string, to: string) =>
  html
    .slice(html.indexOf(from), html.indexOf(to, html.indexOf(from)))
    .replace(/<[^>]+>/g, '|')
    .split('|')
    .filter(Boolean);

describe('the usage summary', () => {
  it('shows the account counts, premium being every paid plan, and the generations of the range', () => {
    expect(textBetween('<dl', '</dl>')).toEqual([
      'Accounts',
      '12',
      'Disabled',
      '2',
      'Premium',
      '5',
      'Generations, 30 days',
      '6',
    ]);
  });

  it('draws one bar per day, stacked by tool, scaled to the top gridline', () => {
    expect(html).toMatch(/role="img" aria-label="[^"]*from May 18 to May 20: 6 in total \(Code Explainer 3,/);
    expect([...html.matchAll(/data-date="([\d-]+)"/g)].map((m) => m[1])).toEqual([
      '2026-05-18',
      '2026-05-19',
      '2026-05-20',
    ]);
    // The busiest day (4) puts the top gridline at 4: its bar is full height, the next half.
    const heights = [...html.matchAll(/style="height:(\d+)%"/g)].map((m) => m[1]);
    expect(heights).toEqual(['100', '50']);
    const segments = [...html.matchAll(/style="flex-grow:(\d+);flex-basis:0"/g)].map((m) => m[1]);
    expect(segments).toEqual(['3', '1', '2']);
  });

  it('names every tool in the legend with its total, and gives the numbers in a hidden table', () => {
    expect(textBetween('aria-label="Tools"', '</ul>').slice(1)).toEqual([
      'Code Explainer',
      '3',
      ' generations',
      'Doc Summarizer',
      '0',
      ' generations',
      'Code Refactor',
      '0',
      ' generations',
      'Article Generator',
      '0',
      ' generations',
      'Email Helper',
      '3',
      ' generations',
      'Resume Assistant',
      '0',
      ' generations',
    ]);
    expect(html).toContain('<div class="sr-only"><table><caption>Generations per tool per day</caption>');
    expect(textBetween('<th scope="row">May 19', '</tr>')).toEqual([
      'May 19',
      '3',
      '0',
      '0',
      '0',
      '1',
      '0',
      '4',
    ]);
    expect(html.match(/<th scope="row">/g)).toHaveLength(3);
  });

  it('says so when nothing was generated', () => {
    const none = { ...usage, days: usage.days.map((d) => ({ ...d, counts: zero(), total: 0 })) };
    const empty = renderToStaticMarkup(<UsageContent usage={{ ...none, totals: zero(), total: 0 }} />);
    expect(empty).toContain('No generations in the last 3 days.');
    expect(empty).toContain('Generations per tool per day from May 18 to May 20: none.');
  });
});
