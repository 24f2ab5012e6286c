import { useMotionValueEvent, useReducedMotion, useScroll } from 'motion/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { TOOL_COUNT_WORD, TOOL_LIST } from '#shared/tools';
import { SectionHeading } from './section-heading.tsx';
import { ShowcaseCard } from './showcase-card.tsx';

const HEADING = {
  id: 'showcase-title',
  eyebrow: 'In action',
  title: 'See every tool at work',
  lead: `A real prompt and the kind of answer you get back, for each of the ${TOOL_COUNT_WORD} tools.`,
} as const;

/** Below this viewport height a pinned panel would not fit, so the static layout is used. */
const MIN_PINNED_HEIGHT = 680;

function usePinnedLayout(): boolean {
  const reduceMotion = useReducedMotion();
  const [tallEnough, setTallEnough] = useState(() => window.innerHeight >= MIN_PINNED_HEIGHT);
  useEffect(() => {
    const query = window.matchMedia(`(min-height: ${MIN_PINNED_HEIGHT}px)`);
    const update = () => setTallEnough(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return tallEnough && !reduceMotion;
}

function StaticShowcase() {
  return (
    <section aria-labelledby={HEADING.id} className="py-20 sm:py-24" data-testid="showcase-static">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading {...HEADING} />
        <ul className="mt-14 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {TOOL_LIST.map((tool, index) => (
            <li key={tool.slug}>
              <ShowcaseCard tool={tool} index={index} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The section stays pinned while vertical scrolling slides the tools' cards from right to left. */
function PinnedShowcase() {
  const sectionRef = useRef<HTMLElement>(null);
  const trackRef = useRef<HTMLUListElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const [distance, setDistance] = useState(0);
  const { scrollYProgress } = useScroll({ target: sectionRef, offset: ['start start', 'end end'] });

  // Styles are written straight to the elements: no re-render per scroll frame, no animation component.
  const apply = useCallback(
    (progress: number) => {
      if (trackRef.current) trackRef.current.style.transform = `translateX(${-progress * distance}px)`;
      if (barRef.current) barRef.current.style.transform = `scaleX(${progress})`;
    },
    [distance],
  );
  useMotionValueEvent(scrollYProgress, 'change', apply);
  useEffect(() => apply(scrollYProgress.get()), [apply, scrollYProgress]);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const measure = () => setDistance(Math.max(0, track.scrollWidth - document.documentElement.clientWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(track);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);

  return (
    <section
      ref={sectionRef}
      aria-labelledby={HEADING.id}
      className="relative"
      // One pixel of vertical scroll moves the cards one pixel sideways.
      style={{ height: `calc(100svh + ${distance}px)` }}
      data-testid="showcase-pinned"
    >
      <div className="sticky top-0 flex h-svh flex-col justify-center overflow-hidden pt-14">
        <div className="mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id={HEADING.id} eyebrow={HEADING.eyebrow} title={HEADING.title} align="left" />
          <p className="mt-4 hidden max-w-2xl text-lg text-muted-foreground sm:block">{HEADING.lead}</p>
        </div>
        <ul
          ref={trackRef}
          className="mt-6 flex w-max gap-4 sm:mt-10 sm:gap-6 px-4 will-change-transform sm:px-6 lg:px-[max(2rem,calc((100vw-72rem)/2+2rem))]"
        >
          {TOOL_LIST.map((tool, index) => (
            <li key={tool.slug} className="w-[min(80vw,24rem)] shrink-0">
              <ShowcaseCard tool={tool} index={index} />
            </li>
          ))}
        </ul>
        <div className="mx-auto mt-8 h-1 w-full max-w-6xl px-4 sm:px-6 lg:px-8" aria-hidden="true">
          <div className="h-full overflow-hidden rounded-full bg-muted">
            <div ref={barRef} className="h-full origin-left scale-x-0 rounded-full bg-primary" />
          </div>
        </div>
      </div>
    </section>
  );
}

/** The motion-driven part; loaded on demand (see lazy-tools-showcase.tsx). */
export function ToolsShowcase() {
  return usePinnedLayout() ? <PinnedShowcase /> : <StaticShowcase />;
}
