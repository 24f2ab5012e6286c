import { ExternalLink } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { ContactIcon } from './contact-icons';
import { dropdownItemClass, HoverDropdown } from './hover-dropdown';
import { CONTACT_LINKS, EXTERNAL_LINK_PROPS, SERVICE_LINKS } from './nav-items';
import { ServiceIcon } from './service-icons';

export function ServicesDropdown() {
  return (
    <HoverDropdown
      label="Services"
      contentClassName="grid w-[min(34rem,calc(100vw-2rem))] grid-cols-2 gap-0.5"
    >
      {SERVICE_LINKS.map((link) => (
        <DropdownMenu.Item key={link.to} asChild className={`${dropdownItemClass} items-start`}>
          <Link to={link.to}>
            <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-accent text-primary">
              <ServiceIcon slug={link.to.split('/')[2] ?? ''} className="size-4" />
            </span>
            <span className="grid gap-0.5">
              <span className="font-medium">{link.label}</span>
              <span className="line-clamp-2 text-muted-foreground text-xs leading-snug">
                {link.description}
              </span>
            </span>
          </Link>
        </DropdownMenu.Item>
      ))}
    </HoverDropdown>
  );
}

export function ContactDropdown() {
  return (
    <HoverDropdown label="Contact" align="end" contentClassName="w-56">
      {CONTACT_LINKS.map((link) => (
        <DropdownMenu.Item key={link.href} asChild className={dropdownItemClass}>
          <a href={link.href} {...EXTERNAL_LINK_PROPS}>
            <ContactIcon href={link.href} className="size-4 text-muted-foreground" />
            <span className="flex-1">{link.label}</span>
            <ExternalLink className="size-3.5 text-muted-foreground" aria-hidden />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </DropdownMenu.Item>
      ))}
    </HoverDropdown>
  );
}
