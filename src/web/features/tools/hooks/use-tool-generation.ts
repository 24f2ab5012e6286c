import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { type ToolDefinition, toolRequestTitle } from '#shared/tools';
import { preloadMarkdown } from '#web/components/markdown/lazy-markdown.tsx';
import { buildToolBody, runTool } from '#web/features/tools/api/run-tool.ts';
import {
  type GenerationRequest,
  generationReducer,
  initialGenerationState,
} from '#web/features/tools/lib/generation-state.ts';
import { toAnswerDetails, toAnswerDrafts } from '#web/lib/answer-details.ts';
import { toDocumentCoverage } from '#web/lib/document-coverage.ts';
import { startedGenerationId } from '#web/lib/generation-stream.ts';
import { toMatchReport } from '#web/lib/match-report.ts';
import { aiKeys, generationKeys, historyKeys } from '#web/lib/query-keys.ts';
import { forgetRunningGenerations } from '#web/lib/running-generations-cache.ts';
import { askToStop } from '#web/lib/stop-generation.ts';
import { toToolError } from '#web/lib/tool-error.ts';
import { useFrameBatcher } from '#web/lib/use-frame-batcher.ts';

interface Options {
  tool: ToolDefinition;
  uid: string;
  /** Called after every request that reached an end (done, stopped or failed). */
  onSettled?: () => void;
}

/** What the screen shows of a request: the document being read, and the chat's title (as the server makes it). */
function describeRequest(tool: ToolDefinition, values: Record<string, unknown>): GenerationRequest {
  const file = Object.values(values).find((value): value is File => value instanceof File);
  const fileName = file && file.size > 0 ? file.name : null;
  const refactorSource =
    tool.answerView === 'code-diff' && typeof values.code === 'string'
      ? { submitted: values.code, language: typeof values.language === 'string' ? values.language : null }
      : null;
  return { fileName, title: toolRequestTitle(tool, values, fileName ?? undefined), refactorSource };
}

/**
 * Runs one tool request at a time and tracks it (docs/product.md §4). Text arrives batched per animation frame;
 * Stop asks the server to end the run (it saves what it has as 'stopped' and the stream ends with
 * `done`). A document's reading and a long one's parts arrive as `progress`. After every settled run
 * the history list for (uid, service) is invalidated and `onSettled` called (the plan usage). The model's status is asked again once the
 * server took a request (a request after a failure starts a new attempt) and after a failure, so the
 * banner above the form follows at once.
 */
export function useToolGeneration({ tool, uid, onSettled }: Options) {
  const [state, dispatch] = useReducer(generationReducer, initialGenerationState);
  const queryClient = useQueryClient();
  const controller = useRef<AbortController | null>(null);
  const generationId = useRef<string | null>(null);
  const batcher = useFrameBatcher((text) => dispatch({ type: 'delta', text }));

  useEffect(() => () => controller.current?.abort(), []);

  const refreshModelStatus = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: aiKeys.status }),
    [queryClient],
  );

  const refreshHistory = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: historyKeys.list(uid, tool.slug) });
    void queryClient.invalidateQueries({ queryKey: generationKeys.running });
  }, [queryClient, uid, tool.slug]);

  const start = useCallback(
    async (values: Record<string, unknown>): Promise<boolean> => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      generationId.current = null;
      dispatch({ type: 'start', request: describeRequest(tool, values) });
      preloadMarkdown();
      try {
        const result = await runTool({
          path: tool.apiPath,
          body: buildToolBody(tool.transport, values),
          signal: abort.signal,
          onDelta: batcher.push,
          onProgress: (progress) => {
            batcher.flush();
            dispatch({ type: 'progress', progress });
          },
          onEvent: (event) => {
            if (event.event !== 'start') return;
            generationId.current = startedGenerationId(event);
            dispatch({ type: 'streamStarted' });
            refreshModelStatus();
            // The sidebar lists it as being written (and follows it after a reload).
            void queryClient.invalidateQueries({ queryKey: generationKeys.running });
          },
        });
        if (abort.signal.aborted) return false;
        forgetRunningGenerations(queryClient, [generationId.current]);
        batcher.flush();
        const output = result[tool.outputField];
        const historyId = typeof result.historyId === 'string' ? result.historyId : null;
        const stopped = result.status === 'stopped';
        dispatch({
          type: 'done',
          text: typeof output === 'string' ? output : '',
          historyId,
          stopped,
          matchReport: toMatchReport(result.matchReport),
          coverage: toDocumentCoverage(result.coverage),
          details: toAnswerDetails(result),
          drafts: toAnswerDrafts(result.variants, tool.outputField),
        });
        refreshHistory();
        onSettled?.();
        return !stopped;
      } catch (error) {
        if (abort.signal.aborted) return false;
        batcher.cancel();
        console.error('Tool request failed', error);
        dispatch({ type: 'fail', error: toToolError(error) });
        refreshModelStatus();
        onSettled?.();
        return false;
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [tool, batcher, refreshHistory, refreshModelStatus, onSettled, queryClient],
  );

  const stop = useCallback(async () => {
    const abort = controller.current;
    if (!abort) return;
    dispatch({ type: 'stopRequested' });
    if (await askToStop(generationId.current)) return;
    // The server could not be asked: stop listening and keep what arrived.
    abort.abort();
    batcher.flush();
    dispatch({ type: 'stopped', historyId: null });
    refreshHistory();
    onSettled?.();
  }, [batcher, refreshHistory, onSettled]);

  const reset = useCallback(() => dispatch({ type: 'reset' }), []);

  return { state, start, stop, reset };
}
