import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOOLS } from '#shared/tools';
import { clearToolDraft, draftOf, readToolDraft, saveToolDraft } from './tool-draft.ts';

const email = TOOLS['email-helper'];
const explainer = TOOLS['code-explainer'];
const summarizer = TOOLS['doc-summarizer'];

/** A Map behind the Storage calls the draft makes. */
function fakeStorage(options: { full?: boolean } = {}) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (options.full) throw new DOMException('over quota', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key: string) => void items.delete(key),
  };
}

let storage: ReturnType<typeof fakeStorage>;
beforeEach(() => {
  storage = fakeStorage();
  vi.stubGlobal('window', { sessionStorage: storage });
});
afterEach(() => vi.unstubAllGlobals());

describe('a tool form draft', () => {
  it('keeps what was typed and chosen, per tool, under the tool’s key', () => {
    saveToolDraft(email, { tone: 'friendly', prompt: 'Thank the team' });
    saveToolDraft(explainer, { language: 'rust', code: 'fn main() {\n}\n' });
    expect(readToolDraft(email)).toEqual({ tone: 'friendly', prompt: 'Thank the team' });
    expect(readToolDraft(explainer)).toEqual({ language: 'rust', code: 'fn main() {\n}\n' });
    expect([...storage.items.keys()].sort()).toEqual([
      'tool-draft:code-explainer',
      'tool-draft:email-helper',
    ]);
  });

  it('keeps no file, and nothing of a form back at its defaults', () => {
    const pdf = new File(['%PDF'], 'a.pdf');
    expect(draftOf(summarizer, { file: pdf, text: 'Pasted' })).toEqual({ text: 'Pasted' });
    saveToolDraft(email, { tone: 'friendly', prompt: 'Hi' });
    saveToolDraft(email, { tone: 'professional', prompt: '' });
    expect(storage.items.has('tool-draft:email-helper')).toBe(false);
    expect(readToolDraft(email)).toEqual({});
  });

  it('is cleared once a generation succeeded', () => {
    saveToolDraft(email, { prompt: 'Hi' });
    clearToolDraft(email);
    expect(readToolDraft(email)).toEqual({});
  });

  it('ignores a broken entry, fields the form does not have and a choice it does not offer', () => {
    storage.items.set('tool-draft:email-helper', '{not json');
    expect(readToolDraft(email)).toEqual({});
    storage.items.set(
      'tool-draft:email-helper',
      JSON.stringify({ tone: 'furious', prompt: 'Kept', password: 'secret', extra: 1 }),
    );
    expect(readToolDraft(email)).toEqual({ prompt: 'Kept' });
    storage.items.set('tool-draft:code-explainer', JSON.stringify(['code']));
    expect(readToolDraft(explainer)).toEqual({});
  });

  it('lets the form work on when storage is full or refused', () => {
    vi.stubGlobal('window', { sessionStorage: fakeStorage({ full: true }) });
    expect(() => saveToolDraft(email, { prompt: 'Hi' })).not.toThrow();
    vi.stubGlobal('window', {
      get sessionStorage(): Storage {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(() => saveToolDraft(email, { prompt: 'Hi' })).not.toThrow();
    expect(readToolDraft(email)).toEqual({});
    expect(() => clearToolDraft(email)).not.toThrow();
  });
});
