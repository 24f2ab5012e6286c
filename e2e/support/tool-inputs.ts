import type { Page } from '@playwright/test';

/** How an end-to-end test fills one tool's form, and what the sidebar title is (docs/product.md §3). */
export interface ToolCase {
  slug: string;
  name: string;
  tagline: string;
  button: string;
  busy: string;
  /** Fills the form; `marker` ends up in the prompt the model receives. */
  fill: (page: Page, marker: string) => Promise<string>;
}

const code = (marker: string) => `function add(a, b) {\n  return a + b; // ${marker}\n}`;

export const TOOL_CASES: ToolCase[] = [
  {
    slug: 'article-generator',
    name: 'Article Generator',
    tagline: 'Generate your article in seconds with AI-powered clarity and creativity',
    button: 'Generate Article',
    busy: 'Generating...',
    fill: async (page, marker) => {
      const topic = `Remote work for small teams ${marker}`;
      await page.getByLabel('Article Topic').fill(topic);
      return topic;
    },
  },
  {
    slug: 'code-explainer',
    name: 'Code Explainer',
    tagline: 'Explain your code in seconds with detailed insights and step-by-step clarity',
    button: 'Explain Code',
    busy: 'Explaining...',
    fill: async (page, marker) => {
      await page.getByLabel('Language').selectOption('typescript');
      await page.getByLabel('Your Code').fill(code(marker));
      return code(marker);
    },
  },
  {
    slug: 'code-refactor',
    name: 'Code Refactor',
    tagline: 'Refactor your code in seconds for cleaner, optimized, and maintainable solutions',
    button: 'Refactor Code',
    busy: 'Refactoring...',
    fill: async (page, marker) => {
      await page.getByLabel('Language').selectOption('python');
      await page.getByLabel('Your Code').fill(code(marker));
      return code(marker);
    },
  },
  {
    slug: 'email-helper',
    name: 'Email Helper',
    tagline: 'Draft your email in seconds with polished, professional, and personalized suggestions',
    button: 'Generate Email',
    busy: 'Generating...',
    fill: async (page, marker) => {
      const prompt = `Thank the team for the launch ${marker}`;
      await page.getByLabel('Tone').selectOption('friendly');
      await page.getByLabel('What should the email say?').fill(prompt);
      return prompt;
    },
  },
  {
    slug: 'doc-summarizer',
    name: 'Doc Summarizer',
    tagline: 'Summarize your document in seconds with precise, structured, and easy-to-read output',
    button: 'Summarize Now',
    busy: 'Summarizing...',
    fill: async (page, marker) => {
      const text = `Quarterly report: revenue grew while costs stayed flat. ${marker}`;
      await page.getByLabel('Paste your text').fill(text);
      return text;
    },
  },
  {
    slug: 'resume-assistant',
    name: 'Resume Assistant',
    tagline: 'Improve your resume in seconds with targeted, impactful, and career-focused enhancements',
    button: 'Optimize Resume',
    busy: 'Optimizing...',
    fill: async (page, marker) => {
      const resume = `Jane Doe, frontend engineer, 6 years of React. ${marker}`;
      await page.getByLabel('Or paste your resume').fill(resume);
      await page.getByLabel('Job Description').fill('Senior engineer for a design system team');
      await page.getByLabel('Tone').selectOption('confident');
      await page.getByLabel('Target Role').fill('Staff Engineer');
      return resume;
    },
  },
];

/** Sidebar titles: over 20 characters → the first 20 plus '...' (docs/product.md §2). */
export function sidebarTitle(title: string): string {
  return title.length > 20 ? `${title.slice(0, 20)}...` : title;
}
