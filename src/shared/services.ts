/** The six AI helpers: one catalogue for routes, navigation, sidebar and server. */
export const SERVICE_SLUGS = [
  'code-explainer',
  'doc-summarizer',
  'code-refactor',
  'article-generator',
  'email-helper',
  'resume-assistant',
] as const;

export type ServiceSlug = (typeof SERVICE_SLUGS)[number];

export interface ServiceInfo {
  slug: ServiceSlug;
  /** Display name, e.g. 'Code Explainer'. */
  name: string;
  /** Tagline shown on the tool screen (docs/product.md §1). */
  tagline: string;
  /** One-sentence description for menus and cards. */
  description: string;
  path: `/services/${ServiceSlug}`;
}

const TAGLINES: Record<ServiceSlug, string> = {
  'article-generator': 'Generate your article in seconds with AI-powered clarity and creativity',
  'code-explainer': 'Explain your code in seconds with detailed insights and step-by-step clarity',
  'doc-summarizer': 'Summarize your document in seconds with precise, structured, and easy-to-read output',
  'code-refactor': 'Refactor your code in seconds for cleaner, optimized, and maintainable solutions',
  'email-helper': 'Draft your email in seconds with polished, professional, and personalized suggestions',
  'resume-assistant':
    'Improve your resume in seconds with targeted, impactful, and career-focused enhancements',
};

const DESCRIPTIONS: Record<ServiceSlug, string> = {
  'code-explainer': 'Understand unfamiliar code with a plain-language walk-through, step by step.',
  'doc-summarizer': 'Turn long documents into a structured summary with the key points first.',
  'code-refactor': 'Get cleaner, safer, more maintainable code with every change explained.',
  'article-generator': 'Draft a well-structured article with headings and a conclusion from one topic.',
  'email-helper': 'Write clear e-mails in the tone you choose, subject line included.',
  'resume-assistant': 'Tailor your resume to the role and job description you are aiming for.',
};

export function isServiceSlug(value: string | undefined): value is ServiceSlug {
  return value !== undefined && (SERVICE_SLUGS as readonly string[]).includes(value);
}

/** 'code-explainer' → 'Code Explainer'; empty or missing → 'Service' (docs/product.md §2). */
export function formatServiceName(segment: string | undefined): string {
  if (!segment) return 'Service';
  const words = segment.split('-').filter(Boolean);
  if (words.length === 0) return 'Service';
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

/** Tagline for a slug; an unknown slug gets the article-generator tagline (docs/product.md §1). */
export function serviceTagline(slug: string | undefined): string {
  return isServiceSlug(slug) ? TAGLINES[slug] : TAGLINES['article-generator'];
}

export const SERVICES: readonly ServiceInfo[] = SERVICE_SLUGS.map((slug) => ({
  slug,
  name: formatServiceName(slug),
  tagline: TAGLINES[slug],
  description: DESCRIPTIONS[slug],
  path: `/services/${slug}` as const,
}));
