import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AnswerDownloads } from './answer-downloads.tsx';

describe('AnswerDownloads', () => {
  it('offers a PDF and an .eml only for the tools whose catalogue entry lists them (extraDownloads)', () => {
    const resume = renderToStaticMarkup(
      <AnswerDownloads historyId="h1" label="Optimized resume" service="resume-assistant" />,
    );
    for (const label of ['Download .docx', 'Download .md', 'Download .html', 'Download .pdf']) {
      expect(resume).toContain(label);
    }
    const article = renderToStaticMarkup(
      <AnswerDownloads historyId="h1" label="Article" service="article-generator" />,
    );
    expect(article).toContain('Download .docx');
    expect(article).not.toContain('Download .pdf');
    expect(article).not.toContain('Download .eml');
    expect(resume).not.toContain('Download .eml');
    const email = renderToStaticMarkup(
      <AnswerDownloads historyId="h1" label="E-mail" service="email-helper" />,
    );
    expect(email).toContain('Download .eml');
    expect(email).not.toContain('Download .pdf');
  });
});
