/** One file part: text (sent as text/plain unless `type` says otherwise) or bytes. */
export interface MultipartFile {
  field: string;
  name: string;
  content: string | Uint8Array;
  /** The part's Content-Type; by default text/plain for text, application/octet-stream for bytes. */
  type?: string;
}

/** A multipart/form-data body for app.inject, encoded by the platform's own FormData. */
export async function multipartPayload(
  fields: Record<string, string>,
  files?: MultipartFile | MultipartFile[],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files === undefined ? [] : [files].flat()) {
    const text = typeof file.content === 'string';
    const type = file.type ?? (text ? 'text/plain' : 'application/octet-stream');
    // A copy, so the Blob gets a plain ArrayBuffer whatever backs the caller's bytes (a Buffer's pool).
    const content = typeof file.content === 'string' ? file.content : new Uint8Array(file.content);
    form.append(file.field, new Blob([content], { type }), file.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return { payload, headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}
