import { describe, expect, it } from 'vitest';
import type { JobMatchReport } from '#shared/job-match-report';
import {
  type GenerationAction,
  type GenerationRequest,
  type GenerationState,
  generationReducer,
  initialGenerationState,
  isBusy,
  readingFileName,
  showsOutput,
} from './generation-state.ts';

const request: GenerationRequest = { fileName: null, title: 'Tea' };
const start: GenerationAction = { type: 'start', request };
const pending = (fields: Partial<Extract<GenerationState, { status: 'pending' }>>) => ({
  status: 'pending',
  text: '',
  stopping: false,
  request,
  streamStarted: false,
  progress: null,
  ...fields,
});

const run = (actions: GenerationAction[], from: GenerationState = initialGenerationState) =>
  actions.reduce(generationReducer, from);

describe('generationReducer', () => {
  it('accumulates deltas while pending and lets the final result replace them', () => {
    const streaming = run([start, { type: 'delta', text: 'Hel' }, { type: 'delta', text: 'lo' }]);
    expect(streaming).toEqual(pending({ text: 'Hello', streamStarted: true }));
    expect(isBusy(streaming)).toBe(true);
    const done = generationReducer(streaming, {
      type: 'done',
      text: 'Hello!',
      historyId: 'h1',
      stopped: false,
    });
    expect(done).toEqual({
      status: 'success',
      text: 'Hello!',
      historyId: 'h1',
      matchReport: null,
      coverage: null,
      details: null,
      drafts: [],
      request,
    });
    expect(showsOutput(done)).toBe(true);
    expect(isBusy(done)).toBe(false);
  });

  it("marks a Stop request, then takes the server's stopped result", () => {
    const stopping = run([start, { type: 'delta', text: 'par' }, { type: 'stopRequested' }]);
    expect(stopping).toEqual(pending({ text: 'par', stopping: true, streamStarted: true }));
    expect(isBusy(stopping)).toBe(true);
    const late = run([{ type: 'delta', text: 'tial' }], stopping);
    expect(late).toMatchObject({ status: 'pending', text: 'partial', stopping: true });
    const done = run([{ type: 'done', text: 'partial', historyId: 'h3', stopped: true }], late);
    expect(done).toEqual({
      status: 'stopped',
      text: 'partial',
      historyId: 'h3',
      matchReport: null,
      coverage: null,
      details: null,
      drafts: [],
      request,
    });
    expect(showsOutput(done)).toBe(true);
  });

  it('keeps the text received so far when stopped locally', () => {
    const state = run([start, { type: 'delta', text: 'partial' }, { type: 'stopped', historyId: 'h2' }]);
    expect(state).toEqual({
      status: 'stopped',
      text: 'partial',
      historyId: 'h2',
      matchReport: null,
      coverage: null,
      details: null,
      drafts: [],
      request,
    });
    expect(showsOutput(state)).toBe(true);
  });

  it('fails with the banner text and hides nothing of the form', () => {
    const state = run([start, { type: 'fail', error: { message: 'Failed to fetch results' } }]);
    expect(state).toEqual({ status: 'failed', error: { message: 'Failed to fetch results' } });
    expect(showsOutput(state)).toBe(false);
    expect(isBusy(state)).toBe(false);
  });

  it('ignores late stream events once the generation has settled', () => {
    const settled = run([start, { type: 'done', text: 'x', historyId: null, stopped: false }]);
    expect(run([{ type: 'delta', text: 'late' }], settled)).toBe(settled);
    expect(run([{ type: 'fail', error: { message: 'late' } }], settled)).toBe(settled);
    expect(run([{ type: 'stopped', historyId: null }], settled)).toBe(settled);
    expect(run([{ type: 'stopRequested' }], settled)).toBe(settled);
    expect(run([{ type: 'streamStarted' }], settled)).toBe(settled);
    const progress = { stage: 'combining', done: 1, total: 1, message: 'Writing the summary' } as const;
    expect(run([{ type: 'progress', progress }], settled)).toBe(settled);
    expect(run([{ type: 'delta', text: 'x' }])).toBe(initialGenerationState);
  });

  it('starts afresh after a failure and resets to idle', () => {
    const failed = run([start, { type: 'fail', error: { message: 'Unknown error' } }]);
    expect(run([start], failed)).toEqual(pending({}));
    expect(run([{ type: 'reset' }], failed)).toEqual({ status: 'idle' });
  });
});

describe('a request with a document', () => {
  const withFile: GenerationRequest = { fileName: 'report.pdf', title: 'report.pdf' };
  const reading = run([{ type: 'start', request: withFile }]);

  it('shows "Reading <name>" until the stream starts, then the progress events', () => {
    expect(readingFileName(reading)).toBe('report.pdf');
    const opened = run([{ type: 'streamStarted' }], reading);
    expect(readingFileName(opened)).toBeNull();
    const read = { stage: 'extracting', done: 1, total: 1, message: 'Read “report.pdf” (12 pages)' } as const;
    const part = { stage: 'summarizing', done: 3, total: 12, message: 'Summarizing part 3 of 12' } as const;
    const summarizing = run(
      [
        { type: 'progress', progress: read },
        { type: 'progress', progress: part },
      ],
      opened,
    );
    expect(summarizing).toMatchObject({ status: 'pending', progress: part, text: '' });
  });

  it('counts a progress event or a delta as the stream having started', () => {
    const part = { stage: 'summarizing', done: 1, total: 2, message: 'Summarizing part 1 of 2' } as const;
    expect(readingFileName(run([{ type: 'progress', progress: part }], reading))).toBeNull();
    expect(readingFileName(run([{ type: 'delta', text: 'a' }], reading))).toBeNull();
  });

  it('keeps no "Reading" line for a request without a document', () => {
    expect(readingFileName(run([start]))).toBeNull();
    expect(readingFileName(initialGenerationState)).toBeNull();
  });

  it("keeps the job match report of the result and the request's title", () => {
    const report: JobMatchReport = {
      terms: [{ term: 'React', kind: 'skill', inOriginal: true, inOptimized: true }],
      originalScore: 50,
      optimizedScore: 75,
      gaps: ['Kubernetes'],
      added: [],
    };
    const done = run(
      [{ type: 'done', text: '# Resume', historyId: 'h9', stopped: false, matchReport: report }],
      reading,
    );
    expect(done).toEqual({
      status: 'success',
      text: '# Resume',
      historyId: 'h9',
      matchReport: report,
      coverage: null,
      details: null,
      drafts: [],
      request: withFile,
    });
  });

  it('keeps what was read of the document', () => {
    const coverage = {
      pages: 12,
      pagesWithText: 12,
      pagesOcr: 2,
      pagesUnreadable: [7],
      pagesNotRead: [],
      tables: 1,
      characters: 30_000,
      partsSummarized: 3,
    };
    const done = run([{ type: 'done', text: 'Summary', historyId: 'h4', stopped: false, coverage }], reading);
    expect(done).toMatchObject({ status: 'success', historyId: 'h4', coverage });
  });
});
