import { TOOL_LIST } from '#shared/tools';
import { counted } from '#web/lib/plural.ts';

export interface ToolBar {
  slug: string;
  name: string;
  count: number;
  /** The bar's length: the count against the busiest tool's, 0–100. */
  percent: number;
}

/**
 * A team's generations per tool as bars, in the catalogue's order: every tool, the busiest one's bar
 * full and the others in proportion (a tool without any has an empty bar).
 */
export function toolBars(counts: Partial<Record<string, number>>): ToolBar[] {
  const max = Math.max(0, ...TOOL_LIST.map((tool) => counts[tool.slug] ?? 0));
  return TOOL_LIST.map((tool) => {
    const count = counts[tool.slug] ?? 0;
    return {
      slug: tool.slug,
      name: tool.name,
      count,
      percent: max === 0 ? 0 : Math.round((count / max) * 100),
    };
  });
}

/** 'N of M generations this period', or 'N generations this period (unlimited plan)'. */
export function teamUsageLabel(used: number, limit: number | null): string {
  return limit === null
    ? `${counted(used, 'generation')} this period (unlimited plan)`
    : `${used.toLocaleString('en-US')} of ${counted(limit, 'generation')} this period`;
}
