import { describe, expect, it } from 'vitest';
import {
  busyLabel,
  CONTROL_CHARACTER,
  cutDisplayName,
  cutSidebarTitle,
  formatBytes,
  requestDisplayTitle,
  withoutControlCharacters,
} from './text.ts';
import { formatToolName, toolTagline } from './tools.ts';

describe('tool names and taglines (docs/product.md §1, §2)', () => {
  it('splits hyphenated names into capitalised words', () => {
    expect(formatToolName('code-explainer')).toBe('Code Explainer');
    expect(formatToolName('resume-assistant')).toBe('Resume Assistant');
    expect(formatToolName('email-helper')).toBe('Email Helper');
  });
  it('defaults to Service', () => {
    expect(formatToolName(undefined)).toBe('Service');
    expect(formatToolName('')).toBe('Service');
    expect(formatToolName('--')).toBe('Service');
  });
  it('gives unknown slugs the article-generator tagline', () => {
    expect(toolTagline('nope')).toBe(
      'Generate your article in seconds with AI-powered clarity and creativity',
    );
    expect(toolTagline('code-refactor')).toBe(
      'Refactor your code in seconds for cleaner, optimized, and maintainable solutions',
    );
  });
});

describe('cuts (docs/product.md §2, §9)', () => {
  it('cuts sidebar titles over 20 characters', () => {
    expect(cutSidebarTitle('a'.repeat(20))).toBe('a'.repeat(20));
    expect(cutSidebarTitle('a'.repeat(21))).toBe(`${'a'.repeat(20)}...`);
  });
  it('cuts display names of 20 characters or more', () => {
    expect(cutDisplayName('a'.repeat(19))).toBe('a'.repeat(19));
    expect(cutDisplayName('a'.repeat(20))).toBe(`${'a'.repeat(20)}...`);
  });
});

describe('requestDisplayTitle (docs/product.md §3)', () => {
  it('uses the text field of form data, cut at 100', () => {
    const form = new FormData();
    form.set('text', 'x'.repeat(150));
    expect(requestDisplayTitle(form)).toBe(`${'x'.repeat(100)}...`);
  });
  it('falls back to the uploaded file name', () => {
    const form = new FormData();
    form.set('file', new File(['hello'], 'resume.pdf'));
    expect(requestDisplayTitle(form)).toBe('resume.pdf');
  });
  it('uses the prompt of an object, else its first string value, else Untitled request', () => {
    expect(requestDisplayTitle({ tone: 'friendly', prompt: 'Say thanks' })).toBe('Say thanks');
    expect(requestDisplayTitle({ code: 'let a = 1', language: 'javascript' })).toBe('let a = 1');
    expect(requestDisplayTitle({ n: 1 })).toBe('Untitled request');
    expect(requestDisplayTitle({ prompt: 'p'.repeat(101) })).toBe(`${'p'.repeat(100)}...`);
  });
});

describe('busyLabel (docs/product.md §4)', () => {
  it.each([
    ['Explain Code', 'Explaining...'],
    ['Refactor Code', 'Refactoring...'],
    ['Summarize Now', 'Summarizing...'],
    ['Optimize Resume', 'Optimizing...'],
    ['Generate Article', 'Generating...'],
    ['Generate Email', 'Generating...'],
    ['Do something', 'Thinking...'],
  ])('%s → %s', (action, label) => {
    expect(busyLabel(action)).toBe(label);
  });
});

describe('formatBytes', () => {
  it('says sizes in bytes, KB or MB, rounded as a person would', () => {
    expect(formatBytes(900)).toBe('900 bytes');
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(20 * 1024)).toBe('20 KB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatBytes(2 * 1024 * 1024)).toBe('2 MB');
    expect(formatBytes(52_428_800)).toBe('50 MB');
    expect(formatBytes(10.6 * 1024 * 1024)).toBe('11 MB');
  });
});

describe('control characters (the server’s one input rule)', () => {
  it('are every C0 and C1 control but tab, line feed and carriage return', () => {
    for (const kept of ['\t', '\n', '\r', ' ', 'é', '\u00a0', '\u2028'])
      expect(CONTROL_CHARACTER.test(kept)).toBe(false);
    for (const refused of ['\u0000', '\u0007', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085', '\u009f']) {
      expect(CONTROL_CHARACTER.test(refused)).toBe(true);
    }
  });

  it('are left out of what the web app sends, line breaks and tabs kept', () => {
    expect(withoutControlCharacters('Page one\fPage two\r\n\tand a\u0000 NUL\u0085')).toBe(
      'Page onePage two\r\n\tand a NUL',
    );
  });
});
