import { type ComponentType, lazy, useState } from 'react';

export type LazyWithPreload<P extends object> = ComponentType<P> & {
  /** Starts loading the component's module (once); rendering it after that does not suspend. */
  preload: () => Promise<unknown>;
  /** Whether the module is in: rendering now does not suspend. */
  isLoaded: () => boolean;
};

/**
 * A component loaded on demand, as React.lazy, that can also be loaded ahead of its first render.
 * React.lazy suspends on its first render even when the module is already in, and React keeps a
 * Suspense fallback it has just shown for 300 ms before revealing what replaced it; a component that
 * was preloaded renders at once instead.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>): LazyWithPreload<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));

  // biome-ignore lint/correctness/noComponentHookFactories: called once per component at module level, as React.lazy is.
  function Preloadable(props: P) {
    // Chosen once per mount: switching from Lazy to the component itself later would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload, isLoaded: () => loaded !== undefined });
}
