import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { TOOL_COUNT_TITLE } from '#shared/tools';
import { ToolIcon } from '#web/components/tool-icon.tsx';
import { TOOL_CARDS } from '#web/features/landing/content/tool-cards.ts';
import { TOOLS_HEADING_ID } from './hero-section.tsx';
import { SectionHeading } from './section-heading.tsx';

export function ToolsGrid() {
  return (
    <section id="services" aria-labelledby={TOOLS_HEADING_ID} className="py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id={TOOLS_HEADING_ID}
          eyebrow="Services"
          title={`${TOOL_COUNT_TITLE} focused tools, one workspace`}
          lead="Each tool does one job well and keeps its own history, so your best results are always a click away."
        />
        <ul className="mt-14 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {TOOL_CARDS.map((card) => (
            <li
              key={card.slug}
              className="group relative flex flex-col rounded-2xl border border-border bg-card p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-primary/50 hover:shadow-lg hover:shadow-primary/5 motion-reduce:hover:translate-y-0"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-accent text-primary">
                <ToolIcon slug={card.slug} className="size-5" />
              </span>
              <h3 className="mt-5 font-semibold text-lg">{card.title}</h3>
              <p className="mt-2 flex-1 text-muted-foreground">{card.desc}</p>
              <Link
                to={card.path}
                data-testid={`service-card-${card.slug}`}
                className="mt-5 inline-flex items-center gap-1.5 font-medium text-primary text-sm after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-ring"
              >
                {card.cta}
                <ArrowRight className="size-4 transition group-hover:translate-x-0.5" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
