/**
 * External addresses docs/product.md leaves open. They are placeholders for a self-hosted deployment:
 * change them here and every header, menu and footer link follows.
 */
export const BLOG_URL = 'https://blog.draftsmith.dev';

export interface SocialLink {
  label: string;
  href: string;
}

export const SOCIAL_LINKS = {
  github: { label: 'GitHub', href: 'https://github.com/draftsmith-dev' },
  linkedin: { label: 'LinkedIn', href: 'https://www.linkedin.com/company/draftsmith-dev' },
  x: { label: 'X (Twitter)', href: 'https://x.com/draftsmith_dev' },
  discord: { label: 'Discord', href: 'https://discord.gg/draftsmith' },
} as const satisfies Record<string, SocialLink>;

export const SUPPORT_EMAIL = 'hello@draftsmith.dev';
