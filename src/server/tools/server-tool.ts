import type { ServiceSlug } from '#shared/services';
import type { ToolCatalogue, ToolInput } from '#shared/tools';

/** A helper as the server runs it: the shared definition plus its prompts. */
export interface ServerTool<S extends ServiceSlug = ServiceSlug> {
  definition: ToolCatalogue[S];
  /** The model's standing instructions for this helper. */
  system: string;
  /** The request the model answers. */
  buildPrompt(input: ToolInput<S>): string;
  /** The user message saved in history: what the user asked, readable (docs/product.md §3 chat). */
  userMessage(input: ToolInput<S>): string;
}
