import { ApiError, apiRequest } from './api-client.ts';

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

/**
 * The Stop button: asks the server to end the generation. True when it took it (the open stream then
 * ends with `done`) or the generation had finished already (404: its `done` is on the way); false when
 * it could not be asked (no id yet, or the call failed): the caller stops listening itself.
 */
export async function askToStop(generationId: string | null): Promise<boolean> {
  if (!generationId) return false;
  try {
    await stopGeneration(generationId);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return true;
    console.error('Could not stop the generation', error);
    return false;
  }
}
