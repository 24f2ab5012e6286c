/** One server-sent event: its name ('message' when none was given) and its joined data lines. */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * Incremental parser for the text/event-stream format (WHATWG HTML §9.2): feed it decoded chunks in
 * any split, get back the events that completed. Handles CRLF/CR/LF line ends, multi-line `data`,
 * comments (`:`), a single leading space after the colon and events without a name.
 */
export function createSseParser() {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  let pendingCR = false;

  function dispatch(out: SseEvent[]) {
    if (data.length > 0)
      out.push({ event: event || 'message', data: data.join('\n'), ...(id ? { id } : {}) });
    event = '';
    data = [];
  }

  function line(text: string, out: SseEvent[]) {
    if (text === '') return dispatch(out);
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
  }

  /** Parses a chunk; returns the events completed by it. */
  function feed(chunk: string): SseEvent[] {
    const out: SseEvent[] = [];
    let text = chunk;
    // A CR at the end of the previous chunk may be the first half of a CRLF.
    if (pendingCR && text.startsWith('\n')) text = text.slice(1);
    pendingCR = false;
    buffer += text;
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const ch = buffer[i];
      if (ch !== '\n' && ch !== '\r') continue;
      line(buffer.slice(start, i), out);
      if (ch === '\r') {
        if (i + 1 === buffer.length) pendingCR = true;
        else if (buffer[i + 1] === '\n') i++;
      }
      start = i + 1;
    }
    buffer = buffer.slice(start);
    return out;
  }

  return { feed };
}
