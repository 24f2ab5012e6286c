import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const ToolsShowcase = lazy(() =>
  import('./tools-showcase.tsx').then((module) => ({ default: module.ToolsShowcase })),
);

/** How far below the viewport the showcase starts loading, so it is ready before it scrolls into view. */
const PRELOAD_MARGIN = '1200px 0px';

/**
 * The showcase needs the motion library; loading it only when the reader approaches keeps it out of the
 * JavaScript sent for the first view.
 */
export function LazyToolsShowcase() {
  const placeholderRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const placeholder = placeholderRef.current;
    if (!placeholder) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(placeholder);
    return () => observer.disconnect();
  }, []);

  const placeholder = <div ref={placeholderRef} className="min-h-svh" />;
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ToolsShowcase />
    </Suspense>
  );
}
