import type { ComponentType, SVGProps } from 'react';
import { DiscordIcon, GithubIcon, LinkedinIcon, XIcon } from '#web/components/icons/brand-icons.tsx';
import { SOCIAL_LINKS } from '#web/lib/site-links.ts';

const ICONS = new Map<string, ComponentType<SVGProps<SVGSVGElement>>>([
  [SOCIAL_LINKS.github.href, GithubIcon],
  [SOCIAL_LINKS.linkedin.href, LinkedinIcon],
  [SOCIAL_LINKS.x.href, XIcon],
  [SOCIAL_LINKS.discord.href, DiscordIcon],
]);

export function ContactIcon({ href, className }: { href: string; className?: string }) {
  const Icon = ICONS.get(href);
  return Icon ? <Icon className={className} /> : null;
}
