import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser.ts';

describe('createSseParser', () => {
  it('parses named events with JSON data', () => {
    const parser = createSseParser();
    const events = parser.feed('event: delta\ndata: {"text":"Hi"}\n\nevent: done\ndata: {"ok":true}\n\n');
    expect(events).toEqual([
      { event: 'delta', data: '{"text":"Hi"}' },
      { event: 'done', data: '{"ok":true}' },
    ]);
  });

  it('keeps partial events across chunks split anywhere', () => {
    const source = 'event: delta\ndata: {"text":"a b"}\n\nevent: delta\ndata: {"text":"c"}\n\n';
    for (let cut = 1; cut < source.length; cut++) {
      const parser = createSseParser();
      const events = [...parser.feed(source.slice(0, cut)), ...parser.feed(source.slice(cut))];
      expect(events.map((e) => e.data)).toEqual(['{"text":"a b"}', '{"text":"c"}']);
    }
  });

  it('handles CRLF and lone CR line ends, including a CRLF split between chunks', () => {
    const parser = createSseParser();
    expect(parser.feed('event: delta\r\ndata: x\r')).toEqual([]);
    expect(parser.feed('\n\r\n')).toEqual([{ event: 'delta', data: 'x' }]);
    expect(parser.feed('data: y\r\r')).toEqual([{ event: 'message', data: 'y' }]);
  });

  it('joins multi-line data, ignores comments and unknown fields, strips one leading space', () => {
    const parser = createSseParser();
    const events = parser.feed(': keep-alive\nretry: 10\ndata:  two spaces\ndata:line\nfoo: bar\n\n');
    expect(events).toEqual([{ event: 'message', data: ' two spaces\nline' }]);
  });

  it('does not dispatch an event that has no data, nor an unfinished one', () => {
    const parser = createSseParser();
    expect(parser.feed('event: ping\n\nevent: delta\ndata: x')).toEqual([]);
    expect(parser.feed('\n')).toEqual([]);
    expect(parser.feed('\n')).toEqual([{ event: 'delta', data: 'x' }]);
  });

  it('remembers the last event id', () => {
    const parser = createSseParser();
    expect(parser.feed('id: 7\ndata: a\n\ndata: b\n\n')).toEqual([
      { event: 'message', data: 'a', id: '7' },
      { event: 'message', data: 'b', id: '7' },
    ]);
  });
});
