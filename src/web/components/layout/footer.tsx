import { Link } from 'react-router';
import { useCurrentYear } from '#web/lib/current-year.ts';
import { SUPPORT_EMAIL } from '#web/lib/site-links.ts';
import { ContactIcon } from './contact-icons.tsx';
import { Logo } from './logo.tsx';
import { BLOG_LINK, CONTACT_LINKS, EXTERNAL_LINK_PROPS, PRIMARY_LINKS, TOOL_LINKS } from './nav-items.ts';

const linkClass =
  'rounded text-muted-foreground text-sm transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

export function Footer() {
  const year = useCurrentYear();
  return (
    <footer className="border-border border-t bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr] lg:px-8">
        <div className="max-w-sm">
          <Logo />
          <p className="mt-3 text-muted-foreground text-sm leading-relaxed">
            The self-hostable AI assistant for developers and writers: explain and refactor code, draft
            articles and e-mails, summarize documents and sharpen your resume.
          </p>
          <ul className="mt-5 flex gap-1" aria-label="Social links">
            {CONTACT_LINKS.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  {...EXTERNAL_LINK_PROPS}
                  aria-label={`${link.label} (opens in a new tab)`}
                  className="inline-flex size-9 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <ContactIcon href={link.href} className="size-[18px]" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Footer">
          <h2 className="font-semibold text-sm">Product</h2>
          <ul className="mt-3 grid gap-2">
            {PRIMARY_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <a href={BLOG_LINK.href} {...EXTERNAL_LINK_PROPS} className={linkClass}>
                {BLOG_LINK.label}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClass}>
                Contact us
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Footer services">
          <h2 className="font-semibold text-sm">Services</h2>
          <ul className="mt-3 grid gap-2">
            {TOOL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-border border-t">
        <p className="mx-auto max-w-7xl px-4 py-5 text-muted-foreground text-xs sm:px-6 lg:px-8">
          © {year} Draftsmith. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
