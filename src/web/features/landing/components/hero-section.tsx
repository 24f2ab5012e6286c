import { ArrowRight, Check } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { HeroPreview } from './hero-preview.tsx';

const HIGHLIGHTS = ['Runs a local model by default', 'Connect any provider', 'History kept per tool'];

export const TOOLS_HEADING_ID = 'services-title';

function scrollToTools() {
  const heading = document.getElementById(TOOLS_HEADING_ID);
  if (!heading) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  heading.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  // Keyboard and screen-reader users continue from the section they asked for.
  heading.focus({ preventScroll: true });
}

export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="-z-10 absolute inset-0 bg-[radial-gradient(60rem_30rem_at_50%_-10%,color-mix(in_oklab,var(--primary)_22%,transparent),transparent)]"
      />
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-4 pt-14 pb-16 sm:px-6 sm:pt-20 lg:grid-cols-[minmax(0,1.05fr)_minmax(0,1fr)] lg:px-8 lg:pt-24 lg:pb-24">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-border bg-card px-3 py-1 font-medium text-muted-foreground text-xs shadow-sm sm:text-sm">
            <span className="size-2 rounded-full bg-emerald-500" aria-hidden="true" />
            Self-hosted · your data stays on your server
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-balance font-extrabold text-4xl tracking-tight sm:text-5xl lg:text-6xl"
          >
            AI Assistant for <span className="text-primary">Developers &amp; Writers</span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-pretty text-lg text-muted-foreground lg:mx-0">
            Draftsmith explains and refactors code, drafts articles and e-mails, summarizes documents and
            sharpens resumes — on your own server, with a local model by default or any provider you connect.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <Button asChild size="lg" className="shadow-lg shadow-primary/25">
              <Link to="/subscription">
                Get Started
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild variant="outline" size="lg">
              {/* biome-ignore lint/a11y/useSemanticElements: a fragment link underneath, so that it goes to the services before the prerendered page has hydrated (or without JS); a button for everyone who sees or hears it. */}
              <a
                href={`#${TOOLS_HEADING_ID}`}
                role="button"
                onClick={(event) => {
                  event.preventDefault();
                  scrollToTools();
                }}
                onKeyDown={(event) => {
                  if (event.key !== ' ') return;
                  event.preventDefault();
                  scrollToTools();
                }}
              >
                Explore Services
              </a>
            </Button>
          </div>
          <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-muted-foreground text-sm lg:justify-start">
            {HIGHLIGHTS.map((item) => (
              <li key={item} className="flex items-center gap-1.5">
                <Check className="size-4 text-primary" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}
