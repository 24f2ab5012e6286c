import { TOOL_INPUT_SCHEMAS, type ToolInput } from '#shared/tool-inputs';
import { TOOLS, type ToolSlug } from '#shared/tools';

/** A tool as the server runs it: its catalogue entry, its input schema and its prompts. */
export interface ServerTool<S extends ToolSlug = ToolSlug> {
  definition: (typeof TOOLS)[S];
  schema: (typeof TOOL_INPUT_SCHEMAS)[S];
  /** The model's standing instructions for this tool. */
  system: string;
  /** The request the model answers. */
  buildPrompt(input: ToolInput<S>): string;
  /** The user message saved in history: what the user asked, readable (docs/product.md §3 chat). */
  userMessage(input: ToolInput<S>): string;
}

/** A tool's prompts (its file in prompts/), joined by slug to its catalogue entry and input schema. */
export function serverTool<S extends ToolSlug>(
  slug: S,
  prompts: Omit<ServerTool<S>, 'definition' | 'schema'>,
): ServerTool<S> {
  return { definition: TOOLS[slug], schema: TOOL_INPUT_SCHEMAS[slug], ...prompts };
}
