import { z } from 'zod';

/**
 * GET /api/ai/status: the model behind the tools, for the tool pages before anyone fills a form.
 * `idle` (not started yet), `downloading` (with progress when the size is known), `unloaded` (ready to
 * use: the local model is on disk and loads into memory on the next request), `loading`, `ready`, or
 * `failed` with the reason, what the administrator can do (`advice`) and how it is tried again (`retry`:
 * `automatic` on a timer, next at `retryAt`, and by a request; `on-request` by a request; `never`).
 */
export const aiStatusSchema = z.object({
  provider: z.string(),
  model: z.string(),
  state: z.enum(['idle', 'downloading', 'unloaded', 'loading', 'ready', 'failed']),
  percent: z.number().int().min(0).max(100).optional(),
  receivedBytes: z.number().int().nonnegative().optional(),
  totalBytes: z.number().int().nonnegative().optional(),
  reason: z.string().optional(),
  advice: z.string().optional(),
  retry: z.enum(['automatic', 'on-request', 'never']).optional(),
  /** ISO 8601. */
  retryAt: z.string().optional(),
});

export type AiStatus = z.infer<typeof aiStatusSchema>;
export type AiState = AiStatus['state'];
