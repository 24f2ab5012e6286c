import { describe, expect, it } from 'vitest';
import {
  type GenerationAction,
  type GenerationState,
  generationReducer,
  initialGenerationState,
  isBusy,
  showsOutput,
} from './generation-state.ts';

const run = (actions: GenerationAction[], from: GenerationState = initialGenerationState) =>
  actions.reduce(generationReducer, from);

describe('generationReducer', () => {
  it('accumulates deltas while pending and lets the final result replace them', () => {
    const streaming = run([{ type: 'start' }, { type: 'delta', text: 'Hel' }, { type: 'delta', text: 'lo' }]);
    expect(streaming).toEqual({ status: 'pending', text: 'Hello', stopping: false });
    expect(isBusy(streaming)).toBe(true);
    const done = generationReducer(streaming, {
      type: 'done',
      text: 'Hello!',
      historyId: 'h1',
      stopped: false,
    });
    expect(done).toEqual({ status: 'success', text: 'Hello!', historyId: 'h1' });
    expect(showsOutput(done)).toBe(true);
    expect(isBusy(done)).toBe(false);
  });

  it("marks a Stop request, then takes the server's stopped result", () => {
    const stopping = run([{ type: 'start' }, { type: 'delta', text: 'par' }, { type: 'stopRequested' }]);
    expect(stopping).toEqual({ status: 'pending', text: 'par', stopping: true });
    expect(isBusy(stopping)).toBe(true);
    const late = run([{ type: 'delta', text: 'tial' }], stopping);
    expect(late).toEqual({ status: 'pending', text: 'partial', stopping: true });
    const done = run([{ type: 'done', text: 'partial', historyId: 'h3', stopped: true }], late);
    expect(done).toEqual({ status: 'stopped', text: 'partial', historyId: 'h3' });
    expect(showsOutput(done)).toBe(true);
  });

  it('keeps the text received so far when stopped locally', () => {
    const state = run([
      { type: 'start' },
      { type: 'delta', text: 'partial' },
      { type: 'stopped', historyId: 'h2' },
    ]);
    expect(state).toEqual({ status: 'stopped', text: 'partial', historyId: 'h2' });
    expect(showsOutput(state)).toBe(true);
  });

  it('fails with the banner text and hides nothing of the form', () => {
    const state = run([{ type: 'start' }, { type: 'fail', error: { message: 'Failed to fetch results' } }]);
    expect(state).toEqual({ status: 'failed', error: { message: 'Failed to fetch results' } });
    expect(showsOutput(state)).toBe(false);
    expect(isBusy(state)).toBe(false);
  });

  it('ignores late stream events once the generation has settled', () => {
    const settled = run([{ type: 'start' }, { type: 'done', text: 'x', historyId: null, stopped: false }]);
    expect(run([{ type: 'delta', text: 'late' }], settled)).toBe(settled);
    expect(run([{ type: 'fail', error: { message: 'late' } }], settled)).toBe(settled);
    expect(run([{ type: 'stopped', historyId: null }], settled)).toBe(settled);
    expect(run([{ type: 'stopRequested' }], settled)).toBe(settled);
    expect(run([{ type: 'delta', text: 'x' }])).toBe(initialGenerationState);
  });

  it('starts afresh after a failure and resets to idle', () => {
    const failed = run([{ type: 'start' }, { type: 'fail', error: { message: 'Unknown error' } }]);
    expect(run([{ type: 'start' }], failed)).toEqual({ status: 'pending', text: '', stopping: false });
    expect(run([{ type: 'reset' }], failed)).toEqual({ status: 'idle' });
  });
});
