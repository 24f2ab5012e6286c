import type { PageHead } from '#shared/page-head';

/** The pricing page's title and description. */
export const PRICING_HEAD: PageHead = {
  title: 'Subscription',
  description:
    'Draftsmith plans and prices: Starter, Pro and Enterprise, billed monthly or yearly. Yearly billing saves at least 20%.',
};
