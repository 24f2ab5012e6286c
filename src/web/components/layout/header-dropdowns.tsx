import { ChevronDown, ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { ToolIcon } from '#web/components/tool-icon.tsx';
import { ContactIcon } from './contact-icons.tsx';
import { DisclosureDropdown, dropdownItemClass } from './disclosure-dropdown.tsx';
import { CONTACT_LINKS, EXTERNAL_LINK_PROPS, TOOL_LINKS } from './nav-items.ts';

const triggerClass =
  'group inline-flex h-10 items-center gap-1 rounded-lg px-3 font-medium text-muted-foreground text-sm transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:text-foreground';

function TriggerLabel({ label }: { label: string }) {
  return (
    <>
      {label}
      <ChevronDown
        className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180"
        aria-hidden
      />
    </>
  );
}

export function ToolsDropdown() {
  return (
    <DisclosureDropdown
      hover
      trigger={<TriggerLabel label="Services" />}
      triggerClassName={triggerClass}
      panelClassName="w-[min(38rem,calc(100vw-2rem))]"
    >
      <ul aria-label="Services" className="grid grid-cols-2 gap-0.5">
        {TOOL_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={dropdownItemClass('start')}>
              <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-accent text-primary">
                <ToolIcon slug={link.slug} className="size-4" />
              </span>
              <span className="grid gap-0.5">
                <span className="font-medium">{link.label}</span>
                <span className="text-pretty text-muted-foreground text-xs leading-snug">
                  {link.description}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </DisclosureDropdown>
  );
}

export function ContactDropdown() {
  return (
    <DisclosureDropdown
      hover
      align="end"
      trigger={<TriggerLabel label="Contact" />}
      triggerClassName={triggerClass}
      panelClassName="w-56"
    >
      <ul aria-label="Contact" className="grid gap-0.5">
        {CONTACT_LINKS.map((link) => (
          <li key={link.href}>
            <a href={link.href} {...EXTERNAL_LINK_PROPS} className={dropdownItemClass()}>
              <ContactIcon href={link.href} className="size-4 text-muted-foreground" />
              <span className="flex-1">{link.label}</span>
              <ExternalLink className="size-3.5 text-muted-foreground" aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </DisclosureDropdown>
  );
}
