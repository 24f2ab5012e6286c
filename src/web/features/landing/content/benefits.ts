import { TOOL_COUNT_TITLE } from '#shared/tools';

/** The six advertised benefits of docs/product.md §1, with the copy shown in 'Why Choose Draftsmith'. */
export interface Benefit {
  id: 'time' | 'errors' | 'productivity' | 'output' | 'easy' | 'integration';
  title: string;
  text: string;
}

export const BENEFITS: readonly Benefit[] = [
  {
    id: 'time',
    title: 'Save time',
    text: 'Go from a topic to a structured first draft, or from a 40-page PDF to a one-page summary, while your coffee is still hot.',
  },
  {
    id: 'errors',
    title: 'Reduce errors',
    text: 'The refactor tool explains every change it makes and the code explainer points out edge cases, so fewer bugs reach review.',
  },
  {
    id: 'productivity',
    title: 'Boost productivity',
    text: `${TOOL_COUNT_TITLE} focused tools in one place, each with its own history: pick up where you left off instead of re-typing last week’s prompt.`,
  },
  {
    id: 'output',
    title: 'Professional-ready output',
    text: 'Clean Markdown with headings, lists and code blocks, ready for your docs, tickets or CMS — one click copies it.',
  },
  {
    id: 'easy',
    title: 'Easy to use',
    text: 'No prompt engineering. Pick a tool, fill in a short form — a topic, a snippet, a tone — and press one button.',
  },
  {
    id: 'integration',
    title: 'Seamless integration',
    text: 'Runs a local model out of the box, or connects to OpenAI, Anthropic, Google or any OpenAI-compatible server you already use.',
  },
];
