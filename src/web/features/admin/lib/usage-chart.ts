import type { AdminUsage } from '#shared/admin';
import { TOOL_LIST, type ToolSlug } from '#shared/tools';
import { counted } from '#web/lib/plural.ts';

/**
 * The usage chart's data, apart from its markup: one series per tool (catalogue order, in the colour
 * its catalogue entry gives it), one stacked bar per day, the value axis and the sentences screen readers get instead.
 */

export interface ChartSeries {
  slug: ToolSlug;
  name: string;
  colorClass: string;
  /** Generations over the whole range. */
  total: number;
}

export interface ChartSegment {
  slug: ToolSlug;
  name: string;
  count: number;
  colorClass: string;
}

export interface ChartDay {
  date: string;
  /** 'May 20' */
  label: string;
  total: number;
  /** The tools used that day, bottom first (catalogue order); tools with none are left out. */
  segments: ChartSegment[];
  /** Show its date under the axis (every seventh day, counted back from the last). */
  labelled: boolean;
}

export interface UsageChartModel {
  series: ChartSeries[];
  days: ChartDay[];
  /** The value at the top of the chart; bar heights are `total / top`. */
  top: number;
  /** Value-axis gridlines, 0 first. */
  ticks: number[];
  total: number;
  /** What the chart shows, in words (the chart's accessible name). */
  summary: string;
}

const dayFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM-DD' (a UTC day) → 'May 20'. */
export function formatDay(date: string): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(time) ? date : dayFormat.format(time);
}

/** The smallest 1, 2 or 5 × 10ⁿ (n ≥ 0) at least `value`: a readable gridline step. */
export function niceStep(value: number): number {
  if (value <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const fraction = value / magnitude;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * magnitude;
}

/** Gridlines for a largest bar of `max`: about four whole-number steps, the top one at or above it. */
export function valueAxis(max: number): { top: number; ticks: number[] } {
  const step = niceStep(max / 4);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const ticks: number[] = [];
  for (let value = 0; value <= top; value += step) ticks.push(value);
  return { top, ticks };
}

const LABEL_EVERY = 7;

export function usageChartModel(usage: Pick<AdminUsage, 'from' | 'to' | 'days' | 'totals' | 'total'>) {
  const series: ChartSeries[] = TOOL_LIST.map((tool) => ({
    slug: tool.slug,
    name: tool.name,
    colorClass: tool.chartColor,
    total: usage.totals[tool.slug] ?? 0,
  }));
  const last = usage.days.length - 1;
  const days: ChartDay[] = usage.days.map((day, index) => {
    const segments = series
      .map((s) => ({ slug: s.slug, name: s.name, colorClass: s.colorClass, count: day.counts[s.slug] ?? 0 }))
      .filter((segment) => segment.count > 0);
    return {
      date: day.date,
      label: formatDay(day.date),
      total: day.total,
      segments,
      labelled: (last - index) % LABEL_EVERY === 0,
    };
  });
  const max = Math.max(0, ...days.map((day) => day.total));
  const { top, ticks } = valueAxis(max);
  return { series, days, top, ticks, total: usage.total, summary: chartSummary(usage, series, days) };
}

function chartSummary(
  usage: Pick<AdminUsage, 'from' | 'to' | 'total'>,
  series: ChartSeries[],
  days: ChartDay[],
) {
  const range = `from ${formatDay(usage.from)} to ${formatDay(usage.to)}`;
  if (usage.total === 0) return `Generations per tool per day ${range}: none.`;
  const perTool = series.map((s) => `${s.name} ${s.total}`).join(', ');
  const busiest = days.reduce((best, day) => (day.total > best.total ? day : best));
  return (
    `Generations per tool per day ${range}: ${usage.total} in total (${perTool}). ` +
    `Busiest day ${busiest.label} with ${counted(busiest.total, 'generation')}.`
  );
}
