/** FAQ entries and the purpose and mission text shown beside them. */
export interface Faq {
  id: string;
  question: string;
  answer: string;
}

export const PURPOSE =
  'Good writing and clear code take time. Draftsmith exists to give that time back to the people doing the work — without asking them to hand their drafts, documents or source code to someone else’s cloud.';

export const MISSION =
  'We build AI helpers that are genuinely useful, honest about what they can do, and yours to run: open to self-host, private by default with a local model, and free to connect to whichever provider you trust.';

export const FAQS: readonly Faq[] = [
  {
    id: 'what',
    question: 'What is Draftsmith?',
    answer:
      'A web app with six AI helpers — code explainer, code refactor, article generator, document summarizer, e-mail helper and resume assistant — behind one sign-in, each keeping its own history.',
  },
  {
    id: 'self-host',
    question: 'Can I host Draftsmith myself?',
    answer:
      'Yes. Draftsmith is a single Node.js process that serves the app and its API. It stores data in an embedded PostgreSQL database by default, or in your own PostgreSQL server.',
  },
  {
    id: 'model',
    question: 'Which AI model does it use?',
    answer:
      'A local model that runs on your own hardware, by default. You can switch to OpenAI, Anthropic, Google or any OpenAI-compatible server with a setting.',
  },
  {
    id: 'privacy',
    question: 'Does my data leave my server?',
    answer:
      'Not with the local model: prompts, files and results stay on your server. If you connect an external provider, only the request for that generation is sent to it.',
  },
  {
    id: 'history',
    question: 'How does the history work?',
    answer:
      'Every tool keeps its own list of past results for your account. Open a saved chat to see the prompt and the output again, rename it, or delete it.',
  },
  {
    id: 'files',
    question: 'Which files can I upload?',
    answer:
      'The document summarizer and the resume assistant accept one .txt, .pdf, .doc, .docx or .odt file at a time. You can also paste the text instead.',
  },
  {
    id: 'billing',
    question: 'How does billing work?',
    answer:
      'Plans are billed monthly or yearly; paying yearly saves at least 20% against twelve monthly payments. The pricing page lists what each plan includes.',
  },
];
