import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';

const render = (text: string, marks: { line: number; text: string; reason: string }[]) =>
  renderToStaticMarkup(<Markdown lineMarks={{ marks }}>{text}</Markdown>);

describe('rehypeLineMarks (through the Markdown renderer)', () => {
  it('marks a listed text on its own line only, with its reason, and numbers the blocks by line', () => {
    const html = render('# Jana\n\n- Led 12 engineers\n- Cut 12% of costs', [
      { line: 3, text: '12', reason: 'This number is not in your resume.' },
    ]);
    expect(html.match(/<mark/g)).toHaveLength(1);
    expect(html).toContain(
      '<li data-line="3">Led <mark class="md-unsupported" data-reason="This number is not in your resume."',
    );
    expect(html).toContain('<li data-line="4">Cut 12% of costs</li>');
    expect(html).toContain('<h1 data-line="1">Jana</h1>');
  });

  it('counts lines across the sections an answer is rendered in', () => {
    const text = '# Jana\n\nIntro\n\n## Experience\n\nWorked at Initech';
    const html = render(text, [{ line: 7, text: 'Initech', reason: 'This employer is not in your resume.' }]);
    expect(html).toContain('<p data-line="7">Worked at <mark');
    expect(html).toContain('>Initech</mark>');
  });

  it('finds a text written with typographic dashes, inside emphasis, never in code or links', () => {
    const html = render('**2019–2022** at `Initech` and [Initech](https://example.com)', [
      { line: 1, text: '2019-2022', reason: 'These dates are not in your resume.' },
      { line: 1, text: 'Initech', reason: 'This employer is not in your resume.' },
    ]);
    expect(html).toContain(
      '<strong><mark class="md-unsupported" data-reason="These dates are not in your resume."',
    );
    expect(html).toContain('>2019–2022</mark>');
    expect(html).not.toContain('>Initech</mark>');
  });

  it('leaves a text the line does not show as it is (it is still listed under the answer)', () => {
    const html = render('Led a team', [{ line: 1, text: 'Kubernetes', reason: 'Not in your resume.' }]);
    expect(html).not.toContain('<mark');
  });
});
