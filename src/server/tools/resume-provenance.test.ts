import { describe, expect, it } from 'vitest';
import { traceResume } from './resume-provenance.ts';

const ORIGINAL = `Jana Novák
Frontend developer · Zürich · jana@example.com · +41 79 123 45 67

EXPERIENCE
Frontend Engineer, Shoply (January 2020 - 2024)
- Led a team of 5 engineers at Acme to rebuild the checkout in React and TypeScript (JS before that)
- Cut bundle size by 40% and fixed WCAG 2.1 AA accessibility issues across 30 screens
- Checkout used by 2 million customers a month
- Wrote unit tests with Jest; consumed REST and GraphQL APIs

Junior Developer, Globex Inc. (2017-2019)
- Maintained the company website in PHP and jQuery
- Worked with the payments team on a new invoicing flow

EDUCATION
BSc Computer Science, ETH Zürich, 2017

SKILLS
JavaScript, TypeScript, React, CSS, HTML, Jest, Git
Strong communicator, team player`;

/** What a careful model makes of ORIGINAL: reordered, reworded, in Markdown, with nothing new. */
const REWORDED = `# Jana Novák
**Frontend Developer** | Zurich | [jana@example.com](mailto:jana@example.com)

## Professional Summary
Results-driven frontend developer with seven years of experience building accessible React and TypeScript applications for 2M monthly customers.

## Skills
- **Languages:** JavaScript (ES6+), TypeScript, HTML, CSS
- **Tools:** React, Jest, Git

## Experience
### Frontend Engineer — Shoply
*Jan 2020 – 2024*
- Managed 5 engineers at Acme Corp, rebuilding the checkout with React and TypeScript
- Reduced bundle size by 40 percent and resolved WCAG 2.1 AA accessibility issues across thirty screens
- Spearheaded checkout improvements for 2,000,000 customers each month
- Authored unit tests in Jest and integrated REST and GraphQL APIs

### Junior Developer — Globex
2017 – 2019
- Maintained the company website with PHP and jQuery
- Collaborated with the Payments team on a new invoicing flow

## Education
**BSc Computer Science**, ETH Zurich (2017)

## Suggestions
- Quantify the design system's impact (e.g. [X%] faster delivery).
- Consider getting AWS Certified; the role asks for Kubernetes at Initech.`;

const JOB = `Senior Frontend Engineer at Initech
Requirements
- 5+ years with React and TypeScript
- Experience with Kubernetes and Docker
- Next.js is a plus`;

/** The 1-based number of the first line of `text` holding `content`: lines named by what they say. */
function lineOf(text: string, content: string): number {
  const index = text.split('\n').findIndex((line) => line.includes(content));
  if (index === -1) throw new Error(`no line with "${content}"`);
  return index + 1;
}

/** The optimized resume with `line` put in after the line holding `after`. */
function withLine(text: string, after: string, line: string): string {
  const lines = text.split('\n');
  lines.splice(lineOf(text, after), 0, line);
  return lines.join('\n');
}

const flagged = (original: string, optimized: string, job?: string) =>
  traceResume(original, optimized, job).unsupported.map(({ text, reason }) => ({ text, reason }));

describe('traceResume: what the original does not show', () => {
  it('flags nothing in a resume that is only reworded, reordered and put in Markdown', () => {
    expect(traceResume(ORIGINAL, REWORDED, JOB).unsupported).toEqual([]);
    expect(traceResume(ORIGINAL, REWORDED).unsupported).toEqual([]);
  });

  it('flags nothing when "Led a team of 5 engineers at Acme" becomes "Managed 5 engineers at Acme Corp"', () => {
    const original = 'Led a team of 5 engineers at Acme in Berlin.';
    for (const optimized of [
      '- Managed 5 engineers at Acme Corp in Berlin',
      '- Managed five engineers at **ACME Inc.**, Berlin',
      '* Led a 5-person engineering team at Acme GmbH (Berlin)',
    ]) {
      expect(flagged(original, optimized), optimized).toEqual([]);
    }
  });

  it('flags a number, an employer and a skill the model added, each with its reason and line', () => {
    let optimized = withLine(
      REWORDED,
      'Authored unit tests',
      '- Increased conversion by 12% through faster page loads',
    );
    optimized = withLine(optimized, 'Tools:', '- **Cloud:** Kubernetes, Docker');
    optimized = withLine(optimized, 'Collaborated with', '\n### Frontend Intern — Initech\n2016');
    const result = traceResume(ORIGINAL, optimized, JOB);
    const inJob = (noun: string) => `This ${noun} is named in the job description, not in your resume.`;
    expect(result.unsupported).toEqual([
      { line: lineOf(optimized, 'Cloud:'), text: 'Kubernetes', reason: inJob('skill') },
      { line: lineOf(optimized, 'Cloud:'), text: 'Docker', reason: inJob('skill') },
      {
        line: lineOf(optimized, 'Increased conversion'),
        text: '12%',
        reason: 'This number is not in your resume.',
      },
      {
        line: lineOf(optimized, 'Intern'),
        text: 'Frontend Intern',
        reason: 'This job title is not in your resume.',
      },
      { line: lineOf(optimized, 'Intern'), text: 'Initech', reason: inJob('employer') },
      { line: lineOf(optimized, 'Intern') + 1, text: '2016', reason: 'This date is not in your resume.' },
    ]);
    // Without the job description the same facts are flagged, each as simply not in the resume.
    expect(flagged(ORIGINAL, optimized).map((f) => f.reason)).toEqual([
      'This skill is not in your resume.',
      'This skill is not in your resume.',
      'This number is not in your resume.',
      'This job title is not in your resume.',
      'This employer is not in your resume.',
      'This date is not in your resume.',
    ]);
  });

  it('flags an employer named in a bullet, and one whose name only adds to a known one', () => {
    const original = 'Engineer at Acme, 2019-2021';
    expect(flagged(original, 'Engineer at Globex, 2019-2021')).toEqual([
      { text: 'Globex', reason: 'This employer is not in your resume.' },
    ]);
    expect(flagged(original, 'Engineer at Acme Cloud Inc, 2019-2021')).toEqual([
      { text: 'Acme Cloud Inc', reason: 'This employer is not in your resume.' },
    ]);
    expect(flagged(original, 'Engineer at Acme Inc., 2019-2021')).toEqual([]);
  });

  it('flags a seniority the original never gave, but not one it drops or abbreviates', () => {
    const original = 'Senior Frontend Engineer, Shoply (2020-2024)\nJunior Developer, Globex (2017-2019)';
    // Each word is somewhere in the original, but not this title.
    expect(flagged(original, '**Senior Developer**, Globex (2017-2019)')).toEqual([
      { text: 'Senior Developer', reason: 'This job title is not in your resume.' },
    ]);
    expect(flagged(original, 'Staff Engineer, Shoply')).toEqual([
      { text: 'Staff Engineer', reason: 'This job title is not in your resume.' },
    ]);
    expect(flagged(original, 'Frontend Engineer, Shoply (2020–2024)')).toEqual([]);
    expect(flagged(original, 'Sr. Frontend Engineer — Shoply')).toEqual([]);
    expect(flagged('Sales Development Rep, Contoso', 'Sales Development Representative, Contoso')).toEqual(
      [],
    );
    expect(flagged('Teacher – Mathematics, Lincoln High School', '## Mathematics Teacher')).toEqual([]);
    expect(flagged(original, 'Senior Front-end Engineer at Shoply')).toEqual([]);
  });

  it('flags degrees and certificates the original does not hold, and knows their other spellings', () => {
    const original = `BSc Computer Science, ETH Zürich, 2017
Certifications: Basic Life Support, Advanced Cardiac Life Support`;
    expect(flagged(original, '## Education\nMSc Computer Science, ETH Zurich (2017)')).toEqual([
      { text: 'MSc', reason: 'This degree is not in your resume.' },
    ]);
    expect(flagged(original, "Bachelor's degree in Computer Science, ETH Zürich, 2017")).toEqual([]);
    expect(flagged(original, 'BSc Computer Science, Stanford University, 2017')).toEqual([
      { text: 'Stanford University', reason: 'This school is not in your resume.' },
    ]);
    expect(flagged(original, '## Certifications\n- BLS, ACLS')).toEqual([]);
    expect(flagged(original, '- AWS Certified Solutions Architect (2022)')).toEqual([
      { text: 'AWS', reason: 'This skill is not in your resume.' },
      { text: 'AWS Certified Solutions Architect', reason: 'This certificate is not in your resume.' },
      { text: '2022', reason: 'This date is not in your resume.' },
    ]);
    expect(flagged(original, '- PMP certification')).toEqual([
      { text: 'PMP', reason: 'This certificate is not in your resume.' },
    ]);
    // 'certified' in a sentence: a certificate the original must hold at all.
    expect(
      flagged('Built data pipelines in Python', 'Certified data engineer building Python pipelines'),
    ).toEqual([{ text: 'Certified', reason: 'This certificate is not in your resume.' }]);
  });

  it('compares skills by what they are, not how they are spelled, and leaves soft skills to a skills list', () => {
    const original = 'Built apps in JS and Postgres; worked with designers; reviewed code';
    expect(flagged(original, '- Built applications in JavaScript and PostgreSQL')).toEqual([]);
    expect(
      flagged(original, '- Collaborated closely with designers and mentored peers through code reviews'),
    ).toEqual([]);
    expect(flagged(original, '## Skills\nJavaScript, PostgreSQL, Leadership')).toEqual([
      { text: 'Leadership', reason: 'This skill is not in your resume.' },
    ]);
    expect(flagged(original, 'Built apps in JS, Postgres and Redis')).toEqual([
      { text: 'Redis', reason: 'This skill is not in your resume.' },
    ]);
  });

  it('reads a skill of several words by its words too, and a skills list without its labels', () => {
    const original = 'Designed A/B tests for the recommendations team in Python';
    const optimized = `## Skills
**Languages & Tools:** Python
**Methods:** A/B testing
**Cloud & DevOps:** Python`;
    expect(flagged(original, optimized)).toEqual([]);
  });

  it('flags a tool or name the dictionary does not know, in a skills list as a skill', () => {
    const original = 'Skills: Python, Figma';
    expect(flagged(original, '## Skills\nPython, Figma, Retool')).toEqual([
      { text: 'Retool', reason: 'This skill is not in your resume.' },
    ]);
    expect(flagged(original, 'Skills: Python, Figma, Node-RED 3.x')).toContainEqual({
      text: 'Node-RED',
      reason: 'This skill is not in your resume.',
    });
  });

  it('does not read a word that only starts a sentence, or a common word written with a capital, as a name', () => {
    const original =
      'Worked with the payments team on invoicing for US clients.\nWrote the onboarding guide.';
    expect(
      flagged(
        original,
        [
          '- Partnered with the Payments team to streamline invoicing',
          '- Crafted the onboarding guide',
          '- Authored the Onboarding Guide',
          '- Invoiced U.S. clients',
        ].join('\n'),
      ),
    ).toEqual([]);
    // A name is a name wherever it stands.
    expect(flagged(original, 'Worked with Stripe on invoicing')).toEqual([
      { text: 'Stripe', reason: 'This name is not in your resume.' },
    ]);
  });
});

describe('traceResume: numbers and dates', () => {
  it('reads dates in their other formats as the same dates', () => {
    const cases: [string, string][] = [
      ['Jan 2020', 'January 2020'],
      ['January 2020', 'Jan. 2020'],
      ['Sept 2018', 'September 2018'],
      ['03/2020', 'March 2020'],
      ['2020-03', 'Mar 2020'],
      ["Mar '20", 'March 2020'],
      ['2019-2022', '2019 – 2022'],
      ['2019 – 2022', '2019-2022'],
      ['2019—2022', '2019 to 2022'],
      ['2019-22', '2019–2022'],
      ['2019 - Present', '2019–present'],
      ['Jan 2019 – Current', 'January 2019 - Present'],
      ['15 March 2020', 'March 15, 2020'],
      ['Jan 2020 - Mar 2021', '2020 – 2021'],
    ];
    for (const [original, optimized] of cases) {
      expect(flagged(`Engineer, Acme, ${original}`, `Engineer, Acme | ${optimized}`), optimized).toEqual([]);
    }
  });

  it('flags a date the original does not give: another year, a month it never said, a job still going on', () => {
    const original = 'Engineer, Acme, 2019 – 2021';
    const date = (text: string) => ({ text, reason: 'This date is not in your resume.' });
    expect(flagged(original, 'Engineer, Acme, 2018 – 2021')).toEqual([date('2018')]);
    expect(flagged(original, 'Engineer, Acme, Mar 2019 – 2021')).toEqual([date('Mar 2019')]);
    expect(flagged(original, 'Engineer, Acme, 2019 – Present')).toEqual([date('Present')]);
    expect(flagged(original, 'Engineer, Acme, 2019-2022')).toEqual([date('2022')]);
  });

  it('reads numbers by value: digits, words, thousands, millions, percentages and money', () => {
    const cases: [string, string][] = [
      ['2 million users', '2M users'],
      ['2,000,000 users', '2M+ users'],
      ['$1.2M budget', '$1,200,000 budget'],
      ['€120k in savings', 'saved €120,000'],
      ['40% faster', '40 percent faster'],
      ['five engineers', '5 engineers'],
      ['a team of 5', 'a five-person team'],
      ['twenty-five stores', '25 stores'],
      ['doubled revenue', 'grew revenue 2x'],
      ['ranked 1st of 30', 'ranked first among thirty'],
    ];
    for (const [original, optimized] of cases) {
      expect(flagged(`Led ${original}.`, `- Led ${optimized}.`), optimized).toEqual([]);
    }
  });

  it('flags a number the original does not give, and a percentage where it gave a count', () => {
    const number = (text: string) => ({ text, reason: 'This number is not in your resume.' });
    expect(flagged('Cut costs by 40%', 'Cut costs by 45%')).toEqual([number('45%')]);
    expect(flagged('Served 300 customers', 'Served 300 customers, raising retention 15%')).toEqual([
      number('15%'),
    ]);
    expect(flagged('Fixed 40 bugs', 'Fixed 40% of bugs')).toEqual([number('40%')]);
    expect(flagged('Managed a budget of $2M', 'Managed a budget of $3M')).toEqual([number('$3M')]);
    expect(flagged('Led 5 engineers', 'Led six engineers')).toEqual([number('six')]);
  });

  it('lets a number of years stand within the span of the original’s years, and no further', () => {
    const original = 'Engineer, Acme, 2016 – 2020\nEngineer, Globex, 2020 – 2023';
    expect(flagged(original, 'Engineer with 7+ years of experience')).toEqual([]);
    expect(flagged(original, 'Engineer with five years of experience')).toEqual([]);
    expect(flagged(original, 'Engineer with 10+ years of experience')).toEqual([
      { text: '10+', reason: 'This number is not in your resume.' },
    ]);
    expect(
      flagged(original, 'Engineer with 10+ years of experience', 'You have 10+ years of experience'),
    ).toEqual([{ text: '10+', reason: 'This number is given in the job description, not in your resume.' }]);
  });

  it('does not read the figures inside a name or a tool, a placeholder or an address as numbers', () => {
    const original = 'Ran services on AWS (EC2, S3) with Office 365. Mail: jana2000@example.com';
    const optimized = `- Operated EC2 and S3 services on AWS, with Office 365
- Improved uptime by [X%]
- Contact: jana2000@example.com, https://example.com/u/123`;
    expect(flagged(original, optimized)).toEqual([]);
  });
});

describe('traceResume: Markdown', () => {
  it('ignores headings, bullets, emphasis, links, rules and tables, and reports text as it reads', () => {
    const original = 'Acme Corp — Engineer (2019-2021)\nBuilt the billing service in Go';
    const optimized = `# Résumé

---
## **Experience**
### [Acme](https://acme.example) — _Engineer_
> *2019* – **2021**
1. Built the __billing__ service in \`Go\`
- [ ] Added ***Kafka*** to the billing service

| Company | Years |
| --- | :-: |
| **Globex** | 2022 |`;
    const result = traceResume(original, optimized);
    expect(result.unsupported).toEqual([
      { line: 8, text: 'Kafka', reason: 'This skill is not in your resume.' },
      // A line of the experience section that is no bullet names the employer and the role.
      { line: 12, text: 'Globex', reason: 'This employer is not in your resume.' },
      { line: 12, text: '2022', reason: 'This date is not in your resume.' },
    ]);
    // Every line that is not blank, numbered as given; the rule and the table's separator trace to nothing.
    expect(result.provenance.map((p) => p.line)).toEqual([1, 3, 4, 5, 6, 7, 8, 10, 11, 12]);
    expect(result.provenance.find((p) => p.line === 5)?.sources).toEqual([1]);
    expect(result.provenance.find((p) => p.line === 7)?.sources).toEqual([2]);
    expect(result.provenance.find((p) => p.line === 3)?.sources).toEqual([]);
  });

  it('neither checks nor traces the suggestions that follow the resume', () => {
    const result = traceResume(ORIGINAL, REWORDED, JOB);
    const suggestions = lineOf(REWORDED, '## Suggestions');
    const after = result.provenance.filter((p) => p.line >= suggestions);
    expect(after.map((p) => p.line)).toEqual([suggestions, suggestions + 1, suggestions + 2]);
    expect(after.every((p) => p.sources.length === 0)).toBe(true);
    expect(result.unsupported.filter((u) => u.line >= suggestions)).toEqual([]);
    // A heading inside the suggestions does not end them; one as high as theirs does.
    const more = `${REWORDED}\n### Gaps\n- Learn Kubernetes\n## Projects\n- Kubernetes operator`;
    expect(flagged(ORIGINAL, more)).toEqual([
      { text: 'Kubernetes', reason: 'This skill is not in your resume.' },
    ]);
    expect(traceResume(ORIGINAL, more).unsupported[0]?.line).toBe(lineOf(more, 'Kubernetes operator'));
  });
});

describe('traceResume: provenance', () => {
  it('traces each line to the lines of the original it comes from', () => {
    const result = traceResume(ORIGINAL, REWORDED);
    const sources = (content: string) =>
      result.provenance.find((p) => p.line === lineOf(REWORDED, content))?.sources;
    const original = (content: string) => lineOf(ORIGINAL, content);
    expect(sources('# Jana Novák')).toEqual([original('Jana Novák')]);
    expect(sources('**Frontend Developer**')).toEqual([original('Frontend developer ·')]);
    expect(sources('## Experience')).toEqual([original('EXPERIENCE')]);
    expect(sources('## Skills')).toEqual([original('SKILLS')]);
    expect(sources('**Languages:**')).toEqual([original('JavaScript, TypeScript, React, CSS')]);
    expect(sources('Managed 5 engineers')).toEqual([original('Led a team of 5')]);
    expect(sources('Reduced bundle size')).toEqual([original('Cut bundle size')]);
    expect(sources('Spearheaded checkout')).toEqual([original('Checkout used by 2 million')]);
    expect(sources('Authored unit tests')).toEqual([original('Wrote unit tests')]);
    expect(sources('### Junior Developer')).toEqual([original('Junior Developer, Globex')]);
    expect(sources('Collaborated with the Payments')).toEqual([original('payments team')]);
    expect(sources('**BSc Computer Science**')).toEqual([original('BSc Computer Science')]);
  });

  it('gives a line merged from two lines both, and a line with nothing of the original none', () => {
    const original = `Acme, 2019-2021
- Built the billing service in Go
- Cut invoice errors by 30%
- Organised the summer party`;
    const optimized = `- Built the Go billing service, cutting invoice errors by 30%
- Passionate about clean architecture`;
    expect(traceResume(original, optimized).provenance).toEqual([
      { line: 1, sources: [2, 3] },
      { line: 2, sources: [] },
    ]);
  });

  it('skips blank lines and numbers the rest as the optimized text gives them, with CRLF line ends', () => {
    const result = traceResume(
      'Acme\r\n\r\nBuilt billing in Go',
      '\r\n\r\nBuilt billing in Go\r\n\r\n  \r\nAcme\r\n',
    );
    expect(result.provenance).toEqual([
      { line: 3, sources: [3] },
      { line: 6, sources: [1] },
    ]);
  });
});

describe('traceResume: as a function', () => {
  it('gives the same answer for the same texts, and an empty one for an empty resume', () => {
    expect(traceResume(ORIGINAL, REWORDED, JOB)).toEqual(traceResume(ORIGINAL, REWORDED, JOB));
    expect(traceResume(ORIGINAL, '')).toEqual({ provenance: [], unsupported: [] });
    // Against an empty original, every fact is unsupported.
    expect(flagged('', 'Engineer at Acme since 2019, 5 reports, Python')).toEqual([
      { text: 'Engineer', reason: 'This job title is not in your resume.' },
      { text: 'Acme', reason: 'This employer is not in your resume.' },
      { text: '2019', reason: 'This date is not in your resume.' },
      { text: '5', reason: 'This number is not in your resume.' },
      { text: 'Python', reason: 'This skill is not in your resume.' },
    ]);
  });

  it('traces a 400-line resume: every line, each to its source, nothing flagged', () => {
    const employers = [
      'Acme',
      'Globex',
      'Initech',
      'Umbrella',
      'Hooli',
      'Stark Industries',
      'Wayne Enterprises',
    ];
    const tools = ['React', 'Python', 'Kubernetes', 'PostgreSQL', 'Terraform', 'Go', 'Kafka', 'Figma'];
    const original: string[] = [];
    const optimized: string[] = [];
    for (let i = 0; i < 400; i++) {
      const employer = employers[i % employers.length]!;
      const tool = tools[i % tools.length]!;
      if (i % 10 === 0) {
        original.push(`Engineer, ${employer} (${2000 + (i % 24)} - ${2001 + (i % 24)})`);
        optimized.push(`### Engineer — ${employer} | ${2000 + (i % 24)} – ${2001 + (i % 24)}`);
      } else {
        original.push(`- Built service ${i} in ${tool} for ${i * 10} customers, cutting costs by ${i % 50}%`);
        optimized.push(
          `- Delivered service ${i} with ${tool}, serving ${i * 10} customers and saving ${i % 50}%`,
        );
      }
    }
    const texts = [original.join('\n'), optimized.reverse().join('\n'), 'React, Kubernetes, AWS'] as const;
    // (Its speed is a figure, not a test: 20–30 ms on a quiet machine.)
    const result = traceResume(...texts);
    expect(result.provenance).toHaveLength(400);
    expect(result.unsupported).toEqual([]);
    expect(result.provenance[0]).toEqual({ line: 1, sources: [400] });
  });

  // A backtracking expression would take minutes on these lines: the test's own time limit is the check.
  it('reads a hostile line (100,000 characters of marks, digits and symbols) in linear time', () => {
    const names = 'Acme Globex '.repeat(5_000);
    expect(traceResume(names, `${names}Acme Acme`).provenance).toHaveLength(1);
    const hostile = [
      '['.repeat(20_000),
      '_a'.repeat(10_000),
      '@'.repeat(10_000),
      '1,'.repeat(10_000),
      'Acme '.repeat(4_000),
      'Acme at Globex, '.repeat(2_000),
      ' '.repeat(10_000),
    ].join('x');
    const traced = traceResume(hostile, `${hostile}\n|--${' '.repeat(50_000)}x\n**a**${' '.repeat(50_000)}x`);
    expect(traced.provenance.length).toBeGreaterThan(0);
  });
});
