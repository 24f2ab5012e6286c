import type { ToolSlug } from '#shared/tools';
import { articleGenerator } from './prompts/article-generator.ts';
import { codeExplainer } from './prompts/code-explainer.ts';
import { codeRefactor } from './prompts/code-refactor.ts';
import { docSummarizer } from './prompts/doc-summarizer.ts';
import { emailHelper } from './prompts/email-helper.ts';
import { resumeAssistant } from './prompts/resume-assistant.ts';
import type { ServerTool } from './server-tool.ts';

/** Every tool with its prompts, by slug; the route factory registers one POST route per entry. */
export const SERVER_TOOLS: { [S in ToolSlug]: ServerTool<S> } = {
  'code-explainer': codeExplainer,
  'doc-summarizer': docSummarizer,
  'code-refactor': codeRefactor,
  'article-generator': articleGenerator,
  'email-helper': emailHelper,
  'resume-assistant': resumeAssistant,
};

/** The tools as a list, typed loosely enough to iterate over. */
export function serverTools(): ServerTool[] {
  return Object.values(SERVER_TOOLS) as unknown as ServerTool[];
}

/** The tool of a slug, typed as any tool (a chat's `service`). */
export function serverToolOf(slug: ToolSlug): ServerTool {
  return SERVER_TOOLS[slug] as unknown as ServerTool;
}
