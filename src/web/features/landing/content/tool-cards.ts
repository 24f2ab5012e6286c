import { TOOL_LIST, type ToolSlug } from '#shared/tools';

/** A landing-page tool card (docs/product.md §3 Service card), derived from the tool catalogue. */
export interface ToolCard {
  slug: ToolSlug;
  title: string;
  desc: string;
  path: string;
  cta: string;
}

export const TOOL_CARDS: readonly ToolCard[] = TOOL_LIST.map((tool) => ({
  slug: tool.slug,
  title: tool.name,
  desc: tool.description,
  path: tool.path,
  cta: `Open ${tool.name}`,
}));
