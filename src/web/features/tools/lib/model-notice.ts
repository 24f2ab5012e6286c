import type { AiStatus } from '#shared/ai-status';

/**
 * What the tool page says about a model that is not ready (docs/product.md §2); null once it is ready,
 * and while it rests out of memory between uses (it loads for the next request, which then shows it).
 */
export type ModelNotice =
  | {
      kind: 'preparing';
      /** Downloading, or loading (also before it started, and out of memory with a request sent). */
      downloading: boolean;
      title: string;
      detail: string;
      /** 0–100 when the download's size is known; null for a bar without an end (loading). */
      percent: number | null;
      /** e.g. '420 MB of 1,066 MB', when the download's size is known. */
      progress: string | null;
    }
  | {
      kind: 'failed';
      /** In words for the person using the tool: MODEL_MISSING_TITLE. */
      title: string;
      /** How a request tries again, when it does: for the person too. */
      retry: string | null;
      /** For the administrator, behind a disclosure: why there is no model ('No AI model is available: …'). */
      reason: string;
      /** For the administrator: what to configure. */
      advice: string | null;
    };

/** What a person reads when no model can be had (docs/product.md §2); the details are for the administrator. */
export const MODEL_MISSING_TITLE =
  'The AI model is not available yet. Your administrator has been told how to fix it.';

const MB = 1024 * 1024;

function megabytes(bytes: number, total: number): string {
  const digits = total < 100 * MB ? 1 : 0;
  return new Intl.NumberFormat('en-US', {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  }).format(bytes / MB);
}

/** The failure's reason ends the sentence 'No AI model is available: …'. */
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

const RETRY_TEXT: Record<NonNullable<AiStatus['retry']>, string | null> = {
  automatic: 'Sending a request tries again now.',
  'on-request': 'Sending a request tries again.',
  never: null,
};

/**
 * The banner's words for the model's state: while it downloads or loads, that a request can be sent now
 * and starts once the model is ready (or, with one already sent, that it will); when no model can be
 * had, that it is not available yet, with why and the advice for the administrator as details.
 */
export function modelNotice(status: AiStatus, pending: boolean): ModelNotice | null {
  if (status.state === 'ready' || (status.state === 'unloaded' && !pending)) return null;
  if (status.state === 'failed') {
    return {
      kind: 'failed',
      title: MODEL_MISSING_TITLE,
      retry: status.retry ? RETRY_TEXT[status.retry] : null,
      reason: status.reason
        ? `No AI model is available: ${sentence(status.reason)}`
        : 'No AI model is available.',
      advice: status.advice ?? null,
    };
  }
  const detail = pending
    ? 'Your request starts as soon as the model is ready.'
    : 'You can send your request now; it starts as soon as the model is ready.';
  if (status.state === 'downloading') {
    const percent = status.percent ?? null;
    const { receivedBytes, totalBytes } = status;
    return {
      kind: 'preparing',
      downloading: true,
      title: percent === null ? 'The model is downloading.' : `The model is downloading (${percent}%).`,
      detail,
      percent,
      progress:
        totalBytes && receivedBytes !== undefined
          ? `${megabytes(receivedBytes, totalBytes)} MB of ${megabytes(totalBytes, totalBytes)} MB`
          : null,
    };
  }
  return {
    kind: 'preparing',
    downloading: false,
    title: 'The model is loading.',
    detail,
    percent: null,
    progress: null,
  };
}

/**
 * The same banner for a request the server refused because no model can be had (503
 * `unavailable:model_missing`), while the model's status does not say so yet: the server's message,
 * which says why and what to configure, is the administrator's detail.
 */
export function modelMissingNotice(serverMessage: string | undefined): ModelNotice {
  return {
    kind: 'failed',
    title: MODEL_MISSING_TITLE,
    retry: null,
    reason: serverMessage?.trim() || 'No AI model is available.',
    advice: null,
  };
}
