import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '#server/db/schema';
import { chatPath, chooseVersion, pathStatus } from './chat-thread.ts';

const msg = (
  id: string,
  parentId: string | null,
  role: 'user' | 'assistant',
  extra: Partial<ChatMessage> = {},
) => ({
  id,
  parentId,
  role,
  content: id,
  ...extra,
});

/** q1 → a1 (and its versions a1b, a1c) → under a1: q2 → a2; an edited first request q1e → a1e. */
const TREE: ChatMessage[] = [
  msg('q1', null, 'user'),
  msg('a1', 'q1', 'assistant'),
  msg('q2', 'a1', 'user'),
  msg('a2', 'q2', 'assistant', { status: 'stopped' }),
  msg('a1b', 'q1', 'assistant'),
  msg('a1c', 'q1', 'assistant'),
  msg('q1e', null, 'user'),
  msg('a1e', 'q1e', 'assistant'),
];
const ids = (messages: { id: string }[]) => messages.map((m) => m.id);

describe('chatPath', () => {
  it('follows the current message up to the first request, each with its version', () => {
    const path = chatPath(TREE, 'a2');
    expect(ids(path)).toEqual(['q1', 'a1', 'q2', 'a2']);
    expect(path.map((m) => [m.version, m.versions])).toEqual([
      [1, 2],
      [1, 3],
      [1, 1],
      [1, 1],
    ]);
    expect(pathStatus(path)).toBe('stopped');
  });

  it('shows the newest branch without a current message, or when it is gone', () => {
    expect(ids(chatPath(TREE, null))).toEqual(['q1e', 'a1e']);
    expect(ids(chatPath(TREE, 'deleted'))).toEqual(['q1e', 'a1e']);
    expect(chatPath([], null)).toEqual([]);
  });

  it('reads messages without ids as one path in their order', () => {
    const old: ChatMessage[] = [
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'a' },
    ];
    expect(chatPath(old, null).map((m) => [m.id, m.parentId, m.version])).toEqual([
      ['m0', null, 1],
      ['m1', 'm0', 1],
    ]);
    // A follow-up written later names its parent by that id.
    const continued = [...old, msg('q2', 'm1', 'user'), msg('a2', 'q2', 'assistant')];
    expect(ids(chatPath(continued, 'a2'))).toEqual(['m0', 'm1', 'q2', 'a2']);
  });
});

describe('chooseVersion', () => {
  it('moves to the newest end of the chosen version’s branch', () => {
    expect(chooseVersion(TREE, 'a2', 'a1', 3)).toBe('a1c');
    expect(chooseVersion(TREE, 'a1c', 'a1c', 1)).toBe('a2');
    expect(chooseVersion(TREE, 'a2', 'q1', 2)).toBe('a1e');
    expect(chooseVersion(TREE, 'a1e', 'q1e', 1)).toBe('a1c');
  });

  it('refuses a message off the path or a version that does not exist', () => {
    expect(chooseVersion(TREE, 'a2', 'a1e', 1)).toBeNull();
    expect(chooseVersion(TREE, 'a2', 'a1', 4)).toBeNull();
    expect(chooseVersion(TREE, 'a2', 'a1', 0)).toBeNull();
  });
});
