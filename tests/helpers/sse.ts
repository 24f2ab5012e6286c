export interface SseEvent {
  event: string;
  // biome-ignore lint/suspicious/noExplicitAny: test payloads are checked field by field
  data: any;
}

/** Splits a complete text/event-stream body into its events (comments such as keep-alives skipped). */
export function parseSse(body: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of body.split('\n\n')) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (data.length > 0) events.push({ event, data: JSON.parse(data.join('\n')) });
  }
  return events;
}

/** Text of all delta events, in order. */
export function deltaText(events: SseEvent[]): string {
  return events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text as string)
    .join('');
}
