import { lazy, Suspense } from 'react';

const NotFound = lazy(async () => ({ default: (await import('./not-found.tsx')).NotFound }));

/** The not-found view carries the animation library; it loads only when a route fails. */
export function LazyNotFound() {
  return (
    <Suspense fallback={null}>
      <NotFound />
    </Suspense>
  );
}
