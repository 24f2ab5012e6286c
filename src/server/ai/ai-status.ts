import type { AiStatus } from '#shared/ai-status';
import type { LocalModelStatus, ModelRetry } from './local/local-model-status.ts';

/** The way out when no model can be had, for the administrator: names of settings, never their values. */
const OTHER_PROVIDER =
  'Or set LOCAL_MODEL to a .gguf file on the server, or AI_PROVIDER and its API key (e.g. OPENAI_API_KEY), then restart the server.';

const ADVICE: Record<ModelRetry, string> = {
  automatic: `Check that the server can reach the download address (network, proxy, firewall) and has free disk space; the download is tried again by itself and resumes where it stopped. ${OTHER_PROVIDER}`,
  'on-request': `Check LOCAL_MODEL and LOCAL_MODEL_SHA256. ${OTHER_PROVIDER}`,
  never:
    'Set LOCAL_MODEL to a .gguf file on the server, an http(s) URL or hf:<owner>/<repo>/<file>.gguf, or set AI_PROVIDER and its API key (e.g. OPENAI_API_KEY), then restart the server.',
};

/**
 * The local model's status as GET /api/ai/status tells it: download progress without the file's path,
 * and for a failure the reason (already redacted for display) with advice for the administrator.
 */
export function localAiStatus(model: string, status: LocalModelStatus): AiStatus {
  const base = { provider: 'local', model };
  switch (status.state) {
    case 'downloading':
      return {
        ...base,
        state: 'downloading',
        ...(status.percent === null ? {} : { percent: status.percent }),
        receivedBytes: status.receivedBytes,
        ...(status.totalBytes === null ? {} : { totalBytes: status.totalBytes }),
      };
    case 'failed':
      return {
        ...base,
        state: 'failed',
        reason: status.reason,
        advice: ADVICE[status.retry],
        retry: status.retry,
        ...(status.retryAt === null ? {} : { retryAt: new Date(status.retryAt).toISOString() }),
      };
    default:
      return { ...base, state: status.state };
  }
}

/** A remote provider downloads nothing: a bad configuration stops the server at start, so it is ready. */
export function remoteAiStatus(provider: string, model: string): AiStatus {
  return { provider, model, state: 'ready' };
}
