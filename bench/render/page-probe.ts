/**
 * What the bench installs in each page before the app's scripts (page.addInitScript): long tasks from
 * the start of the navigation, and `until`, the time (performance.now(), from navigation start) of the
 * first frame painted after some elements are in the DOM.
 */
export interface RenderProbe {
  /** [startTime, duration] of each long task (> 50 ms). */
  longTasks: [number, number][];
  /** Resolves after the paint that follows `selector` matching `minCount` elements (one containing `text`). */
  until(selector: string, minCount: number, text?: string): Promise<number>;
  /** Long tasks that started in [from, to): their total and the longest, in ms. */
  longTasksIn(from: number, to: number): { total: number; longest: number };
}

declare global {
  interface Window {
    __render: RenderProbe;
  }
}

/** Runs in the page (serialized by Playwright): keep it self-contained. */
export function installRenderProbe(): void {
  const longTasks: [number, number][] = [];
  const record = (entries: PerformanceEntryList) => {
    for (const entry of entries) longTasks.push([entry.startTime, entry.duration]);
  };
  const longTaskObserver = new PerformanceObserver((list) => record(list.getEntries()));
  longTaskObserver.observe({ type: 'longtask', buffered: true });

  const matches = (selector: string, minCount: number, text?: string) => {
    const found = document.querySelectorAll(selector);
    if (found.length < minCount) return false;
    return text === undefined || [...found].some((el) => el.textContent?.includes(text));
  };
  // A rAF callback runs before the frame's paint; a task queued from it runs after that paint.
  const afterNextPaint = () =>
    new Promise<number>((resolve) =>
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)),
    );

  window.__render = {
    longTasks,
    until(selector, minCount, text) {
      return new Promise((resolve) => {
        const check = () => {
          if (!matches(selector, minCount, text)) return false;
          observer.disconnect();
          void afterNextPaint().then(resolve);
          return true;
        };
        const observer = new MutationObserver(check);
        if (!check()) {
          observer.observe(document, { subtree: true, childList: true, characterData: true });
        }
      });
    },
    longTasksIn(from, to) {
      // Entries are delivered to the callback later; the ones queued so far are taken now.
      record(longTaskObserver.takeRecords());
      const inside = longTasks.filter(([start]) => start >= from && start < to).map(([, d]) => d);
      return { total: inside.reduce((a, b) => a + b, 0), longest: Math.max(0, ...inside) };
    },
  };
}
