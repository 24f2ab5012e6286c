import { describe, expect, it } from 'vitest';
import { counted, nounFor } from './plural.ts';

describe('counted', () => {
  it('writes one thing in the singular and every other count in the plural', () => {
    expect(counted(1, 'chat')).toBe('1 chat');
    expect(counted(0, 'chat')).toBe('0 chats');
    expect(counted(2, 'chat')).toBe('2 chats');
    expect(counted(21, 'chat')).toBe('21 chats');
  });

  it('takes an irregular plural and groups thousands', () => {
    expect(counted(3, 'reply', 'replies')).toBe('3 replies');
    expect(counted(1, 'reply', 'replies')).toBe('1 reply');
    expect(counted(12500, 'generation')).toBe('12,500 generations');
  });

  it('gives the noun alone for text around a number shown elsewhere', () => {
    expect(nounFor(1, 'member')).toBe('member');
    expect(nounFor(5, 'member')).toBe('members');
  });
});
