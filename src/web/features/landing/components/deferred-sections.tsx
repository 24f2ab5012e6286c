import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Renders its children right after the first paint, as a transition: React splits that work into short
 * slices, so the sections below the fold neither delay the hero nor block the main thread in one long task.
 */
export function DeferredSections({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  return ready ? children : null;
}
