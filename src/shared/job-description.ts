import {
  bulletKeywords,
  type CapitalisedWord,
  capitalisedWords,
  cueKeywords,
  type KeywordCandidate,
} from './job-keywords.ts';
import { skillDictionary } from './job-skills.ts';
import { type Line, readLines } from './job-text.ts';

/** The part of a posting a line is in, which says how much a term named there matters. */
export type Section = 'required' | 'general' | 'preferred' | 'company';

/**
 * Requirements and must-haves count most, nice-to-haves least. The company's own part (about us, benefits)
 * is not read at all: a 'learning budget' or 'pre-tax' there is not something the job asks for.
 */
const SECTION_WEIGHT: Record<Exclude<Section, 'company'>, number> = { required: 3, general: 2, preferred: 1 };
/** Each further mention adds this much, up to MAX_EXTRA_MENTIONS. */
const MENTION_WEIGHT = 0.5;
const MAX_EXTRA_MENTIONS = 3;
/** A keyword is a guess; a dictionary skill is known. */
const KEYWORD_FACTOR = 0.8;
/** The report lists at most this many terms, the most important first. */
export const MAX_TERMS = 40;

/** A term the job asks for, with what identifies it in a resume. */
export interface JobTerm {
  term: string;
  kind: 'skill' | 'keyword';
  /** A skill's id in the dictionary, or a keyword's word keys. */
  skill?: number;
  keys?: string[];
  weight: number;
}

/** Heading words of each section, tried in this order ('Preferred qualifications' is preferred). */
const SECTION_HEADINGS: ReadonlyArray<[Section, RegExp]> = [
  [
    'company',
    /^\W*about\b(?!\s+(?:the\s+)?(?:role|job|position|you|this))|who we are|benefit|perk|we offer|compensation|salary|equal opportunit|\beeo\b|why join|why work|our (?:mission|values|culture|story)|life at/i,
  ],
  [
    'preferred',
    /nice[\s-]to[\s-]have|prefer|bonus|\bplus\b|desir|\bideal|good to have|extra credit|advantage/i,
  ],
  [
    'general',
    /responsibilit|duties|what you(?:'|’|\s+wi)ll (?:do|work)|\bthe (?:role|job|position|opportunity)\b|day[\s-]to[\s-]day|your impact|in this role/i,
  ],
  [
    'required',
    /require|qualification|must|what you(?:'|’|\s+wi)?ll? (?:need|bring)|you (?:have|bring)|skill|experience|looking for|who you are|about you|competenc|essential|minimum/i,
  ],
];
const LINE_PREFERRED = /\b(?:preferred|nice to have|a plus|bonus|desirable|ideally|is an advantage)\b/i;
const LINE_REQUIRED = /\b(?:required|must|mandatory|essential|minimum of|at least)\b/i;

function namedSection(text: string): Section | null {
  return SECTION_HEADINGS.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

/**
 * The section a heading line starts, or null if the line is no heading. A marked heading ('## Perks',
 * '**Who you are**') starts its section, or a general one; a plain short line ('Requirements',
 * 'WHAT WE OFFER', 'You have:') only if it names a section.
 */
function headingSection(line: Line): Section | null {
  const text = line.text.trim();
  if (text === '' || line.tokens.length > 8) return null;
  const marked = text.startsWith('#') || /^(?:\*\*|__)[^*_]*(?:\*\*|__):?$/.test(text);
  if (marked) return namedSection(text) ?? 'general';
  const bullet = /^(?:[-*•·–+]|\d{1,3}[.)])\s/.test(text);
  if (bullet || line.tokens.length > 6 || /[.,;]$/.test(text)) return null;
  return namedSection(text);
}

/** The line's own word overrides its section: 'Kubernetes (a plus)', 'SQL required'. */
function lineSection(line: Line, section: Section): Section {
  if (section === 'company') return section;
  if (LINE_PREFERRED.test(line.text)) return 'preferred';
  if (LINE_REQUIRED.test(line.text)) return 'required';
  return section;
}

/** A section whose terms the job asks for. */
type AskingSection = Exclude<Section, 'company'>;

type SeenWord = CapitalisedWord & { section: AskingSection };

interface Tally extends JobTerm {
  mentions: number;
  best: number;
  first: number;
}

/** Mentions of each term, by id ('s12' for a skill, 'k snowflake' for a keyword), in order of first mention. */
class TermTally {
  readonly terms = new Map<string, Tally>();

  add(id: string, term: Omit<JobTerm, 'weight'>, section: AskingSection) {
    const known = this.terms.get(id);
    const weight = SECTION_WEIGHT[section];
    if (known) {
      known.mentions++;
      known.best = Math.max(known.best, weight);
    } else {
      this.terms.set(id, { ...term, weight: 0, mentions: 1, best: weight, first: this.terms.size });
    }
  }

  addKeyword(candidate: KeywordCandidate, section: AskingSection) {
    const { keys, text } = candidate;
    this.add(`k ${keys.join(' ')}`, { term: text, kind: 'keyword', keys }, section);
  }

  /** The most important first: highest weight, then first mentioned. */
  ranked(): JobTerm[] {
    const terms = [...this.terms.values()].map(({ mentions, best, first, ...term }) => {
      const base = best + MENTION_WEIGHT * Math.min(mentions - 1, MAX_EXTRA_MENTIONS);
      return { term: { ...term, weight: term.kind === 'keyword' ? base * KEYWORD_FACTOR : base }, first };
    });
    terms.sort((a, b) => b.term.weight - a.term.weight || a.first - b.first);
    return terms.slice(0, MAX_TERMS).map((t) => t.term);
  }
}

/**
 * Capitalised words seen: a word counts if named twice, once inside a sentence (where capitals mean a name),
 * or once in the requirements as an acronym ('CCRN').
 */
function addCapitalised(tally: TermTally, words: SeenWord[]) {
  const byKey = new Map<string, SeenWord[]>();
  for (const word of words) {
    const seen = byKey.get(word.token.key);
    if (seen) seen.push(word);
    else byKey.set(word.token.key, [word]);
  }
  for (const [key, seen] of byKey) {
    const inside = seen.filter((w) => !w.initial);
    if (inside.length === 0 || seen.some((w) => w.organisation)) continue;
    const asked = inside.some((w) => w.acronym && (w.section === 'required' || w.section === 'preferred'));
    if (seen.length < 2 && !asked) continue;
    for (const word of seen) tally.addKeyword({ keys: [key], text: inside[0]!.token.text }, word.section);
  }
}

/** The skills and keywords a job description asks for, the most important first, at most MAX_TERMS. */
export function readJobDescription(text: string): JobTerm[] {
  const skills = skillDictionary();
  const tally = new TermTally();
  const capitalised: SeenWord[] = [];
  let section: Section = 'general';
  for (const line of readLines(text)) {
    if (line.tokens.length === 0) continue;
    const heading = headingSection(line);
    if (heading !== null) section = heading;
    const here = lineSection(line, section);
    if (here === 'company') continue;
    const covered = new Array<boolean>(line.tokens.length).fill(false);
    for (const { phrase, first, last } of skills.index.find(line)) {
      covered.fill(true, first, last + 1);
      tally.add(
        `s${phrase.value}`,
        { term: skills.skills[phrase.value]!.name, kind: 'skill', skill: phrase.value },
        here,
      );
    }
    if (heading !== null) continue;
    for (const keyword of cueKeywords(line, covered)) tally.addKeyword(keyword, here);
    if (here === 'required' || here === 'preferred') {
      for (const keyword of bulletKeywords(line, covered)) tally.addKeyword(keyword, here);
    }
    for (const word of capitalisedWords(line, covered)) capitalised.push({ ...word, section: here });
  }
  addCapitalised(tally, capitalised);
  return tally.ranked();
}
