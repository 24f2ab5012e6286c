import { describe, expect, it } from 'vitest';
import { type EnterPress, sendsForm } from './enter-key.ts';

const press = (fields: Partial<EnterPress> = {}): EnterPress => ({
  key: 'Enter',
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  isComposing: false,
  ...fields,
});

describe('sendsForm', () => {
  it('sends from a text box on Enter, and not on Shift+Enter (a new line)', () => {
    for (const kind of ['text', 'textarea'] as const) {
      expect(sendsForm(kind, press())).toBe(true);
      expect(sendsForm(kind, press({ shiftKey: true }))).toBe(false);
    }
  });

  it('makes Enter a new line in the code box, and sends on Ctrl or Cmd+Enter', () => {
    expect(sendsForm('code', press())).toBe(false);
    expect(sendsForm('code', press({ shiftKey: true }))).toBe(false);
    expect(sendsForm('code', press({ ctrlKey: true }))).toBe(true);
    expect(sendsForm('code', press({ metaKey: true }))).toBe(true);
  });

  it('sends on Ctrl/Cmd+Enter from every box', () => {
    expect(sendsForm('textarea', press({ ctrlKey: true }))).toBe(true);
    expect(sendsForm('text', press({ metaKey: true }))).toBe(true);
  });

  it('leaves other keys and an input method composing text alone', () => {
    expect(sendsForm('textarea', press({ key: 'a' }))).toBe(false);
    expect(sendsForm('textarea', press({ isComposing: true }))).toBe(false);
    expect(sendsForm('code', press({ ctrlKey: true, isComposing: true }))).toBe(false);
  });
});
