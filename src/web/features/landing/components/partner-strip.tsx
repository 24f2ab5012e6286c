import { useEffect, useRef } from 'react';
import { PARTNER_NAMES, PartnerLogo } from './partner-marks.tsx';
import './partner-strip.css';

/** Scrolling speed of the strip, in CSS pixels per second (docs/product.md §2: speed 80). */
const PARTNER_STRIP_SPEED = 80;
const COPIES = 3;

export function PartnerStrip() {
  const trackRef = useRef<HTMLDivElement>(null);

  // The animation moves the track by one copy's width; its duration follows from that width and the speed.
  useEffect(() => {
    const track = trackRef.current;
    const copy = track?.firstElementChild;
    if (!track || !copy) return;
    const update = () => {
      const width = copy.getBoundingClientRect().width;
      track.style.setProperty('--marquee-duration', `${width / PARTNER_STRIP_SPEED}s`);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(copy);
    return () => observer.disconnect();
  }, []);

  return (
    <section aria-labelledby="partners-title" className="border-border border-y bg-muted/40 py-10">
      <h2 id="partners-title" className="px-4 text-center font-medium text-muted-foreground text-sm">
        Trusted by engineering and content teams at
      </h2>
      <div className="partner-marquee mt-6 overflow-hidden" data-testid="partner-strip">
        <div ref={trackRef} className="partner-marquee-track flex w-max">
          {Array.from({ length: COPIES }, (_, copy) => (
            <ul
              // biome-ignore lint/suspicious/noArrayIndexKey: the copies are identical and never reorder
              key={copy}
              aria-hidden={copy > 0 ? 'true' : undefined}
              className="flex shrink-0 items-center gap-14 pr-14"
              data-testid="partner-copy"
            >
              {PARTNER_NAMES.map((name) => (
                <li key={name}>
                  <PartnerLogo name={name} />
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
    </section>
  );
}
