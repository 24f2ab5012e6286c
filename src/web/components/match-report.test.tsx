import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { JobMatchReport } from '#shared/job-match-report';
import { toMatchReport } from '#web/lib/match-report.ts';
import { MatchReport, WithMatchReport } from './match-report.tsx';

const report: JobMatchReport = {
  terms: [
    { term: 'design systems', kind: 'keyword', inOriginal: false, inOptimized: true },
    { term: 'React', kind: 'skill', inOriginal: true, inOptimized: true },
    { term: 'Kubernetes', kind: 'skill', inOriginal: false, inOptimized: false },
  ],
  originalScore: 33,
  optimizedScore: 67,
  gaps: ['Kubernetes'],
  added: ['design systems'],
};

describe('MatchReport', () => {
  const html = renderToStaticMarkup(<MatchReport report={report} />);

  it('shows both scores as labelled meters', () => {
    expect(html).toMatch(/role="meter"[^>]*aria-valuenow="33"[^>]*aria-valuemin="0"[^>]*aria-valuemax="100"/);
    expect(html).toMatch(/role="meter"[^>]*aria-valuenow="67"/);
    expect(html).toContain('Original resume');
    expect(html).toContain('Optimized resume');
  });

  it("lists the terms in the server's order, with a tick for each resume that shows them", () => {
    expect(html.indexOf('design systems')).toBeLessThan(html.indexOf('React'));
    expect(html.indexOf('React')).toBeLessThan(html.indexOf('Kubernetes'));
    expect(html.match(/>In the original</g)).toHaveLength(1);
    expect(html.match(/>In the optimized version</g)).toHaveLength(2);
    expect(html.match(/>Not in the original</g)).toHaveLength(2);
  });

  it('names the gaps as the person’s to fill, never invented', () => {
    expect(html).toContain('Gaps to fill');
    expect(html).toContain('Add them yourself only if they are true');
    expect(html).toMatch(/aria-label="Gaps to fill"><li[^>]*>Kubernetes<\/li>/);
  });

  it('asks to check the terms the optimized version added', () => {
    expect(html).toContain('Check these are true');
    expect(html).toContain('The optimized version shows design systems, which your original resume did not.');
  });

  it('leaves the added note out when nothing was added, and says when there is no gap', () => {
    const plain = renderToStaticMarkup(<MatchReport report={{ ...report, gaps: [], added: [] }} />);
    expect(plain).not.toContain('Check these are true');
    expect(plain).toContain('None: your resume shows everything the job asks for.');
  });
});

describe('WithMatchReport', () => {
  it('puts the report beside the answer, and the answer alone without one', () => {
    const withReport = renderToStaticMarkup(<WithMatchReport report={report}>answer</WithMatchReport>);
    expect(withReport).toContain('data-wide-answer');
    expect(withReport).toContain('data-testid="match-report"');
    expect(renderToStaticMarkup(<WithMatchReport report={null}>answer</WithMatchReport>)).toBe('answer');
  });
});

describe('toMatchReport', () => {
  it('takes a valid report and drops anything else', () => {
    expect(toMatchReport(report)).toEqual(report);
    expect(toMatchReport(null)).toBeNull();
    expect(toMatchReport(undefined)).toBeNull();
    expect(toMatchReport({ originalScore: 'high' })).toBeNull();
    expect(toMatchReport({ ...report, terms: [{ term: 'React' }] })).toBeNull();
    expect(toMatchReport({ ...report, gaps: [1] })).toBeNull();
  });
});
