import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { preloadMarkdown } from '@/components/markdown/lazy-markdown';
import { historyKeys } from '@/lib/query-keys';
import type { ToolDefinition } from '../../../../shared/tools.ts';
import { buildToolBody, runTool } from '../api/run-tool';
import { generationReducer, initialGenerationState } from '../lib/generation-state';
import { toToolError } from '../lib/tool-error';

interface Options {
  tool: ToolDefinition;
  uid: string;
}

/**
 * Runs one tool request at a time and tracks it (spec §4). Deltas are batched per animation frame so
 * a fast stream re-renders the markdown at most once a frame. After every success the history list
 * for (uid, service) is invalidated.
 */
export function useToolGeneration({ tool, uid }: Options) {
  const [state, dispatch] = useReducer(generationReducer, initialGenerationState);
  const queryClient = useQueryClient();
  const controller = useRef<AbortController | null>(null);
  const pending = useRef('');
  const frame = useRef<number | null>(null);

  const flush = useCallback(() => {
    frame.current = null;
    if (!pending.current) return;
    dispatch({ type: 'delta', text: pending.current });
    pending.current = '';
  }, []);

  const onDelta = useCallback(
    (text: string) => {
      pending.current += text;
      frame.current ??= requestAnimationFrame(flush);
    },
    [flush],
  );

  const cancelFrame = useCallback(() => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
  }, []);

  useEffect(
    () => () => {
      controller.current?.abort();
      cancelFrame();
    },
    [cancelFrame],
  );

  const start = useCallback(
    async (values: Record<string, unknown>): Promise<boolean> => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      pending.current = '';
      dispatch({ type: 'start' });
      preloadMarkdown();
      try {
        const result = await runTool({
          path: tool.apiPath,
          body: buildToolBody(tool.transport, values),
          signal: abort.signal,
          onDelta,
        });
        if (abort.signal.aborted) return false;
        cancelFrame();
        flush();
        const output = result[tool.outputField];
        const historyId = typeof result.historyId === 'string' ? result.historyId : null;
        dispatch({ type: 'done', text: typeof output === 'string' ? output : '', historyId });
        void queryClient.invalidateQueries({ queryKey: historyKeys.list(uid, tool.slug) });
        return true;
      } catch (error) {
        if (abort.signal.aborted) return false;
        cancelFrame();
        console.error('Tool request failed', error);
        dispatch({ type: 'fail', error: toToolError(error) });
        return false;
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [tool, uid, onDelta, flush, cancelFrame, queryClient],
  );

  const stop = useCallback(() => {
    const abort = controller.current;
    if (!abort) return;
    abort.abort();
    cancelFrame();
    flush();
    dispatch({ type: 'stopped', historyId: null });
    void queryClient.invalidateQueries({ queryKey: historyKeys.list(uid, tool.slug) });
  }, [cancelFrame, flush, queryClient, uid, tool.slug]);

  const reset = useCallback(() => dispatch({ type: 'reset' }), []);

  return { state, start, stop, reset };
}
