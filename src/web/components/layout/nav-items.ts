import { TOOL_LIST } from '#shared/tools';
import { BLOG_URL, SOCIAL_LINKS } from '#web/lib/site-links.ts';

export const PRIMARY_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'Subscription', to: '/subscription' },
] as const;

export const TOOL_LINKS = TOOL_LIST.map((tool) => ({
  slug: tool.slug,
  label: tool.name,
  to: tool.path,
  description: tool.description,
}));

export const BLOG_LINK = { label: 'Blogs', href: BLOG_URL };

export const CONTACT_LINKS = [
  SOCIAL_LINKS.github,
  SOCIAL_LINKS.linkedin,
  SOCIAL_LINKS.x,
  SOCIAL_LINKS.discord,
];

/** Every external link opens in a new tab without handing the opener to the other site. */
export const EXTERNAL_LINK_PROPS = { target: '_blank', rel: 'noopener noreferrer' } as const;
