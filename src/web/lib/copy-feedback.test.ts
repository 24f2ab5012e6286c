import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPIED_FEEDBACK_MS, createCopyFeedback } from './copy-feedback.ts';

describe('createCopyFeedback', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows Copied for exactly 2 seconds after a successful write', async () => {
    const states: boolean[] = [];
    const write = vi.fn(async () => {});
    const feedback = createCopyFeedback({ write, onChange: (c) => states.push(c) });
    await expect(feedback.copy('hello')).resolves.toBe(true);
    // Plain text only: no HTML was given.
    expect(write).toHaveBeenCalledWith('hello', undefined);
    expect(states).toEqual([true]);
    vi.advanceTimersByTime(COPIED_FEEDBACK_MS - 1);
    expect(states).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(states).toEqual([true, false]);
    expect(COPIED_FEEDBACK_MS).toBe(2000);
  });

  it('hands the HTML beside the text to the clipboard write (rich text and Markdown together)', async () => {
    const write = vi.fn(async () => {});
    const feedback = createCopyFeedback({ write, onChange: () => {} });
    await feedback.copy('# Title', '<h1>Title</h1>');
    expect(write).toHaveBeenCalledWith('# Title', '<h1>Title</h1>');
  });

  it('restarts the 2 seconds on a second copy', async () => {
    const states: boolean[] = [];
    const feedback = createCopyFeedback({ write: async () => {}, onChange: (c) => states.push(c) });
    await feedback.copy('a');
    vi.advanceTimersByTime(1500);
    await feedback.copy('b');
    vi.advanceTimersByTime(1500);
    expect(states).toEqual([true, true]);
    vi.advanceTimersByTime(500);
    expect(states).toEqual([true, true, false]);
  });

  it("logs 'Failed to copy' and keeps the label when the write fails", async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const states: boolean[] = [];
    const feedback = createCopyFeedback({
      write: async () => {
        throw new Error('denied');
      },
      onChange: (c) => states.push(c),
    });
    await expect(feedback.copy('x')).resolves.toBe(false);
    expect(log).toHaveBeenCalledWith('Failed to copy', expect.any(Error));
    vi.runAllTimers();
    expect(states).toEqual([]);
    log.mockRestore();
  });

  it('dispose cancels a pending reset', async () => {
    const states: boolean[] = [];
    const feedback = createCopyFeedback({ write: async () => {}, onChange: (c) => states.push(c) });
    await feedback.copy('x');
    feedback.dispose();
    vi.runAllTimers();
    expect(states).toEqual([true]);
  });
});
