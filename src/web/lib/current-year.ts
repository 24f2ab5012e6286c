import { useSyncExternalStore } from 'react';

/** Replaced by the build (vite.config.ts `define`): the year the prerendered pages were rendered in. */
declare const __BUILD_YEAR__: number;

const subscribe = () => () => {};
const currentYear = () => new Date().getFullYear();
const buildYear = () => (typeof __BUILD_YEAR__ === 'number' ? __BUILD_YEAR__ : currentYear());

/**
 * The current year. Prerendered HTML carries the build's year, so hydration starts from that and React
 * then renders the real one if the year has turned since the build.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(subscribe, currentYear, buildYear);
}
