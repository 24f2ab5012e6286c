import {
  BadgeCheck,
  Clock,
  type LucideIcon,
  MousePointerClick,
  Plug,
  Rocket,
  ShieldCheck,
} from 'lucide-react';
import { BENEFITS, type Benefit } from '#web/features/landing/content/benefits.ts';
import { SectionHeading } from './section-heading.tsx';

const ICONS: Record<Benefit['id'], LucideIcon> = {
  time: Clock,
  errors: ShieldCheck,
  productivity: Rocket,
  output: BadgeCheck,
  easy: MousePointerClick,
  integration: Plug,
};

export function WhyChooseSection() {
  return (
    <section aria-labelledby="why-title" className="bg-muted/50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="why-title"
          eyebrow="Benefits"
          title="Why Choose Draftsmith"
          lead="An assistant that fits the way you already work — on your hardware, with your choice of model."
        />
        <ul className="mt-14 grid grid-cols-1 gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map((benefit) => {
            const Icon = ICONS[benefit.id];
            return (
              <li key={benefit.id} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-md shadow-primary/20">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="font-semibold text-lg">{benefit.title}</h3>
                  <p className="mt-1.5 text-muted-foreground">{benefit.text}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
