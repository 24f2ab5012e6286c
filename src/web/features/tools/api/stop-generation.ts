import { apiRequest } from '#web/lib/api-client.ts';

export interface StopGenerationResult {
  id: string;
  historyId: string | null;
  status: 'complete' | 'stopped' | 'failed';
}

/**
 * POST /api/generations/:id/stop: the server ends the run, saves what was produced as 'stopped' and
 * the open stream then ends with `done`. Closing the connection instead would not stop anything.
 */
export async function stopGeneration(id: string): Promise<StopGenerationResult> {
  const { data } = await apiRequest<StopGenerationResult>(`/generations/${encodeURIComponent(id)}/stop`, {
    method: 'POST',
  });
  return data;
}
