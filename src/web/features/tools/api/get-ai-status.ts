import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AiStatus } from '#shared/ai-status';
import { apiGet } from '#web/lib/api-client.ts';
import { aiKeys } from '#web/lib/query-keys.ts';

/** GET /api/ai/status → the model's state (provider, model, progress, or why there is none). */
export const getAiStatus = (): Promise<AiStatus> => apiGet<AiStatus>('/ai/status');

/** While the model is on its way the page follows it closely; a failure is looked at now and then. */
const PREPARING_POLL_MS = 1500;
const FAILED_POLL_MS = 10_000;

/**
 * How often to ask again: never once the model is ready (nor before the first answer, retried as usual),
 * nor while it rests out of memory with no request of this page waiting (a request loads it).
 * While this page's request waits, closely even after a failure: that request starts a new attempt,
 * which the banner should show as soon as it begins.
 */
export function aiStatusRefetchInterval(status: AiStatus | undefined, waiting = false): number | false {
  if (!status || status.state === 'ready' || (status.state === 'unloaded' && !waiting)) return false;
  return status.state === 'failed' && !waiting ? FAILED_POLL_MS : PREPARING_POLL_MS;
}

export const getAiStatusQueryOptions = (waiting = false) =>
  queryOptions({
    queryKey: aiKeys.status,
    queryFn: getAiStatus,
    refetchInterval: (query) => aiStatusRefetchInterval(query.state.data, waiting),
  });

export const useAiStatus = (waiting = false) => useQuery(getAiStatusQueryOptions(waiting));
