import { describe, expect, it } from 'vitest';
import type { AdminUsage } from '#shared/admin';
import { TOOL_SLUGS, type ToolSlug } from '#shared/tools';
import { formatDay, niceStep, usageChartModel, valueAxis } from './usage-chart.ts';

const zero = () => Object.fromEntries(TOOL_SLUGS.map((slug) => [slug, 0])) as Record<ToolSlug, number>;

/** Thirty days from 2026-04-21 to 2026-05-20, with the given counts on some of them. */
function usage(counts: Record<string, Partial<Record<ToolSlug, number>>> = {}): AdminUsage {
  const days = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 3, 21 + i)).toISOString().slice(0, 10);
    const dayCounts = { ...zero(), ...counts[date] };
    return { date, counts: dayCounts, total: Object.values(dayCounts).reduce((a, b) => a + b, 0) };
  });
  const totals = zero();
  for (const day of days) for (const slug of TOOL_SLUGS) totals[slug] += day.counts[slug];
  return {
    from: days[0]!.date,
    to: days.at(-1)!.date,
    days,
    totals,
    total: days.reduce((sum, day) => sum + day.total, 0),
    accounts: { total: 0, disabled: 0, byPlan: {} },
  };
}

describe('the usage chart model', () => {
  it('stacks each day by tool in catalogue order, leaving out tools without generations', () => {
    const model = usageChartModel(
      usage({
        '2026-05-12': { 'email-helper': 1, 'code-explainer': 2 },
        '2026-05-20': { 'doc-summarizer': 4 },
      }),
    );
    expect(model.days).toHaveLength(30);
    const may12 = model.days.find((day) => day.date === '2026-05-12')!;
    expect(may12.label).toBe('May 12');
    expect(may12.total).toBe(3);
    expect(may12.segments.map((s) => [s.name, s.count])).toEqual([
      ['Code Explainer', 2],
      ['Email Helper', 1],
    ]);
    expect(model.days[0]!.segments).toEqual([]);
    // One series per tool, named from the catalogue, each with its own colour.
    expect(model.series.map((s) => s.name)).toEqual([
      'Code Explainer',
      'Doc Summarizer',
      'Code Refactor',
      'Article Generator',
      'Email Helper',
      'Resume Assistant',
    ]);
    expect(new Set(model.series.map((s) => s.colorClass)).size).toBe(6);
    expect(model.series.find((s) => s.slug === 'doc-summarizer')!.total).toBe(4);
  });

  it('labels every seventh day counted back from the last', () => {
    const labelled = usageChartModel(usage())
      .days.filter((day) => day.labelled)
      .map((day) => day.label);
    expect(labelled).toEqual(['Apr 22', 'Apr 29', 'May 6', 'May 13', 'May 20']);
  });

  it('sums the range up in its accessible name, with the busiest day', () => {
    const model = usageChartModel(
      usage({
        '2026-05-01': { 'article-generator': 5 },
        '2026-05-02': { 'code-refactor': 2, 'email-helper': 1 },
      }),
    );
    expect(model.summary).toBe(
      'Generations per tool per day from Apr 21 to May 20: 8 in total (Code Explainer 0, Doc Summarizer 0, ' +
        'Code Refactor 2, Article Generator 5, Email Helper 1, Resume Assistant 0). ' +
        'Busiest day May 1 with 5 generations.',
    );
    expect(usageChartModel(usage()).summary).toBe(
      'Generations per tool per day from Apr 21 to May 20: none.',
    );
  });

  it('scales the bars to a gridline at or above the busiest day', () => {
    const model = usageChartModel(usage({ '2026-05-01': { 'article-generator': 23 } }));
    expect(model.top).toBe(30);
    expect(model.ticks).toEqual([0, 10, 20, 30]);
  });
});

describe('the value axis', () => {
  it('steps by 1, 2 or 5 times a power of ten, whole numbers only', () => {
    expect([0, 0.3, 1, 1.5, 2, 2.1, 4.9, 7, 12, 60].map(niceStep)).toEqual([
      1, 1, 1, 2, 2, 5, 5, 10, 20, 100,
    ]);
  });

  it('always has a top above zero, so an empty chart still has a scale', () => {
    expect(valueAxis(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(valueAxis(4)).toEqual({ top: 4, ticks: [0, 1, 2, 3, 4] });
    expect(valueAxis(9)).toEqual({ top: 10, ticks: [0, 5, 10] });
    expect(valueAxis(100)).toEqual({ top: 100, ticks: [0, 50, 100] });
  });

  it('reads days as UTC dates', () => {
    expect(formatDay('2026-01-01')).toBe('Jan 1');
    expect(formatDay('not a date')).toBe('not a date');
  });
});
