import type { FastifyReply } from 'fastify';

/**
 * `Content-Disposition: attachment` for a file name chosen by a user (RFC 6266): an ASCII fallback in
 * `filename` (quotes, backslashes, control and non-ASCII characters replaced) and the exact name,
 * percent-encoded as UTF-8, in `filename*`, which every current browser prefers.
 */
export function attachmentDisposition(fileName: string): string {
  const name = fileName.replace(/[\p{Cc}\p{Cf}]/gu, '').trim() || 'download';
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * A private download: its type, `attachment` under `fileName`, never cached on the way and never
 * sniffed as another type. The caller sends the body (and may add headers of its own).
 */
export function privateDownload(reply: FastifyReply, contentType: string, fileName: string): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', attachmentDisposition(fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
}
