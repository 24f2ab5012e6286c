import { Quote, Star } from 'lucide-react';
import { TESTIMONIALS } from '#web/features/landing/content/testimonials.ts';
import { SectionHeading } from './section-heading.tsx';

export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-title" className="bg-muted/50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Testimonials"
          title="Trusted by Thousands"
          lead="Developers, writers, teachers and coaches use Draftsmith every day. Here is what a few of them say."
        />
        {/* Each card spans three rows of the list (stars, quote, author) as a subgrid, so the authors of a
            row of cards start on one line whatever the length of the quotes and roles above them. */}
        <ul className="mt-14 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.person} className="row-span-3 grid grid-rows-subgrid gap-y-0">
              <figure className="relative row-span-3 grid grid-rows-subgrid gap-y-0 rounded-2xl border border-border bg-card p-6 shadow-sm">
                <Quote className="absolute top-5 right-5 size-8 text-primary/15" aria-hidden="true" />
                <div className="flex gap-0.5 text-amber-500" role="img" aria-label="Rated 5 out of 5">
                  {[1, 2, 3, 4, 5].map((n) => (
                    <Star key={n} className="size-4 fill-current" aria-hidden="true" />
                  ))}
                </div>
                <blockquote className="mt-4 text-pretty">
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-start gap-3">
                  <img
                    src={t.photo}
                    alt={`Illustrated portrait of ${t.person}`}
                    width={48}
                    height={48}
                    loading="lazy"
                    decoding="async"
                    className="size-12 rounded-full bg-muted"
                  />
                  <div className="min-w-0">
                    <p className="font-semibold">{t.person}</p>
                    <p className="text-muted-foreground text-sm">
                      {t.role}, {t.company}
                    </p>
                  </div>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
