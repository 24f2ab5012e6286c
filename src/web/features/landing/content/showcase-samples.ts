import type { ToolSlug } from '#shared/tools';

/** A short, realistic input → output pair per tool for the scroll-driven showcase. */
export interface ShowcaseSample {
  input: string;
  output: string;
}

export const SHOWCASE_SAMPLES: Record<ToolSlug, ShowcaseSample> = {
  'code-explainer': {
    input: 'const save = useMemo(() => debounce(persist, 500), []);',
    output:
      'Creates one debounced save function per mount. Rapid edits trigger a single persist call, 500 ms after the last change.',
  },
  'doc-summarizer': {
    input: 'q3-engineering-report.pdf · 38 pages',
    output:
      'Key points: deploys up 40%, incident count halved, two hiring gaps in platform, budget on track.',
  },
  'code-refactor': {
    input: 'if (user) { if (user.active) { if (user.plan) { … } } }',
    output: 'Replaced three nested conditions with early returns and extracted isBillable(user) for reuse.',
  },
  'article-generator': {
    input: 'Topic: Why self-hosting your AI tools matters',
    output: '# Why Self-Hosting Your AI Tools Matters\n## 1. Your data stays yours\n## 2. Predictable costs',
  },
  'email-helper': {
    input: 'Tone: friendly · Tell the client the launch moves to Monday',
    output:
      'Subject: New launch date — Monday\nHi Sam, quick update: we’re moving the launch to Monday so that…',
  },
  'resume-assistant': {
    input: 'Target role: Senior Frontend Engineer',
    output:
      'Led the migration to a design system used by 6 teams, cutting UI bugs reported per release by 35%.',
  },
};
