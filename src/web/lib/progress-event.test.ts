import { describe, expect, it } from 'vitest';
import { progressPercent, toGenerationProgress } from './progress-event.ts';

describe('toGenerationProgress', () => {
  it('takes a progress payload as the server sends it', () => {
    const payload = { stage: 'summarizing', done: 3, total: 12, message: 'Summarizing part 3 of 12' };
    expect(toGenerationProgress(payload)).toEqual(payload);
    const ocr = { stage: 'ocr', done: 2, total: 12, message: 'Reading page 3 of 12 (scanned)' };
    expect(toGenerationProgress(ocr)).toEqual(ocr);
  });

  it('refuses unknown stages, missing fields and an empty total', () => {
    expect(toGenerationProgress({ stage: 'translating', done: 1, total: 2, message: 'x' })).toBeNull();
    expect(toGenerationProgress({ stage: 'combining', done: 1, total: 2 })).toBeNull();
    expect(toGenerationProgress({ stage: 'combining', done: 0, total: 0, message: 'x' })).toBeNull();
    expect(toGenerationProgress({ stage: 'combining', done: '1', total: 2, message: 'x' })).toBeNull();
    expect(toGenerationProgress(null)).toBeNull();
    expect(toGenerationProgress('progress')).toBeNull();
  });

  it('keeps done within 0…total', () => {
    expect(toGenerationProgress({ stage: 'summarizing', done: 14, total: 12, message: 'm' })?.done).toBe(12);
    expect(toGenerationProgress({ stage: 'summarizing', done: -1, total: 12, message: 'm' })?.done).toBe(0);
  });
});

describe('progressPercent', () => {
  it('is the share of the stage done, rounded', () => {
    expect(progressPercent({ stage: 'summarizing', done: 3, total: 12, message: '' })).toBe(25);
    expect(progressPercent({ stage: 'summarizing', done: 1, total: 3, message: '' })).toBe(33);
    expect(progressPercent({ stage: 'extracting', done: 1, total: 1, message: '' })).toBe(100);
  });
});
