/**
 * Where each line of an optimized resume comes from, and what in it the original does not show (issue 34:
 * resumes where every line can be traced). The assistant is told never to invent employers, titles, dates,
 * degrees, skills or numbers; this checks that it did not from the two texts alone, with no model call, so
 * that the same texts always give the same answer and the list of things to check is the same every time.
 *
 * Both texts are read line by line as they read once their Markdown is rendered (headings, list marks,
 * emphasis, links and placeholders such as '[X%]' gone; Unicode dashes, quotes and spaces made plain). The
 * facts of a line are:
 * - numbers (counts, percentages, money, '2M', '5x', 'five') compared by value, a percentage only with a
 *   percentage; a number of years ('5+ years') also holds when the original's years span that long;
 * - dates: years, months ('Jan 2020' is 'January 2020' is '01/2020'), days, and 'Present' ending a range;
 * - the skills dictionary's tools and skills (#shared/job-skills), compared by skill, so that a rewording
 *   such as 'JS' → 'JavaScript' is the same skill. Rewording a sentence adds soft skills ('worked with' →
 *   'collaborated with') and practices ('reviewed code' → 'code reviews') freely, so in a sentence those
 *   count only when written as names ('Machine Learning') and soft skills never; a skills list claims all;
 * - names: runs of capitalised words, acronyms and tools ('Acme Corp', 'Senior Frontend Engineer', 'AWS
 *   Certified Solutions Architect', 'Node.js'), which the original must show as a run of the same words
 *   (legal suffixes such as 'Inc' or 'GmbH', 'the' and 'and' left out). A capitalised word that starts a
 *   sentence counts only if the texts also write it capitalised inside one ('Built', 'Cut' do not), a
 *   word of a small list of common resume words ('Experience', 'Led', months) never, and a run of words
 *   the texts also write in lower case only if it names a job title ('Payments' in 'the Payments team'
 *   is a word, not a name).
 *   A job title may also stand in another order within one line of the original ('Mathematics Teacher',
 *   'Teacher – Mathematics'), and words are compared without their endings ('A/B tests', 'A/B testing').
 * What a name is (employer, school, job title, degree, certificate, skill) only chooses the reason given.
 * A fact holds if the original shows it anywhere, not only in the lines the line is traced to: the check
 * is of what the person's resume says, the tracing of where a line was drawn from. The `## Suggestions`
 * after the resume are advice, not claims. Every regular expression here runs in time linear in its
 * input, as in #shared/job-text.
 */
import { skillDictionary } from '#shared/job-skills';
import { type Line, startsSentence, type Token, tokenize, wordSet } from '#shared/job-text';

export interface ResumeProvenance {
  /** For each non-blank line of the optimized resume (1-based line numbers in the optimized text), the 1-based lines of the original it comes from (may be empty). */
  provenance: { line: number; sources: number[] }[];
  /** Every number, date, employer, title, degree, certificate or named tool/skill in the optimized resume that the original does not contain. */
  unsupported: { line: number; text: string; reason: string }[];
}

type FactKind =
  | 'number'
  | 'date'
  | 'skill'
  | 'employer'
  | 'school'
  | 'title'
  | 'degree'
  | 'certificate'
  | 'name';

/** One thing a line of the optimized resume states, and what the original must show for it to hold. */
interface Fact {
  kind: FactKind;
  /** As the line reads once rendered. */
  text: string;
  /** Offset in the rendered line, to list a line's facts in order. */
  start: number;
  /** Keys any one of which shows it: 'n:40' (a number), 'p:40' (a percentage), 'd:2020-01', 's:12' (a skill). */
  keys: readonly string[];
  /** A name: its words as the original must show them, one after the other. */
  words?: NameWords;
  /** A number of years of experience: also shown when the original's years span at least this long. */
  years?: number;
}

/** A name's words twice over: with the dictionary's skills as their ids ('s:12'), and as written (stemmed). */
interface NameWords {
  skills: readonly string[];
  plain: readonly string[];
  /** A job title: its words may also stand in another order in one line ('Teacher – Mathematics'). */
  anyOrder?: boolean;
}

const NOUN: Record<FactKind, string> = {
  number: 'number',
  date: 'date',
  skill: 'skill',
  employer: 'employer',
  school: 'school',
  title: 'job title',
  degree: 'degree',
  certificate: 'certificate',
  name: 'name',
};

function reason(kind: FactKind, inJobDescription: boolean): string {
  if (!inJobDescription) return `This ${NOUN[kind]} is not in your resume.`;
  const verb = kind === 'number' || kind === 'date' ? 'given' : 'named';
  return `This ${NOUN[kind]} is ${verb} in the job description, not in your resume.`;
}

// Reading a line

/** Hyphens, en and em dashes, minus signs: all '-', so that '2019–2022' is '2019-2022'. */
const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g;
const QUOTES = /[\u2018\u2019\u201B\u2032]/g;
const SPACES = /[\u00A0\u2000-\u200B\u202F\u205F\u3000\t]/g;

function normalise(text: string): string {
  return text.normalize('NFKC').replace(DASHES, '-').replace(QUOTES, "'").replace(SPACES, ' ');
}

/** A horizontal rule ('---', '* * *'), or a table's separator row ('| --- | :-: |'): no text. */
function isRule(text: string): boolean {
  if (/^[\s*_-]*$/.test(text)) return (text.match(/[*_-]/g)?.length ?? 0) >= 3;
  return /^[\s|:-]*$/.test(text) && text.includes('--');
}
const HEADING = /^ {0,3}(#{1,6})\s/;
const BOLD_LINE = /^\s*(?:\*\*|__)[^*_]+(?:\*\*|__)\s*(?::\s*)?$/;
const LIST_MARK = /^\s*(?:[-*+•·]|\d{1,3}[.)])\s+/;

/**
 * The line as it reads once rendered: what the person sees, and what is matched. A bracketed text that is
 * no link and has no digit ('[X%]', '[Your Name]') is a placeholder the prompt asks for, left for the
 * person to fill in, and not read; a link is its text.
 */
function renderedLine(raw: string): string {
  const text = normalise(raw);
  if (isRule(text)) return '';
  return (
    text
      .replace(/^\s*(?:>\s?)+/, '')
      .replace(/^\s*#{1,6}\s+/, '')
      .replace(/\s#+\s*$/, '')
      .replace(LIST_MARK, '')
      .replace(/^\[[ xX]\]\s+/, '')
      .replace(/!?\[([^[\]]*)\]\([^()\s]*\)/g, '$1')
      .replace(/\[([^[\]]*)\]/g, (_, inside: string) => (/\d/.test(inside) ? inside : ''))
      .replace(/<((?:https?:|mailto:)[^<>\s]*)>/g, '$1')
      .replace(/<\/?[a-zA-Z][^<>]*>/g, ' ')
      .replace(/\*\*|~~|`|\*/g, '')
      // '__bold__', '_em_' but not 'snake_case'
      .replace(/_+/g, (marks: string, at: number, all: string) =>
        /[\p{L}\p{N}]/u.test(all[at - 1] ?? '') && /[\p{L}\p{N}]/u.test(all[at + marks.length] ?? '')
          ? marks
          : '',
      )
      .replace(/\\(?=[\p{P}\p{S}])/gu, '')
      .trim()
  );
}

/** The part of a resume a line is in: it decides what an unknown name most likely is. */
type Section = 'skills' | 'experience' | 'education' | 'certificates' | 'suggestions' | 'other';

/** Words a section's heading is made of ('Work Experience', 'SKILLS', 'Core Competencies:'). */
const SECTION_WORDS = wordSet(
  `summary profile professional experience work employment history education skills technical core
  competencies projects languages interests awards publications references volunteer volunteering objective
  contact achievements accomplishments highlights qualifications key selected relevant additional career
  overview about me personal information details tools technologies strengths expertise areas suggestions
  other courses coursework training honors honours activities hobbies certifications certificates licenses
  licences academic and & of`,
);

function sectionNamed(heading: string): Section {
  const text = heading.toLowerCase();
  if (/skill|competenc|technolog|tool|stack|expertise|proficienc/.test(text)) return 'skills';
  if (/certif|licen[cs]e/.test(text)) return 'certificates';
  if (/educat|academic|degree/.test(text)) return 'education';
  if (/experience|employment|work|career|history|position/.test(text)) return 'experience';
  return 'other';
}

/** A line that lists skills under a label of its own: 'Skills: Python, Figma', 'Tech stack: Go'. */
const SKILLS_LABEL = /^[\p{L} &]{0,30}(?:skills|tools|technologies|stack)\s{0,2}:/iu;

interface ReadLine {
  /** 1-based, in the text as given. */
  number: number;
  blank: boolean;
  line: Line;
  /** '#' headings by their level; a bold line or a short line of section words, 7. */
  heading: number | null;
  /** A heading made of section words: 'Work Experience', 'SKILLS'. */
  namesSection: boolean;
  /** A heading or a line of titles and names ('Frontend Engineer, Shoply'): most of its words capitalised. */
  titleCase: boolean;
  bullet: boolean;
  /** The dictionary's skills in the line, by the tokens they cover. */
  skills: SkillSpan[];
  /** For each token, the index of the skill covering it in `skills`, or -1. */
  skillAt: number[];
}

interface SkillSpan {
  id: number;
  first: number;
  last: number;
}

const hasUpper = (text: string) => /\p{Lu}/u.test(text);
const isCapitalised = (text: string) => /^\P{L}*\p{Lu}/u.test(text);

/** A token's key with its accents dropped: 'Zürich' and 'Zurich' are one place. */
function fold(key: string): string {
  return /[^\x20-\x7e]/.test(key) ? key.normalize('NFD').replace(/\p{M}/gu, '') : key;
}

function readText(text: string): ReadLine[] {
  const { index } = skillDictionary();
  const keys = new Map<string, string>();
  return text.split(/\r\n?|\n/).map((raw, i) => {
    const rendered = renderedLine(raw);
    const line: Line = { text: rendered, tokens: tokenize(rendered, keys) };
    const words = line.tokens.filter((t) => /\p{L}/u.test(t.text));
    const level = HEADING.exec(raw)?.[1]?.length;
    const namesSection =
      words.length > 0 && words.length <= 4 && words.every((t) => SECTION_WORDS.has(t.key));
    const plainHeading = namesSection && !/[.,;]$/.test(rendered) && !LIST_MARK.test(raw);
    const heading = level ?? (BOLD_LINE.test(raw) || plainHeading ? 7 : null);
    const capitalised = words.filter((t) => isCapitalised(t.text)).length;
    const skills = index.find(line).map(({ phrase, first, last }) => ({ id: phrase.value, first, last }));
    const skillAt = new Array<number>(line.tokens.length).fill(-1);
    skills.forEach((span, s) => {
      skillAt.fill(s, span.first, span.last + 1);
    });
    return {
      number: i + 1,
      blank: raw.trim() === '',
      line,
      heading,
      namesSection: heading !== null && namesSection,
      titleCase: heading !== null || (words.length > 0 && capitalised / words.length >= 0.6),
      bullet: LIST_MARK.test(raw) && !isRule(normalise(raw)),
      skills,
      skillAt,
    };
  });
}

// Numbers and dates

const MONTH =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

/** Years a resume speaks of; a four-digit number outside them is a number. */
const isYear = (n: number) => Number.isInteger(n) && n >= 1950 && n <= 2039;
const pad = (n: number) => String(n).padStart(2, '0');
const monthKey = (year: number, month: number) => `d:${year}-${pad(month)}`;
const dayKey = (year: number, month: number, day: number) => `d:${year}-${pad(month)}-${pad(day)}`;
const validMonth = (m: number) => m >= 1 && m <= 12;
const validDay = (d: number) => d >= 1 && d <= 31;

/** '19 is 2019, '98 is 1998. */
function fullYear(text: string): number {
  const digits = Number(text.replace("'", ''));
  if (text.length > 3) return digits;
  return digits < 40 ? 2000 + digits : 1900 + digits;
}

interface DatePattern {
  pattern: RegExp;
  /** The date's keys, any one of which shows it (two where it is ambiguous: 03/04/2020), or null: no date. */
  keys: (match: RegExpExecArray) => string[] | null;
}

const num = (match: RegExpExecArray, group: number) => Number(match[group]);

/** Longest forms first: a day's date before its month, a month before its year. */
const DATE_PATTERNS: readonly DatePattern[] = [
  {
    pattern: /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g,
    keys: (m) =>
      validMonth(num(m, 2)) && validDay(num(m, 3)) ? [dayKey(num(m, 1), num(m, 2), num(m, 3))] : null,
  },
  {
    pattern: /\b(\d{1,2})[/.](\d{1,2})[/.](\d{4})\b/g,
    keys: (m) => {
      const [a, b, year] = [num(m, 1), num(m, 2), num(m, 3)];
      const keys: string[] = [];
      if (validMonth(a) && validDay(b)) keys.push(dayKey(year, a, b));
      if (validMonth(b) && validDay(a)) keys.push(dayKey(year, b, a));
      return keys.length > 0 ? keys : null;
    },
  },
  {
    pattern: new RegExp(`\\b(${MONTH})\\.? {1,2}(\\d{1,2})(?:st|nd|rd|th)?,? {1,2}(\\d{4})\\b`, 'gi'),
    keys: (m) => (validDay(num(m, 2)) ? [dayKey(num(m, 3), monthOf(m[1]!), num(m, 2))] : null),
  },
  {
    pattern: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)? {1,2}(${MONTH})\\.?,? {1,2}(\\d{4})\\b`, 'gi'),
    keys: (m) => (validDay(num(m, 1)) ? [dayKey(num(m, 3), monthOf(m[2]!), num(m, 1))] : null),
  },
  {
    pattern: new RegExp(`\\b(${MONTH})\\.?,? ?(\\d{4}\\b|'\\d{2}\\b)`, 'gi'),
    keys: (m) => [monthKey(fullYear(m[2]!), monthOf(m[1]!))],
  },
  {
    pattern: /\b(\d{1,2})[/.](\d{4})\b/g,
    keys: (m) => (validMonth(num(m, 1)) ? [monthKey(num(m, 2), num(m, 1))] : null),
  },
  {
    // '2020-03' is a month; '2019-22' and '2019/20' end a range in 2022 and 2020; '2009-10' may be either.
    pattern: /\b(\d{4})[/-](\d{2})\b(?![-/.]\d)/g,
    keys: (m) => {
      const [year, two] = [num(m, 1), num(m, 2)];
      if (!isYear(year)) return null;
      const end = Math.floor(year / 100) * 100 + two;
      const keys = validMonth(two) ? [monthKey(year, two)] : [];
      if (end > year) keys.push(`n:${end}`);
      return keys.length > 0 ? keys : null;
    },
  },
];

/** 'Present' (or 'now', 'current'…) ending a range of dates: a claim that the job goes on. */
const PRESENT = new RegExp(
  `(?:\\d|\\b(?:${MONTH}))\\.? {0,3}(?:-{1,2}|\\bto\\b|\\buntil\\b|\\btill\\b) {0,3}(present|current|now|today|ongoing)\\b`,
  'giu',
);

/**
 * A number as written: '$1.2M', '40%', '1,200', '5x', '10+', '1990s', '2nd'. Not one inside a word
 * ('S3', 'Python3', 'v2') or after a dot ('Node.js 18' is 18, '2.1.3' is 2.1).
 */
const NUMBER =
  /(?<![\p{L}\p{N}.])([$€£¥₹] ?)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?: ?(%|percent\b|per cent\b|pct\b|k\b|K\b|m\b|M\b|mn\b|bn\b|B\b|b\b|million\b|billion\b|thousand\b|x\b|st\b|nd\b|rd\b|th\b|s\b))?(\+)?(?![\p{L}\p{N}])/gu;

const MULTIPLIER: Record<string, number> = {
  k: 1e3,
  K: 1e3,
  thousand: 1e3,
  M: 1e6,
  mn: 1e6,
  million: 1e6,
  B: 1e9,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
};

const canonical = (n: number) => String(Math.round(n * 1000) / 1000);

/** Number words, and (in the original only) words that imply one: 'doubled' is 2x. */
const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
  thousand: 1000,
  million: 1e6,
  dozen: 12,
  twice: 2,
  doubled: 2,
  tripled: 3,
  quadrupled: 4,
};
/**
 * Number words that state no count in the optimized resume: 'one of the', 'hundreds of users', 'twice a
 * week'. The original's still count, so that a rewording into digits holds.
 */
const VAGUE_NUMBER_WORDS = new Set([
  'one',
  'hundred',
  'thousand',
  'million',
  'dozen',
  'twice',
  'doubled',
  'tripled',
  'quadrupled',
]);
const TENS = new Set(['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']);

/** What a line states in figures, and which of its tokens they take. */
interface Figures {
  facts: Fact[];
  /** Tokens inside a number, a date or an address: not part of any name. */
  taken: boolean[];
}

type Span = readonly [start: number, end: number];

/** 'jana@example.com', 'https://…', 'www.…': nothing to check, and no name. Each word is walked once. */
function addressSpans(text: string): Span[] {
  const spans: Span[] = [];
  const isSpace = (i: number) => /\s/.test(text[i] ?? ' ');
  const wordEnd = (from: number) => {
    let end = from;
    while (end < text.length && !isSpace(end)) end++;
    return end;
  };
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > 0 && !isSpace(start - 1)) start--;
    at = wordEnd(at);
    spans.push([start, at]);
  }
  let covered = 0;
  for (const match of text.matchAll(/\b(?:https?:\/\/|www\.)/gi)) {
    if (match.index < covered) continue;
    covered = wordEnd(match.index);
    spans.push([match.index, covered]);
  }
  return spans;
}

/** Which tokens overlap any of the spans: one walk through both, in order. */
function tokensWithin(tokens: readonly Token[], spans: readonly Span[]): boolean[] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const marked = new Array<boolean>(tokens.length).fill(false);
  let s = 0;
  let reach = -1; // the furthest end of the spans passed, which may still cover the next token
  tokens.forEach((token, i) => {
    while (s < sorted.length && sorted[s]![0] < token.end) {
      reach = Math.max(reach, sorted[s]![1]);
      s++;
    }
    marked[i] = reach > token.start;
  });
  return marked;
}

/** What stands for a figure already read: no word character, no space, no punctuation. */
const BLANK = '\u0000';
/** What follows a number of years: '5 years', '5+ yrs', 'five years'. */
const YEARS_AFTER = /^\+? ?(?:years?|yrs?)\b/i;

/**
 * The numbers and dates of a line. `original`: read generously, as what the original shows ('one'
 * counts). Each pattern reads the line with what earlier ones took blanked out, so that '2019' in
 * 'Jan 2019' is not read again as a year.
 */
function readFigures(read: ReadLine, original: boolean): Figures {
  const { text, tokens } = read.line;
  const facts: Fact[] = [];
  const taken: Span[] = addressSpans(text);
  let work = text;
  const blank = (spans: readonly Span[]) => {
    if (spans.length === 0) return;
    const pieces: string[] = [];
    let at = 0;
    for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
      const from = Math.max(start, at);
      if (end <= from) continue;
      pieces.push(work.slice(at, from), BLANK.repeat(end - from));
      at = end;
    }
    pieces.push(work.slice(at));
    work = pieces.join('');
  };
  // Figures inside a skill's name ('Office 365', 'ICD-10') are part of the skill.
  blank(read.skills.map((span) => [tokens[span.first]!.start, tokens[span.last]!.end]));
  blank(taken);
  const take = (found: Fact[], spans: Span[]) => {
    facts.push(...found);
    taken.push(...spans);
    blank(spans);
  };

  // Every date and number has a digit; most lines of prose have none.
  if (/\d/.test(work)) {
    const present: Fact[] = [];
    for (const match of work.matchAll(PRESENT)) {
      const word = match[1]!;
      const start = match.index + match[0].length - word.length;
      present.push({ kind: 'date', text: text.slice(start, start + word.length), start, keys: ['present'] });
    }
    take(
      present,
      present.map((f) => [f.start, f.start + f.text.length]),
    );
    for (const { pattern, keys } of DATE_PATTERNS) {
      const dates: Fact[] = [];
      const spans: Span[] = [];
      for (const match of work.matchAll(pattern)) {
        const found = keys(match);
        if (!found) continue;
        const end = match.index + match[0].length;
        dates.push({ kind: 'date', text: text.slice(match.index, end), start: match.index, keys: found });
        spans.push([match.index, end]);
      }
      take(dates, spans);
    }
    const numbers: Fact[] = [];
    const numberSpans: Span[] = [];
    for (const match of work.matchAll(NUMBER)) {
      const [whole, currency, integer, decimals, unit, plus] = match;
      const value = Number(integer!.replaceAll(',', '') + (decimals ?? ''));
      const end = match.index + whole.length;
      const percent = unit !== undefined && /^(?:%|percent|per cent|pct)$/.test(unit);
      const keys = percent
        ? [`p:${canonical(value)}`]
        : unit === 'm' // 30 minutes as often as 30 million
          ? [`n:${canonical(value)}`, `n:${canonical(value * 1e6)}`]
          : [`n:${canonical(value * (MULTIPLIER[unit ?? ''] ?? 1))}`];
      const year = !currency && !percent && !plus && (unit === undefined || unit === 's') && isYear(value);
      const years = !year && YEARS_AFTER.test(work.slice(end, end + 12)) ? value : undefined;
      numbers.push({ kind: year ? 'date' : 'number', text: whole.trim(), start: match.index, keys, years });
      numberSpans.push([match.index, end]);
    }
    take(numbers, numberSpans);
  }

  const isTaken = tokensWithin(tokens, taken);
  tokens.forEach((token, i) => {
    if (isTaken[i] || read.skillAt[i] !== -1) return;
    const word = token.key;
    const value = NUMBER_WORDS[word];
    if (value === undefined || (!original && VAGUE_NUMBER_WORDS.has(word))) return;
    // 'twenty-five'
    const next = tokens[i + 1];
    const unit = next && text.slice(token.end, next.start) === '-' ? NUMBER_WORDS[next.key] : undefined;
    const compound = TENS.has(word) && unit !== undefined && unit < 10;
    const end = compound ? next!.end : token.end;
    const total = compound ? value + unit : value;
    facts.push({
      kind: 'number',
      text: text.slice(token.start, end),
      start: token.start,
      keys: [`n:${total}`],
      years: YEARS_AFTER.test(text.slice(end, end + 12)) ? total : undefined,
    });
    isTaken[i] = true;
    if (compound) isTaken[i + 1] = true;
  });
  return { facts, taken: isTaken };
}

// Names

/** Capitalised words that are no fact in a resume: section words, common verbs and adjectives, months. */
const COMMON_WORDS = wordSet(
  `${[...SECTION_WORDS].join(' ')}
  present current currently now today ongoing remote hybrid onsite full part time contract freelance
  january february march april may june july august september october november december jan feb mar apr jun
  jul aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday sunday
  i a an the my our we us he she they it its this that these those but with for in on at to by from as
  or if so not no all any each both per via into over under within across including
  led managed built developed designed created implemented improved increased reduced delivered drove
  launched owned spearheaded architected worked achieved established streamlined optimized optimised
  automated migrated maintained supported coordinated oversaw directed partnered grew cut saved shipped wrote
  ran introduced won helped ensured provided handled conducted analyzed analysed performed executed trained
  hired recruited scaled boosted generated produced prepared presented reviewed resolved deployed tested
  refactored rebuilt transformed championed enabled expanded accelerated managing leading building developing
  designing creating delivering driving owning working responsible various multiple several notable
  result results-driven driven proven seasoned experienced passionate dedicated motivated dynamic strategic
  innovative accomplished skilled highly strong excellent adept versatile
  email e-mail phone mobile tel address portfolio website linkedin available upon request resume cv
  curriculum vitae year month week day date location role title position duration period level
  roi sla etc e.g i.e eg ie faq asap mvp poc usd eur gbp chf`,
);

/** Lower-case words that may join a name's words: 'Bank of America', 'Universidad de Chile'. */
const JOINERS = wordSet('of de der den van von du la le da di del');
const LEGAL_FORMS = wordSet(
  'corp corporation inc incorporated ltd limited llc llp plc gmbh ag sa srl bv nv pty co company',
);
/** Left out of a name when it is compared: legal forms ('Acme Corp' is 'Acme'), 'the', 'and' ('&'). */
const LEFT_OUT = new Set([...LEGAL_FORMS, 'the', 'and']);
/** Abbreviations written either way in titles and names. */
const ALIASES: Record<string, string> = {
  sr: 'senior',
  snr: 'senior',
  jr: 'junior',
  mgr: 'manager',
  rep: 'representative',
  asst: 'assistant',
  assoc: 'associate',
  admin: 'administrator',
  exec: 'executive',
  mgmt: 'management',
  dept: 'department',
  univ: 'university',
  intl: 'international',
};

/** The last word of a job title, and the words of seniority that may open one even at a sentence's start. */
const TITLE_HEADS = wordSet(
  `engineer developer programmer architect manager director lead head officer analyst scientist designer
  consultant specialist coordinator administrator assistant associate intern trainee apprentice nurse
  technician accountant teacher representative executive president vp founder cofounder owner editor writer
  researcher professor lecturer tutor supervisor advisor adviser strategist planner recruiter attorney
  lawyer paralegal clerk therapist physician pharmacist instructor trainer producer marketer ceo cto cfo coo
  cio cmo cpo chair chairman chairwoman auditor controller bookkeeper secretary receptionist agent tester
  sdet`,
);
const TITLE_WORDS = new Set([
  ...TITLE_HEADS,
  ...wordSet('senior sr snr junior jr principal staff chief vice deputy'),
]);
const DEGREE_WORDS = wordSet(
  `bachelor bachelors master masters bsc msc b.sc m.sc ba bs ma ms beng meng mphil phd ph.d mba diploma
  doctorate llb llm b.tech m.tech btech mtech b.ed m.ed bed med`,
);
const CERTIFICATE_WORDS = wordSet(
  'certified certification certificate license licence licensed accredited accreditation',
);
const SCHOOL_WORDS = wordSet(
  'university universitat universite universidad college school institute academy polytechnic',
);
const ORGANISATION_WORDS = wordSet(
  `hospital bank group labs lab solutions systems consulting partners ventures capital clinic foundation
  studio studios agency media health healthcare airlines motors pharmaceuticals insurance holdings
  industries enterprises council ministry department government`,
);

/** Soft skills: a rewording adds them ('worked with' → 'collaborated with'), so only a skills list counts them. */
const SOFT_SKILLS = [
  'Communication',
  'Leadership',
  'People management',
  'Collaboration',
  'Cross-functional collaboration',
  'Problem solving',
  'Critical thinking',
  'Time management',
  'Attention to detail',
  'Organizational skills',
  'Customer service',
  'Mentoring',
  'Coaching',
  'Presentation skills',
  'Negotiation',
  'Adaptability',
  'Creativity',
  'Conflict resolution',
  'Decision making',
  'Interpersonal skills',
  'Multitasking',
  'Emotional intelligence',
  'Self-starter',
  'Analytical skills',
  'Written communication',
  'Relationship building',
];
const DEGREE_SKILLS = ["Bachelor's degree", "Master's degree", 'MBA', 'PhD', 'BSN'];
const CERTIFICATE_SKILLS = [
  'Registered Nurse',
  'LPN',
  'NCLEX',
  'BLS',
  'ACLS',
  'PALS',
  'CPR',
  'PMP',
  'PRINCE2',
  'CPA',
  'CFA',
  'ACCA',
  'Six Sigma',
];

interface SkillKinds {
  soft: Set<number>;
  /** Skills named in lower-case words ('Code review', 'Unit testing'): practices rather than named tools. */
  practice: Set<number>;
  kind: Map<number, FactKind>;
}

let skillKinds: SkillKinds | undefined;

/** The dictionary's ids of the skills above, on first use; a name the dictionary does not have is an error. */
function resumeSkillKinds(): SkillKinds {
  if (!skillKinds) {
    const { skills } = skillDictionary();
    const id = (name: string) => {
      const found = skills.findIndex((skill) => skill.name === name);
      if (found === -1) throw new Error(`resume-provenance: "${name}" is not in the skills dictionary`);
      return found;
    };
    // 'Code review' is a practice; 'Ruby on Rails', 'Google Cloud', 'Kubernetes' are names.
    const practice = skills.flatMap((skill, i) => (/ [a-z]{4,}/.test(skill.name) ? [i] : []));
    skillKinds = {
      soft: new Set(SOFT_SKILLS.map(id)),
      practice: new Set(practice),
      kind: new Map<number, FactKind>([
        ...DEGREE_SKILLS.map((name): [number, FactKind] => [id(name), 'degree']),
        ...CERTIFICATE_SKILLS.map((name): [number, FactKind] => [id(name), 'certificate']),
      ]),
    };
  }
  return skillKinds;
}

/**
 * What the two texts say about how a word is written, which tells a name from a word that only starts a
 * sentence: a word written capitalised inside a sentence is a name ('at Shoply'), one written in lower
 * case is a word ('payments').
 */
interface Evidence {
  capitalisedInside: Set<string>;
  lowerCase: Set<string>;
}

function gatherEvidence(lines: readonly ReadLine[]): Evidence {
  const evidence: Evidence = { capitalisedInside: new Set(), lowerCase: new Set() };
  for (const read of lines) {
    const inAddress = tokensWithin(read.line.tokens, addressSpans(read.line.text));
    read.line.tokens.forEach((token, i) => {
      if (inAddress[i]) return;
      const key = fold(token.key);
      if (!hasUpper(token.text)) evidence.lowerCase.add(key);
      else if (!read.titleCase && isCapitalised(token.text) && !startsSentence(read.line, i)) {
        evidence.capitalisedInside.add(key);
      }
    });
  }
  return evidence;
}

/** An acronym ('AWS', 'EU'), a word with a capital inside ('GitHub', 'iPhone') or a tool's ('Node.js', 'C#', 'EC2'). */
function isDistinctive(text: string): boolean {
  if (/^[\p{Lu}\p{N}]{2,}$/u.test(text) && /\p{L}/u.test(text)) return true;
  if (/\p{Ll}\p{Lu}/u.test(text)) return true;
  return /[.+#\p{N}]/u.test(text) && hasUpper(text);
}

/** A token's key as names are compared: accents dropped, 'U.S.' as 'US', abbreviations written out. */
function keyOf(token: Token): string {
  let key = fold(token.key);
  if (/^(?:\p{L}\.)+\p{L}?$/u.test(key)) key = key.replaceAll('.', '');
  return ALIASES[key] ?? key;
}

/** A word without its ending, so that 'A/B tests' is 'A/B testing'; the same for both texts, names too. */
function stem(key: string): string {
  if (key.length > 5 && key.endsWith('ing')) return key.slice(0, -3);
  if (key.length > 4 && key.endsWith('ed')) return key.slice(0, -2);
  return key;
}

/** The words of tokens first…last as a name is compared: skills as their ids, the words LEFT_OUT dropped. */
function nameWords(read: ReadLine, first: number, last: number): NameWords {
  const skills: string[] = [];
  const plain: string[] = [];
  for (let i = first; i <= last; i++) {
    const token = read.line.tokens[i]!;
    const key = keyOf(token);
    if (!LEFT_OUT.has(key)) plain.push(stem(key));
    const skill = read.skillAt[i]!;
    if (skill === -1) {
      if (!LEFT_OUT.has(key)) skills.push(key);
    } else if (read.skills[skill]!.first === i || i === first) {
      skills.push(`s:${read.skills[skill]!.id}`);
    }
  }
  return { skills, plain };
}

/**
 * What may stand between two words of one name: a space, a hyphen ('Rolls-Royce'), '&' ('Procter &
 * Gamble') or the dot of an abbreviation ('St. Mary's'). A dash between spaces parts two names
 * ('Frontend Engineer – Shoply').
 */
function joinsName(text: string, previous: Token, next: Token): boolean {
  const gap = text.slice(previous.end, next.start);
  if (/^(?: {1,2}|-| ?& ?)$/.test(gap)) return true;
  return /^\. ?$/.test(gap) && previous.text.length <= 3 && isCapitalised(previous.text);
}

/**
 * Longest name, in words: a longer run of capitalised words is a line in title case, not a name (and
 * looking one up stays short).
 */
const MAX_NAME_WORDS = 10;

/** A tool's name: 'Node.js', 'C++', 'F#', 'EC2', 'S3', '3D'. */
const TOOL_LIKE = /[+#]|\.\p{Ll}{2}|\p{L}\p{N}|\p{N}\p{L}/u;

type Role = 'name' | 'skill' | 'joiner' | null;

interface LineContext {
  section: Section;
  evidence: Evidence;
  /** Where a list of skills begins after its label ('**Cloud & DevOps:** AWS, …'): the label claims nothing. */
  listStart: number;
}

/**
 * Names in a line: runs of capitalised words, each read as one name (a job title keeps its skills); and
 * which tokens are in a run.
 */
function readNames(
  read: ReadLine,
  taken: readonly boolean[],
  context: LineContext,
): { names: Fact[]; inRun: boolean[] } {
  const { tokens, text } = read.line;
  const { evidence } = context;
  const roles: Role[] = tokens.map((token, i) => {
    if (taken[i] || token.start < context.listStart) return null;
    if (read.skillAt[i] !== -1) return hasUpper(token.text) ? 'skill' : null;
    const key = keyOf(token);
    if (JOINERS.has(key) && !hasUpper(token.text)) return 'joiner';
    if (!hasUpper(token.text) || COMMON_WORDS.has(key)) return null;
    const distinctive = isDistinctive(token.text);
    if (!distinctive && !/\p{L}\p{L}/u.test(token.text)) return null; // an initial: 'J. Smith'
    // A list item is a sentence ('- Crafted the checkout'); a heading or a line of names is not.
    const initial = startsSentence(read.line, i) && (read.bullet || !read.titleCase);
    if (distinctive || !initial) return 'name';
    return TITLE_WORDS.has(key) || evidence.capitalisedInside.has(key) ? 'name' : null;
  });

  const runs: number[][] = [];
  let run: number[] = [];
  const close = () => {
    while (run.length > 0 && roles[run.at(-1)!] === 'joiner') run.pop();
    if (run.length > 0) runs.push(run);
    run = [];
  };
  tokens.forEach((token, i) => {
    const role = roles[i];
    const previous = run.at(-1);
    if (role === null || (previous !== undefined && !joinsName(text, tokens[previous]!, token))) close();
    if (role === null || (run.length === 0 && role === 'joiner')) return;
    run.push(i);
  });
  close();

  const facts: Fact[] = [];
  for (const whole of runs) {
    const isTitle = whole.some((i) => roles[i] === 'name' && TITLE_HEADS.has(keyOf(tokens[i]!)));
    // A title keeps its skills ('Senior Frontend Engineer'); other names are cut at them ('Acme React team').
    const pieces: number[][] = isTitle ? [whole] : [];
    if (!isTitle) {
      let piece: number[] = [];
      for (const i of [...whole, -1]) {
        if (i !== -1 && roles[i] !== 'skill') {
          if (piece.length > 0 || roles[i] !== 'joiner') piece.push(i);
          continue;
        }
        while (piece.length > 0 && roles[piece.at(-1)!] === 'joiner') piece.pop();
        if (piece.length > 0) pieces.push(piece);
        piece = [];
      }
    }
    for (const piece of pieces) {
      if (piece.length > MAX_NAME_WORDS) continue;
      const fact = nameFact(read, piece, roles, isTitle, context);
      if (fact) facts.push(fact);
    }
  }
  const inRun = new Array<boolean>(tokens.length).fill(false);
  for (const whole of runs) for (const i of whole) inRun[i] = true;
  return { names: facts, inRun };
}

function nameFact(
  read: ReadLine,
  piece: readonly number[],
  roles: readonly Role[],
  isTitle: boolean,
  context: LineContext,
): Fact | null {
  const { tokens, text } = read.line;
  const first = piece[0]!;
  const last = piece.at(-1)!;
  const names = piece.filter((i) => roles[i] === 'name').map((i) => tokens[i]!);
  const keys = names.map(keyOf);
  const meaningful = names.filter((_, k) => !LEFT_OUT.has(keys[k]!) && !CERTIFICATE_WORDS.has(keys[k]!));
  if (!isTitle && meaningful.length === 0) return null;
  // Words the texts also write in lower case ('the Payments team'): no name, unless a job title's.
  const common = names.every((t) => !isDistinctive(t.text) && context.evidence.lowerCase.has(keyOf(t)));
  if (!isTitle && common) return null;
  const words = nameWords(read, first, last);
  if (words.plain.length === 0) return null;

  const before = text.slice(Math.max(0, tokens[first]!.start - 12), tokens[first]!.start);
  let kind: FactKind;
  if (keys.some((k) => CERTIFICATE_WORDS.has(k))) kind = 'certificate';
  else if (keys.some((k) => DEGREE_WORDS.has(k))) kind = 'degree';
  else if (isTitle) kind = 'title';
  else if (keys.some((k) => SCHOOL_WORDS.has(k))) kind = 'school';
  else if (
    keys.some((k) => LEGAL_FORMS.has(k) || ORGANISATION_WORDS.has(k)) ||
    /(?:\bat|@|\bjoined|\bjoining)\s*$/i.test(before)
  ) {
    kind = 'employer';
  } else if (context.section === 'certificates') kind = 'certificate';
  else if (context.section === 'skills' || names.some((t) => TOOL_LIKE.test(t.text))) kind = 'skill';
  else if (context.section === 'experience' && !read.bullet) kind = 'employer';
  else if (context.section === 'education' && !read.bullet) kind = 'school';
  else kind = 'name';
  return {
    kind,
    text: text.slice(tokens[first]!.start, tokens[last]!.end),
    start: tokens[first]!.start,
    keys: [],
    words: kind === 'title' ? { ...words, anyOrder: true } : words,
  };
}

/**
 * The dictionary's skills the line names, as facts. A list of skills claims each one. In a sentence, a
 * degree or a certificate always counts, and so does a named tool or technology ('Kubernetes', 'Google
 * Cloud', 'CI/CD'); a practice ('code review', 'unit testing', 'machine learning') only when written as a
 * name, capitalised inside a sentence, since rewording a sentence turns 'reviewed code' into one; and a
 * soft skill never.
 */
function readSkills(read: ReadLine, context: LineContext): Fact[] {
  const { soft, practice, kind } = resumeSkillKinds();
  const { tokens, text } = read.line;
  const claimed = (span: SkillSpan) => {
    if (tokens[span.first]!.start < context.listStart) return false;
    if (context.section === 'skills' || kind.has(span.id)) return true;
    if (soft.has(span.id)) return false;
    if (!practice.has(span.id)) return true;
    return isCapitalised(tokens[span.first]!.text) && !startsSentence(read.line, span.first);
  };
  return read.skills.filter(claimed).map(
    (span): Fact => ({
      kind: kind.get(span.id) ?? 'skill',
      text: text.slice(tokens[span.first]!.start, tokens[span.last]!.end),
      start: tokens[span.first]!.start,
      keys: [`s:${span.id}`],
      // A skill of several words, also as written: 'A/B tests' shows 'A/B testing'.
      words: span.last > span.first ? nameWords(read, span.first, span.last) : undefined,
    }),
  );
}

/** 'certified' or 'licensed' in a sentence ('AWS-certified engineer'): the original must hold a certificate too. */
function readCertificateWords(read: ReadLine, taken: readonly boolean[], inRun: readonly boolean[]): Fact[] {
  if (read.heading !== null) return [];
  return read.line.tokens
    .filter((t, i) => !taken[i] && !inRun[i] && read.skillAt[i] === -1 && CERTIFICATE_WORDS.has(t.key))
    .map((t): Fact => ({ kind: 'certificate', text: t.text, start: t.start, keys: ['certificate'] }));
}

// What a text shows

interface Shown {
  keys: Set<string>;
  /** Each line's words, skills as their ids, and the lines each word is in. */
  lineWords: Set<string>[];
  linesWith: Map<string, number[]>;
  /** The text's words through all its lines, skills as their ids, and as written; and where each word is. */
  skillWords: WordStream;
  plainWords: WordStream;
  /** From the first year its dates give to the last. */
  yearSpan: number;
}

/** A text's words in order, and where each occurs. */
class WordStream {
  private readonly words: string[] = [];
  private readonly at = new Map<string, number[]>();
  private readonly answers = new Map<string, boolean>();

  push(word: string) {
    const list = this.at.get(word);
    if (list) list.push(this.words.length);
    else this.at.set(word, [this.words.length]);
    this.words.push(word);
  }

  /** Whether the words occur one after the other: looked for around the rarest of them, each once. */
  has(words: readonly string[]): boolean {
    const id = words.join(' ');
    const known = this.answers.get(id);
    if (known !== undefined) return known;
    let anchor = 0;
    let places: readonly number[] = [];
    for (let k = 0; k < words.length; k++) {
      const found = this.at.get(words[k]!) ?? [];
      if (k === 0 || found.length < places.length) [anchor, places] = [k, found];
    }
    const answer =
      words.length > 0 &&
      places.some((place) => words.every((word, k) => this.words[place - anchor + k] === word));
    this.answers.set(id, answer);
    return answer;
  }
}

/** All a text shows, read generously: each date also as its month and year, each number also digit by digit. */
function learn(lines: readonly ReadLine[], figures: readonly Fact[][]): Shown {
  const keys = new Set<string>();
  const skillWords = new WordStream();
  const plainWords = new WordStream();
  const years = new Set<number>();
  const lineWords: Set<string>[] = [];
  const linesWith = new Map<string, number[]>();
  lines.forEach((read, j) => {
    for (const span of read.skills) keys.add(`s:${span.id}`);
    const words = nameWords(read, 0, read.line.tokens.length - 1);
    for (const word of words.skills) skillWords.push(word);
    lineWords.push(new Set(words.skills));
    for (const word of lineWords[j]!) {
      const list = linesWith.get(word);
      if (list) list.push(j);
      else linesWith.set(word, [j]);
    }
    for (const word of words.plain) plainWords.push(word);
    for (const fact of figures[j]!) {
      for (const key of fact.keys) {
        const year = fact.kind === 'date' ? /^[nd]:(\d{4})/.exec(key) : null;
        if (year && isYear(Number(year[1]))) years.add(Number(year[1]));
        keys.add(key);
        if (key.startsWith('p:')) keys.add(`n:${key.slice(2)}`);
        const date = /^d:(\d{4})-(\d{2})/.exec(key);
        if (date) {
          keys.add(`d:${date[1]}-${date[2]}`);
          keys.add(`n:${Number(date[1])}`);
        }
      }
    }
    for (const digits of read.line.text.matchAll(/\d+/g)) keys.add(`n:${Number(digits[0])}`);
    for (const token of read.line.tokens) {
      if (CERTIFICATE_WORDS.has(token.key)) keys.add('certificate');
      if (token.key === 'present' || token.key === 'currently') keys.add('present');
    }
  });
  const yearSpan = years.size > 0 ? Math.max(...years) - Math.min(...years) : 0;
  return { keys, lineWords, linesWith, skillWords, plainWords, yearSpan };
}

function shows(shown: Shown, fact: Fact): boolean {
  if (fact.keys.some((key) => shown.keys.has(key))) return true;
  if (fact.years !== undefined && fact.years >= 1 && fact.years <= shown.yearSpan) return true;
  const { words } = fact;
  if (words === undefined) return false;
  if (shown.skillWords.has(words.skills) || shown.plainWords.has(words.plain)) return true;
  if (!words.anyOrder) return false;
  let lines: readonly number[] | undefined;
  for (const word of words.skills) {
    const found = shown.linesWith.get(word) ?? [];
    if (lines === undefined || found.length < lines.length) lines = found;
  }
  return (lines ?? []).some((j) => words.skills.every((word) => shown.lineWords[j]!.has(word)));
}

// Provenance

/**
 * How lines are aligned. Each line is a set of features: its words (less a few function words), its
 * skills by id (so 'JS' meets 'JavaScript') and its numbers and dates. A feature weighs 1, or 2 for a
 * figure or a skill, times its rarity among the original's lines (log(1 + lines / lines with it)), so that
 * 'team' counts for less than 'Shoply'. An original line is a source of an optimized line when the
 * features they share make up at least MIN_COVERAGE of the optimized line's weight, and it is among the
 * MAX_SOURCES most similar (cosine of the two) and at least RELATIVE as similar as the best. A feature of
 * more than half the lines of an original of COMMON_FROM lines or more tells nothing about where a line
 * comes from, and is left out. Scores are summed through an index of the original's features: time linear
 * in the pairs of lines that share one, at most n·m.
 */
const MIN_COVERAGE = 0.3;
const RELATIVE = 0.6;
const MAX_SOURCES = 3;
const COMMON_FROM = 10;

const FUNCTION_WORDS = wordSet(
  `a an the and or of in on at to for with by from as is are was were be been being i me my we our us you
  your he she it its they their this that these those which who into over under via per than then so not
  no but also all any each both such can will would should could may might must has have had do does did`,
);

function features(read: ReadLine, figures: readonly Fact[]): Map<string, number> {
  const found = new Map<string, number>();
  for (const token of read.line.tokens) {
    const key = keyOf(token);
    if (!FUNCTION_WORDS.has(key)) found.set(`w:${key}`, /\d/.test(key) ? 2 : 1);
  }
  for (const span of read.skills) found.set(`s:${span.id}`, 2);
  for (const fact of figures) for (const key of fact.keys) found.set(key, 2);
  return found;
}

function align(
  original: readonly ReadLine[],
  originalFigures: readonly Fact[][],
  optimized: readonly ReadLine[],
  /** Null for a line that is not traced. */
  optimizedFigures: readonly (Fact[] | null)[],
): ResumeProvenance['provenance'] {
  const originalFeatures = original.map((read, j) => features(read, originalFigures[j]!));
  const postings = new Map<string, number[]>();
  originalFeatures.forEach((found, j) => {
    for (const feature of found.keys()) {
      const list = postings.get(feature);
      if (list) list.push(j);
      else postings.set(feature, [j]);
    }
  });
  const lines = originalFeatures.filter((found) => found.size > 0).length;
  const common = (feature: string) =>
    lines >= COMMON_FROM && (postings.get(feature)?.length ?? 0) > lines / 2;
  for (const found of originalFeatures) {
    for (const feature of found.keys()) if (common(feature)) found.delete(feature);
  }
  const weight = (feature: string, base: number) =>
    base * Math.log(1 + lines / Math.max(1, postings.get(feature)?.length ?? 0));
  const total = (found: Map<string, number>) => {
    let sum = 0;
    for (const [feature, base] of found) sum += weight(feature, base);
    return sum;
  };
  const originalTotals = originalFeatures.map(total);
  const shared = new Float64Array(original.length);
  const similarity = new Float64Array(original.length);

  const provenance: ResumeProvenance['provenance'] = [];
  optimized.forEach((read, i) => {
    if (read.blank) return;
    const figures = optimizedFigures[i];
    if (!figures) {
      provenance.push({ line: read.number, sources: [] });
      return;
    }
    const found = features(read, figures);
    for (const feature of found.keys()) if (common(feature)) found.delete(feature);
    const own = total(found);
    const touched: number[] = [];
    for (const [feature, base] of found) {
      const list = postings.get(feature);
      if (!list) continue;
      const w = weight(feature, base);
      for (const j of list) {
        if (shared[j] === 0) touched.push(j);
        shared[j] = shared[j]! + w;
      }
    }
    // The lines that explain enough of this one, then the most similar of them.
    let best = 0;
    let kept = 0;
    for (const j of touched) {
      const explained = shared[j]! >= MIN_COVERAGE * own;
      similarity[j] = explained ? shared[j]! / Math.sqrt(own * originalTotals[j]!) : 0;
      if (explained) touched[kept++] = j;
      best = Math.max(best, similarity[j]!);
      shared[j] = 0;
    }
    const sources = touched
      .slice(0, kept)
      .filter((j) => similarity[j]! >= RELATIVE * best)
      .sort((a, b) => similarity[b]! - similarity[a]! || a - b)
      .slice(0, MAX_SOURCES)
      .map((j) => original[j]!.number)
      .sort((a, b) => a - b);
    provenance.push({ line: read.number, sources });
  });
  return provenance;
}

// The whole

/**
 * The section each line is in. A heading of section words ('## Work Experience', 'SKILLS') starts one; a
 * heading of anything else ('### Frontend Engineer – Shoply') starts one only when it is no deeper than
 * the section's own heading. The suggestions run to the next heading as high as theirs.
 */
function sectionsOf(lines: readonly ReadLine[]): Section[] {
  const sections: Section[] = [];
  let section: Section = 'other';
  let level = 0;
  for (const read of lines) {
    const { heading } = read;
    const suggestions = heading !== null && /^suggestions?\b/i.test(read.line.text);
    const starts =
      heading !== null &&
      (section === 'suggestions' ? heading <= level : read.namesSection || suggestions || heading <= level);
    if (starts) {
      section = suggestions ? 'suggestions' : read.namesSection ? sectionNamed(read.line.text) : 'other';
      level = heading;
    }
    sections.push(section);
  }
  return sections;
}

/**
 * Each line of `optimized` traced to the lines of `original` it comes from, and every number, date,
 * employer, school, job title, degree, certificate and named skill in it that `original` does not show
 * (one named only in `jobDescription` says so). The `## Suggestions` the assistant writes after the resume
 * are advice, not claims: they are neither traced nor checked. Pure and deterministic; a 300-line resume
 * takes a few milliseconds.
 */
export function traceResume(original: string, optimized: string, jobDescription?: string): ResumeProvenance {
  const { added: _, ...trace } = checkResume(original, optimized, jobDescription);
  return trace;
}

/**
 * traceResume's answer, with the names among what the original does not show (skills, tools, employers,
 * titles, degrees, certificates; not numbers or dates), once each in order: the job match report's
 * "added terms" (its `added`), so that the report and the marks in the answer say the same.
 */
export function checkResume(
  original: string,
  optimized: string,
  jobDescription?: string,
): ResumeProvenance & { added: string[] } {
  const originalLines = readText(original);
  const optimizedLines = readText(optimized);
  const evidence = gatherEvidence([...originalLines, ...optimizedLines]);
  const originalFigures = originalLines.map((read) => readFigures(read, true).facts);
  const shown = learn(originalLines, originalFigures);
  const jobLines = jobDescription ? readText(jobDescription) : null;
  const job = jobLines
    ? learn(
        jobLines,
        jobLines.map((read) => readFigures(read, true).facts),
      )
    : null;

  const sections = sectionsOf(optimizedLines);
  const optimizedFigures = optimizedLines.map((read) => readFigures(read, false));

  const unsupported: (ResumeProvenance['unsupported'][number] & { start: number; kind: FactKind })[] = [];
  optimizedLines.forEach((read, i) => {
    if (read.blank || sections[i] === 'suggestions') return;
    const figures = optimizedFigures[i]!;
    const section = SKILLS_LABEL.test(read.line.text) ? 'skills' : sections[i]!;
    const label = section === 'skills' ? /^[^:]{1,40}:/.exec(read.line.text) : null;
    const context: LineContext = { section, evidence, listStart: label ? label[0].length : 0 };
    const { names, inRun } = readNames(read, figures.taken, context);
    const facts = [
      ...figures.facts,
      ...readSkills(read, context),
      ...names,
      ...readCertificateWords(read, figures.taken, inRun),
    ];
    const seen = new Set<string>();
    for (const fact of facts) {
      if (shows(shown, fact) || seen.has(fact.text)) continue;
      seen.add(fact.text);
      const why = reason(fact.kind, job !== null && shows(job, fact));
      unsupported.push({
        line: read.number,
        text: fact.text,
        reason: why,
        start: fact.start,
        kind: fact.kind,
      });
    }
  });
  unsupported.sort((a, b) => a.line - b.line || a.start - b.start);

  const provenance = align(
    originalLines,
    originalFigures,
    optimizedLines,
    optimizedFigures.map((figures, i) => (sections[i] === 'suggestions' ? null : figures.facts)),
  );
  const added = new Map<string, string>();
  for (const fact of unsupported) {
    if (fact.kind === 'number' || fact.kind === 'date') continue;
    const key = fact.text.toLowerCase();
    if (!added.has(key)) added.set(key, fact.text);
  }
  return {
    provenance,
    unsupported: unsupported.map(({ start: _, kind: __, ...fact }) => fact),
    added: [...added.values()],
  };
}
