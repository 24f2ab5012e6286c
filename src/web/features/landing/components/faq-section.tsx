import { Compass, Target } from 'lucide-react';
import { FAQS, MISSION, PURPOSE } from '#web/features/landing/content/faqs.ts';
import { LandingAccordion, LandingAccordionItem } from './landing-accordion-item.tsx';
import { SectionHeading } from './section-heading.tsx';

export function FaqSection() {
  return (
    <section aria-labelledby="faq-title" className="py-20 sm:py-24">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-12 px-4 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:px-8">
        <div>
          <SectionHeading id="faq-title" eyebrow="FAQ" title="Questions, answered" align="left" />
          <div className="mt-8 space-y-6">
            <div className="flex gap-4">
              <Compass className="mt-1 size-6 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <h3 className="font-semibold">Our purpose</h3>
                <p className="mt-1 text-muted-foreground">{PURPOSE}</p>
              </div>
            </div>
            <div className="flex gap-4">
              <Target className="mt-1 size-6 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <h3 className="font-semibold">Our mission</h3>
                <p className="mt-1 text-muted-foreground">{MISSION}</p>
              </div>
            </div>
          </div>
        </div>
        <LandingAccordion
          className="self-start rounded-2xl border border-border bg-card shadow-sm"
          data-testid="faq-accordion"
        >
          {FAQS.map((faq) => (
            <LandingAccordionItem key={faq.id} value={faq.id} title={faq.question}>
              <p>{faq.answer}</p>
            </LandingAccordionItem>
          ))}
        </LandingAccordion>
      </div>
    </section>
  );
}
