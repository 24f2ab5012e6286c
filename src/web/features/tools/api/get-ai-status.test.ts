import { describe, expect, it } from 'vitest';
import { aiStatusRefetchInterval } from './get-ai-status.ts';

const base = { provider: 'local', model: 'qwen.gguf' };

describe('aiStatusRefetchInterval', () => {
  it('follows a model on its way closely, a failure now and then, and stops once it is ready', () => {
    for (const state of ['idle', 'downloading', 'loading'] as const) {
      expect(aiStatusRefetchInterval({ ...base, state })).toBe(1500);
    }
    expect(aiStatusRefetchInterval({ ...base, state: 'failed', retry: 'automatic' })).toBe(10_000);
    expect(aiStatusRefetchInterval({ ...base, state: 'ready' })).toBe(false);
    expect(aiStatusRefetchInterval({ ...base, state: 'unloaded' })).toBe(false);
    expect(aiStatusRefetchInterval(undefined)).toBe(false);
  });

  it('follows a failure closely while a request of the page waits (it starts a new attempt)', () => {
    expect(aiStatusRefetchInterval({ ...base, state: 'failed', retry: 'automatic' }, true)).toBe(1500);
    expect(aiStatusRefetchInterval({ ...base, state: 'ready' }, true)).toBe(false);
    // Out of memory: the request loads it, which the banner follows.
    expect(aiStatusRefetchInterval({ ...base, state: 'unloaded' }, true)).toBe(1500);
  });
});
