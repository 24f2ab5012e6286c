import type { ServiceSlug } from '#shared/services';
import { docSummarizer } from './doc-summarizer.ts';
import { emailHelper } from './email-helper.ts';
import { explainCode } from './explain-code.ts';
import { generateArticle } from './generate-article.ts';
import { refactorCode } from './refactor-code.ts';
import { resumeAssistant } from './resume-assistant.ts';
import type { ServerTool } from './server-tool.ts';

/** The six helpers by slug; the route factory registers one POST route per entry. */
export const SERVER_TOOLS: { [S in ServiceSlug]: ServerTool<S> } = {
  'code-explainer': explainCode,
  'code-refactor': refactorCode,
  'article-generator': generateArticle,
  'email-helper': emailHelper,
  'doc-summarizer': docSummarizer,
  'resume-assistant': resumeAssistant,
};

/** The six as a list, typed loosely enough to iterate over. */
export function serverTools(): ServerTool[] {
  return Object.values(SERVER_TOOLS) as unknown as ServerTool[];
}
