/**
 * The plan catalogue (docs/product.md §3 Plan, §9 prices and limits): one source for the pricing page, the
 * server's generation limits (`monthlyGenerationLimit`) and, later, billing.
 */

import { TOOL_COUNT_WORD } from './tools.ts';

export type BillingPeriod = 'monthly' | 'yearly';

/** Icon keys, not components: shared code stays free of UI imports; the web maps each key to an icon. */
export type PlanFeatureIcon =
  | 'sparkles'
  | 'infinity'
  | 'history'
  | 'server'
  | 'users'
  | 'shield'
  | 'zap'
  | 'headset';

export interface PlanFeature {
  icon: PlanFeatureIcon;
  text: string;
}

export interface Plan {
  id: 'starter' | 'pro' | 'enterprise';
  name: string;
  description: string;
  /** Price per month, in US dollars. */
  price: number;
  /** Price per year, in US dollars. */
  yearlyPrice: number;
  buttonText: string;
  buttonVariant: 'primary' | 'outline';
  popular: boolean;
  /** AI generations included each month; null means unlimited. */
  monthlyGenerations: number | null;
  features: readonly PlanFeature[];
  /** The first entry is the list's heading, the rest are its items. */
  includes: readonly string[];
}

/** The saving the pricing page advertises for yearly billing, in percent. */
export const ADVERTISED_YEARLY_SAVING = 20;

export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    description: 'For individuals trying AI help on everyday writing and code.',
    price: 12,
    yearlyPrice: 99,
    buttonText: 'Choose Starter',
    buttonVariant: 'outline',
    popular: false,
    monthlyGenerations: 100,
    features: [
      { icon: 'sparkles', text: '100 AI generations a month' },
      { icon: 'zap', text: `All ${TOOL_COUNT_WORD} writing and coding tools` },
      { icon: 'history', text: 'Saved history for every tool' },
    ],
    includes: [
      'Starter includes:',
      'Code explainer and refactor',
      'Article, e-mail and resume helpers',
      'Document summaries from PDF, DOCX or text',
      'Community support',
    ],
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'For developers and writers who lean on AI every working day.',
    price: 39,
    yearlyPrice: 349,
    buttonText: 'Upgrade to Pro',
    buttonVariant: 'primary',
    popular: true,
    monthlyGenerations: null,
    features: [
      { icon: 'infinity', text: 'Unlimited AI generations' },
      { icon: 'server', text: 'Local model or any provider you choose' },
      { icon: 'history', text: 'Rename, search and reuse your history' },
    ],
    includes: [
      'Everything in Starter, plus:',
      'Unlimited generations on every tool',
      'Bring your own API key',
      'Longer documents and resumes',
      'Priority e-mail support',
    ],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'For teams that need unlimited access, control and support.',
    price: 89,
    yearlyPrice: 799,
    buttonText: 'Contact sales',
    buttonVariant: 'outline',
    popular: false,
    monthlyGenerations: null,
    features: [
      { icon: 'users', text: 'Unlimited access across teams' },
      { icon: 'shield', text: 'Self-hosted on your own servers' },
      { icon: 'headset', text: 'Dedicated onboarding and support' },
    ],
    includes: [
      'Everything in Pro, plus:',
      'Unlimited seats for every team',
      'Single sign-on with your identity provider',
      'Usage reports per team',
      'Support with a response-time commitment',
    ],
  },
];

/** The price shown for a period: monthly uses `price`, yearly uses `yearlyPrice`. */
export function planPrice(plan: Pick<Plan, 'price' | 'yearlyPrice'>, period: BillingPeriod): number {
  return period === 'yearly' ? plan.yearlyPrice : plan.price;
}

/** What yearly billing saves against twelve monthly payments, in whole percent (rounded down). */
export function yearlySavingPercent(plan: Pick<Plan, 'price' | 'yearlyPrice'>): number {
  const twelveMonths = plan.price * 12;
  if (twelveMonths <= 0) return 0;
  return Math.floor(((twelveMonths - plan.yearlyPrice) / twelveMonths) * 100);
}

/** Every plan a user may be on: the free plan (not sold, so not in PLANS) and the paid ones. */
export type PlanId = 'free' | Plan['id'];

/** Every plan id, the free plan first: what an admin may assign. */
export const PLAN_IDS = ['free', ...PLANS.map((plan) => plan.id)] as readonly PlanId[];

/**
 * AI generations a plan includes per billing period (null = unlimited). The free plan's number is the
 * server's setting (FREE_GENERATIONS_PER_MONTH), so it is passed in; an id no plan has (a plan retired
 * after it was assigned) gets the free plan's limit rather than unlimited use.
 */
export function monthlyGenerationLimit(planId: string, freeGenerationsPerMonth: number): number | null {
  const plan = PLANS.find((p) => p.id === planId);
  return plan ? plan.monthlyGenerations : freeGenerationsPerMonth;
}

/** The name users see for a plan id: 'Free' for the free plan (and for an id no plan has). */
export function planName(planId: string): string {
  return PLANS.find((p) => p.id === planId)?.name ?? 'Free';
}
