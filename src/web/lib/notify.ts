import type { ExternalToast } from 'sonner';

/**
 * Toasts without sonner in the first view: the library (and its Toaster) load on the first toast.
 * sonner only shows toasts fired after its Toaster subscribed, so each toast waits for that mount.
 */
type Sonner = typeof import('sonner');
type Kind = 'success' | 'error' | 'info' | 'message';

let sonner: Promise<Sonner> | null = null;
let requested = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  return sonner;
}

/** For the toaster host: whether a toast has been asked for (then it renders the Toaster). */
export function subscribeToasterRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export function isToasterRequested(): boolean {
  return requested;
}
/** Called by the lazy Toaster once it has mounted and subscribed. */
export function toasterMounted(): void {
  markMounted();
}

function show(kind: Kind, message: string, options?: ExternalToast): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void Promise.all([loadSonner(), mounted]).then(([{ toast }]) => {
    if (kind === 'message') toast(message, options);
    else toast[kind](message, options);
  });
}

export const notify = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
  message: (message: string, options?: ExternalToast) => show('message', message, options),
};
