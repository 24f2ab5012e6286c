import { TOOL_COUNT_WORD } from '#shared/tools';

/** The eight audiences of docs/product.md §1, in the order of the landing page accordion. */
export interface Audience {
  id: string;
  title: string;
  text: string;
  tools: string;
}

export const AUDIENCES: readonly Audience[] = [
  {
    id: 'developers',
    title: 'Developers',
    text: 'Paste an unfamiliar function and get a step-by-step walk-through, or hand over a tangled module and get a cleaner version with each change explained. JavaScript, TypeScript, Python, Java, Go and Rust are supported.',
    tools: 'Code Explainer · Code Refactor',
  },
  {
    id: 'writers',
    title: 'Writers and content creators',
    text: 'Turn a topic into a well-structured article with headings, an introduction and a conclusion, then shape it in your own voice. Long research documents become summaries you can actually use.',
    tools: 'Article Generator · Doc Summarizer',
  },
  {
    id: 'teams',
    title: 'Small and medium teams',
    text: 'One self-hosted workspace for the whole team, with no per-seat cloud accounts to juggle. Everyone keeps a private history per tool, so good results are easy to find again.',
    tools: `All ${TOOL_COUNT_WORD} tools`,
  },
  {
    id: 'enterprises',
    title: 'Enterprises',
    text: 'Run Draftsmith inside your own network with a local model, so source code and internal documents never leave your infrastructure. Connect an approved provider when you need a larger model.',
    tools: 'Self-hosting · Any provider',
  },
  {
    id: 'education',
    title: 'Students and educators',
    text: 'Students get code explained line by line and readings condensed into study notes. Educators draft course material and feedback e-mails in a fraction of the time.',
    tools: 'Code Explainer · Doc Summarizer · Email Helper',
  },
  {
    id: 'startups',
    title: 'Startups',
    text: 'Ship the blog post, the investor update and the refactor in the same afternoon. Start on a laptop with the local model and move to a server when the team grows.',
    tools: 'Article Generator · Email Helper · Code Refactor',
  },
  {
    id: 'freelancers',
    title: 'Freelancers',
    text: 'Answer clients faster with e-mails in the right tone, and tailor your resume to each job description. With the local model, client material stays on your own machine.',
    tools: 'Email Helper · Resume Assistant',
  },
  {
    id: 'agencies',
    title: 'Agencies',
    text: 'Produce first drafts for several clients in parallel and keep every brief in its tool’s history. Summaries of client documents make kick-off meetings shorter.',
    tools: 'Article Generator · Doc Summarizer · Email Helper',
  },
];
