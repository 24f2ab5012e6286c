/** docs/product.md §9: 'Copied' shows for 2 seconds after a successful clipboard write. */
export const COPIED_FEEDBACK_MS = 2000;

export interface CopyFeedbackOptions {
  /** Writes the text, and the same as HTML when given (rich text for a paste into a mail or a document). */
  write: (text: string, html?: string | null) => Promise<void>;
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

  async function copy(text: string, html?: string | null): Promise<boolean> {
    try {
      await options.write(text, html);
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

/**
 * The browser clipboard; rejects where it is unavailable (insecure context, denied permission). With
 * `html`, both text/html and text/plain are written, so a paste into a mail client or a document keeps
 * headings and lists while a plain-text field gets the Markdown.
 */
export function writeClipboard(text: string, html?: string | null): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.clipboard) {
    return Promise.reject(new Error('Clipboard unavailable'));
  }
  if (html && typeof ClipboardItem !== 'undefined' && typeof navigator.clipboard.write === 'function') {
    const item = new ClipboardItem({
      'text/plain': new Blob([text], { type: 'text/plain' }),
      'text/html': new Blob([html], { type: 'text/html' }),
    });
    // Where rich text is refused (a browser without text/html support), the Markdown alone.
    return navigator.clipboard.write([item]).catch(() => navigator.clipboard.writeText(text));
  }
  return navigator.clipboard.writeText(text);
}

/**
 * Rendered Markdown (the `.md-prose` inside `rendered`) as HTML for the clipboard: its headings, lists,
 * tables, links and code, without the page's own controls (a code block's header and Copy), with
 * citation buttons as their text and no classes or attributes but links' targets. Null while the
 * Markdown is not rendered yet.
 */
export function clipboardHtml(rendered: Element | null): string | null {
  const root = rendered?.querySelector('.md-prose');
  if (!root) return null;
  const copy = root.cloneNode(true) as Element;
  for (const control of copy.querySelectorAll('[data-copy-skip]')) control.remove();
  for (const button of copy.querySelectorAll('button')) button.replaceWith(button.textContent ?? '');
  for (const element of copy.querySelectorAll('*')) {
    for (const name of element.getAttributeNames()) {
      if (!(element.tagName === 'A' && name === 'href')) element.removeAttribute(name);
    }
  }
  return copy.innerHTML;
}
