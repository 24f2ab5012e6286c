import type { AdminUsage } from '#shared/admin';
import { isToolSlug, TOOL_SLUGS, type ToolSlug } from '#shared/tools';

type ToolCounts = Record<ToolSlug, number>;

const zeroCounts = (): ToolCounts => Object.fromEntries(TOOL_SLUGS.map((slug) => [slug, 0])) as ToolCounts;

/**
 * The usage chart's data from the per-day, per-tool counts: every one of `days` days from `from` (UTC)
 * listed with every tool, zeros included, so the chart needs no gaps filled. A tool the catalogue no
 * longer has is left out.
 */
export function usageSummary(
  rows: readonly { date: string; tool: string; count: number }[],
  from: Date,
  days: number,
): Omit<AdminUsage, 'accounts'> {
  const dates = Array.from({ length: days }, (_, i) =>
    new Date(from.getTime() + i * 86_400_000).toISOString().slice(0, 10),
  );
  const byDate = new Map(dates.map((date) => [date, zeroCounts()]));
  const totals = zeroCounts();
  for (const { date, tool, count } of rows) {
    const counts = byDate.get(date);
    if (!counts || !isToolSlug(tool)) continue;
    counts[tool] += count;
    totals[tool] += count;
  }
  const sum = (counts: ToolCounts) => TOOL_SLUGS.reduce((total, slug) => total + counts[slug], 0);
  return {
    from: dates[0] ?? '',
    to: dates.at(-1) ?? '',
    days: dates.map((date) => {
      const counts = byDate.get(date) ?? zeroCounts();
      return { date, counts, total: sum(counts) };
    }),
    totals,
    total: sum(totals),
  };
}
