/** docs/product.md §9: 'Copied' shows for 2 seconds after a successful clipboard write. */
export const COPIED_FEEDBACK_MS = 2000;

export interface CopyFeedbackOptions {
  write: (text: string) => Promise<void>;
  onChange: (copied: boolean) => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/**
 * Copy → Copied for 2 s after a successful write; a second copy restarts the 2 s; a failed write
 * logs 'Failed to copy' (docs/product.md §8) and leaves the label alone.
 */
export function createCopyFeedback(options: CopyFeedbackOptions) {
  const setTimer = options.setTimer ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const clearTimer =
    options.clearTimer ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>));
  let timer: unknown = null;

  function cancel() {
    if (timer !== null) clearTimer(timer);
    timer = null;
  }

  async function copy(text: string): Promise<boolean> {
    try {
      await options.write(text);
    } catch (error) {
      console.log('Failed to copy', error);
      return false;
    }
    cancel();
    options.onChange(true);
    timer = setTimer(() => {
      timer = null;
      options.onChange(false);
    }, COPIED_FEEDBACK_MS);
    return true;
  }

  return { copy, dispose: cancel };
}

/** The browser clipboard; rejects where it is unavailable (insecure context, denied permission). */
export function writeClipboard(text: string): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.clipboard) {
    return Promise.reject(new Error('Clipboard unavailable'));
  }
  return navigator.clipboard.writeText(text);
}
