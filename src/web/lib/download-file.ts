import { apiFetch } from './api-client.ts';

/**
 * Downloads for the signed-in user: files the API serves only with the bearer token (a chat's uploaded
 * document, the optimized resume as .docx), which a plain link cannot send, and text made in the
 * browser (the answer as Markdown). Both end the same way: a Blob saved under a file name.
 */

/** The characters a file name may not hold on common systems, and control characters. */
const UNSAFE_NAME_CHARACTERS = /[\p{Cc}\p{Cf}/\\:*?"<>|]+/gu;

/**
 * The file name a `Content-Disposition` header gives (RFC 6266): `filename*` (UTF-8, percent-encoded)
 * first, then `filename` (quoted or not); null when it gives none. Path parts are never kept.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return safeFileName(decodeURIComponent(extended[2].trim()));
    } catch {
      // A malformed encoding: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const value = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return value ? safeFileName(value) : null;
}

/**
 * A name fit to save a file under: the last path part, unsafe characters replaced, spaces collapsed,
 * cut to 120 characters; null when nothing is left.
 */
export function safeFileName(name: string): string | null {
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .replace(UNSAFE_NAME_CHARACTERS, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120)
    .replace(/^[.\s-]+|[.\s]+$/g, '');
  return cleaned || null;
}

/** Saves a Blob as a file through a temporary link (every current browser's download path). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers start reading the Blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Saves text made in the browser (e.g. the answer as Markdown) as a file. */
export function downloadText(text: string, fileName: string, type = 'text/markdown;charset=utf-8'): void {
  saveBlob(new Blob([text], { type }), fileName);
}

/** Whether a URL the server gave is one of its own API paths, the only kind sent with the bearer token. */
export function isApiPath(url: string): url is `/api/${string}` {
  return url.startsWith('/api/') && !url.startsWith('/api//') && !url.includes('\\');
}

/**
 * GETs an API file with the bearer token (through apiFetch: token renewal, 401/403 handling) and saves
 * it under the name its Content-Disposition gives, else `fallbackName`. Throws ApiError for a non-2xx
 * reply, and an Error for a URL outside the API (never sent the token).
 */
export async function downloadApiFile(url: string, fallbackName: string): Promise<void> {
  if (!isApiPath(url)) throw new Error('This download is not on this server.');
  const response = await apiFetch(url, { accept: '*/*' });
  const blob = await response.blob();
  saveBlob(blob, fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName);
}

/** How long an opened file's object URL lives: long enough for the new tab to load it. */
const OPENED_FILE_KEPT_MS = 5 * 60_000;

/**
 * Opens an API file in a new tab (a chat's PDF at a page: `fragment` '#page=12'), fetched with the
 * bearer token as downloadApiFile does, shown from an object URL of its Blob (as `type`, so the browser
 * shows it rather than saving it), revoked a few minutes later. Call it from a click: the tab is opened
 * at once, while the click still allows it (a browser blocks one opened after a download), and closed
 * again when the download fails. Throws as downloadApiFile does, and when the browser blocked the tab.
 */
export async function openApiFile(url: string, { type, fragment = '' }: { type: string; fragment?: string }) {
  if (!isApiPath(url)) throw new Error('This file is not on this server.');
  const tab = window.open('', '_blank');
  if (!tab) throw new Error('Your browser blocked the new tab. Allow pop-ups for this site and try again.');
  // The tab shows only this site's own file; it gets no handle on this page.
  tab.opener = null;
  try {
    const response = await apiFetch(url, { accept: '*/*' });
    const blob = new Blob([await response.blob()], { type });
    const objectUrl = URL.createObjectURL(blob);
    setTimeout(() => URL.revokeObjectURL(objectUrl), OPENED_FILE_KEPT_MS);
    tab.location.href = `${objectUrl}${fragment}`;
  } catch (error) {
    tab.close();
    throw error;
  }
}
