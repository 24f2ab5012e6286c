import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RunningGeneration } from '#shared/history';
import { preloadMarkdown } from '#web/components/markdown/lazy-markdown.tsx';
import { answerInChat, type ChatAnswerRequest } from '#web/features/history/api/answer-in-chat.ts';
import { savedAnswerId } from '#web/features/history/lib/answer-being-written.ts';
import { startedGenerationId } from '#web/lib/generation-stream.ts';
import { generationKeys, historyKeys } from '#web/lib/query-keys.ts';
import { forgetRunningGenerations, hasEndedHere } from '#web/lib/running-generations-cache.ts';
import { askToStop } from '#web/lib/stop-generation.ts';
import { type ToolError, toToolError } from '#web/lib/tool-error.ts';
import { useFrameBatcher } from '#web/lib/use-frame-batcher.ts';

/** A chat's answer being written (a follow-up, a regenerated answer, an edited request), or its failure. */
export type ChatAnswerState =
  | { status: 'idle' }
  | {
      status: 'pending';
      request: ChatAnswerRequest;
      text: string;
      stopping: boolean;
      /** Set once the server saved it: the chat read again then shows it in its place. */
      savedId: string | null;
    }
  | { status: 'failed'; request: ChatAnswerRequest; error: ToolError };

/**
 * Asks a saved chat for one more answer at a time and streams it (text batched per animation frame).
 * Once it is saved the chat is read again, so the view shows it as stored, with its version; the
 * history lists and the plan's usage follow (`onSettled`). Stop asks the server to end it, which saves
 * what it has as stopped.
 */
export function useChatAnswer(
  chatId: string,
  onSettled?: () => void,
  /** The answer was saved in another chat (a team member's own copy of a chat shared with them). */
  onMoved?: (historyId: string) => void,
) {
  const [state, setState] = useState<ChatAnswerState>({ status: 'idle' });
  /** How the last answer ended, for screen readers (said once, politely). */
  const [announcement, setAnnouncement] = useState('');
  const queryClient = useQueryClient();
  const controller = useRef<AbortController | null>(null);
  const generationId = useRef<string | null>(null);
  const batcher = useFrameBatcher((text) =>
    setState((s) => (s.status === 'pending' ? { ...s, text: s.text + text } : s)),
  );

  useEffect(() => () => controller.current?.abort(), []);

  const refresh = useCallback(async () => {
    await queryClient.refetchQueries({ queryKey: historyKeys.item(chatId) });
    void queryClient.invalidateQueries({ queryKey: historyKeys.lists });
    void queryClient.invalidateQueries({ queryKey: generationKeys.running });
    onSettled?.();
  }, [queryClient, chatId, onSettled]);

  const start = useCallback(
    async (request: ChatAnswerRequest): Promise<boolean> => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      generationId.current = null;
      setState({ status: 'pending', request, text: '', stopping: false, savedId: null });
      setAnnouncement('');
      preloadMarkdown();
      try {
        const result = await answerInChat(chatId, request, {
          signal: abort.signal,
          onDelta: batcher.push,
          onEvent: (event) => {
            generationId.current = startedGenerationId(event) ?? generationId.current;
          },
        });
        if (abort.signal.aborted) return false;
        // Ended here: a list of running ones read before it ended must not start following it again.
        forgetRunningGenerations(queryClient, [
          generationId.current,
          request.kind === 'follow' ? request.generation.id : null,
        ]);
        batcher.flush();
        const savedId = savedAnswerId(result);
        setState((s) => (s.status === 'pending' ? { ...s, savedId } : s));
        const savedIn = typeof result.historyId === 'string' ? result.historyId : chatId;
        if (savedIn !== chatId && onMoved) {
          // A follow-up on someone else's shared chat goes on in the member's own copy: open it.
          void queryClient.invalidateQueries({ queryKey: historyKeys.lists });
          void queryClient.invalidateQueries({ queryKey: generationKeys.running });
          onSettled?.();
          setState({ status: 'idle' });
          onMoved(savedIn);
          return true;
        }
        await refresh();
        setState({ status: 'idle' });
        setAnnouncement(result.status === 'stopped' ? 'Answer stopped.' : 'Answer complete.');
        return true;
      } catch (error) {
        if (abort.signal.aborted) return false;
        batcher.cancel();
        console.error('Chat request failed', error);
        setState({ status: 'failed', request, error: toToolError(error) });
        setAnnouncement('The answer failed.');
        onSettled?.();
        return false;
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [chatId, batcher, refresh, onSettled, onMoved, queryClient],
  );

  const stop = useCallback(async () => {
    const abort = controller.current;
    if (!abort) return;
    setState((s) => (s.status === 'pending' ? { ...s, stopping: true } : s));
    if (await askToStop(generationId.current)) return;
    // The server could not be asked: stop listening; what it saves shows once the chat is read again.
    abort.abort();
    batcher.cancel();
    await refresh();
    setState({ status: 'idle' });
  }, [batcher, refresh]);

  /**
   * Follows an answer of this chat being written elsewhere (found after a reload, or from another tab),
   * unless one is asked or followed here already or it ended here: true when it is followed.
   */
  const follow = useCallback(
    (generation: RunningGeneration): boolean => {
      if (controller.current !== null || hasEndedHere(queryClient, generation.id)) return false;
      void start({ kind: 'follow', generation });
      return true;
    },
    [start, queryClient],
  );

  const dismiss = useCallback(() => setState({ status: 'idle' }), []);

  return { state, announcement, start, follow, stop, dismiss };
}
