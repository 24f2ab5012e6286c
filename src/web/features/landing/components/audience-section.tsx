import { AUDIENCES } from '#web/features/landing/content/audiences.ts';
import { LandingAccordion, LandingAccordionItem } from './landing-accordion-item.tsx';
import { SectionHeading } from './section-heading.tsx';

export function AudienceSection() {
  return (
    <section aria-labelledby="audience-title" className="py-20 sm:py-24">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-12 px-4 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:px-8">
        <div className="lg:sticky lg:top-24 lg:self-start">
          <SectionHeading
            id="audience-title"
            eyebrow="Who it’s for"
            title="Built for everyone who writes or codes"
            lead="From a student debugging their first project to an enterprise keeping source code in-house, Draftsmith adapts to how you work."
            align="left"
          />
        </div>
        <LandingAccordion
          defaultValue={AUDIENCES[0]?.id}
          className="rounded-2xl border border-border bg-card shadow-sm"
          data-testid="audience-accordion"
        >
          {AUDIENCES.map((audience) => (
            <LandingAccordionItem key={audience.id} value={audience.id} title={audience.title}>
              <p>{audience.text}</p>
              <p className="mt-3 font-medium text-primary text-sm">{audience.tools}</p>
            </LandingAccordionItem>
          ))}
        </LandingAccordion>
      </div>
    </section>
  );
}
