import { useEffect, useMemo, useRef } from 'react';

/**
 * Collects streamed text and hands it on at most once per animation frame, so a fast stream does
 * not re-render (and re-parse the markdown) for every token.
 */
export function useFrameBatcher(onFlush: (text: string) => void) {
  const sink = useRef(onFlush);
  sink.current = onFlush;
  const pending = useRef('');
  const frame = useRef<number | null>(null);

  const batcher = useMemo(() => {
    function flush() {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      frame.current = null;
      if (!pending.current) return;
      const text = pending.current;
      pending.current = '';
      sink.current(text);
    }
    function push(text: string) {
      pending.current += text;
      frame.current ??= requestAnimationFrame(flush);
    }
    function cancel() {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      frame.current = null;
      pending.current = '';
    }
    return { push, flush, cancel };
  }, []);

  useEffect(() => batcher.cancel, [batcher]);
  return batcher;
}
