import { createSseParser } from '#shared/sse-parser';

export interface SseEvent {
  event: string;
  // biome-ignore lint/suspicious/noExplicitAny: test payloads are checked field by field
  data: any;
}

/**
 * Splits a complete text/event-stream body into its events, with JSON data, using the web app's own
 * parser (comments such as keep-alives skipped), so the server's output is read as the browser reads it.
 */
export function parseSse(body: string): SseEvent[] {
  return createSseParser()
    .feed(body)
    .map(({ event, data }) => ({ event, data: JSON.parse(data) }));
}

/** Text of all delta events, in order. */
export function deltaText(events: SseEvent[]): string {
  return events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text as string)
    .join('');
}
