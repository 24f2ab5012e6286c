import type { PageHead } from '#shared/page-head';

/** The landing page's title, description and link-preview card. */
export const LANDING_HEAD: PageHead = {
  title: 'Home',
  description:
    'Draftsmith is a self-hostable AI assistant for developers and writers: explain and refactor code, generate articles, summarize documents, draft e-mails and tailor resumes — with a local model or any provider.',
  openGraph: {
    title: 'Draftsmith — AI Assistant for Developers & Writers',
    image: {
      path: '/images/landing/og-image.jpg',
      width: 1200,
      height: 630,
      alt: 'Draftsmith: AI Assistant for Developers & Writers',
    },
  },
};
