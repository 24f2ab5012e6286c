import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GenerationProgressBar } from './generation-progress-bar.tsx';

describe('GenerationProgressBar', () => {
  it('shows an indeterminate bar while the document is read', () => {
    const html = renderToStaticMarkup(<GenerationProgressBar readingFileName="report.pdf" progress={null} />);
    expect(html).toContain('Reading report.pdf…');
    expect(html).toContain('role="progressbar"');
    expect(html).not.toContain('aria-valuenow');
  });

  it("shows the part being summarized with the event's message", () => {
    const progress = {
      stage: 'summarizing',
      done: 3,
      total: 12,
      message: 'Summarizing part 3 of 12',
    } as const;
    const html = renderToStaticMarkup(<GenerationProgressBar readingFileName={null} progress={progress} />);
    expect(html).toContain('Summarizing part 3 of 12');
    expect(html).toContain('aria-valuenow="3"');
    expect(html).toContain('aria-valuemin="0"');
    expect(html).toContain('aria-valuemax="12"');
    expect(html).toContain('width:25%');
    expect(html).toContain('3 / 12');
  });

  it('shows nothing without a document or progress', () => {
    expect(renderToStaticMarkup(<GenerationProgressBar readingFileName={null} progress={null} />)).toBe('');
  });
});
