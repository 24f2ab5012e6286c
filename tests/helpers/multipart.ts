/** A multipart/form-data body for app.inject, encoded by the platform's own FormData. */
export async function multipartPayload(
  fields: Record<string, string>,
  file?: { field: string; name: string; content: string },
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(file.field, new Blob([file.content], { type: 'text/plain' }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return { payload, headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}
