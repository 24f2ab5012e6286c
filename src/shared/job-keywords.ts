import { type Line, startsSentence, type Token, wordSet } from './job-text.ts';

/**
 * Keywords a job description asks for that the skills dictionary does not know: the things named after
 * 'experience with', 'knowledge of' and the like, short bullet lines of its requirements, and capitalised
 * names ('Snowflake', 'CCRN'). Words every posting uses ('team', 'work', 'strong', 'we') never count.
 */

const STOP_WORDS = /* @__PURE__ */ wordSet(
  `a about above across after again against all also am an and any are as at be because been before being
  below between both but by can could did do does doing down during each either else etc ever every few for
  from further had has have having he her here hers him his how however i if in into is it its itself just
  least less let like made make many may me might more most much must my no nor not now of off often on once
  one only or other others otherwise our ours out over own per please plus rather same shall she should so
  some such than that the their them then there these they this those through thus to too under until up
  upon us very via was we well were what when where whether which while who whom whose why will with within
  without would yet you your yours yourself e.g i.e ie eg
  ability able accountable across additional advanced applicant applicants apply areas around background
  basic benefit best better big bonus bring build building candidate candidates capability career
  certification challenge challenging closely company complex comprehensive concept concepts confident
  consistent core current customers daily day deep degree deliver delivering demonstrated desirable desire
  desired detail develop developing development driven duties dynamic effective effectively efficient
  employer employment end ensure environment equal equivalent essential excellent excited exceptional
  exciting existing expectation expected experience experienced expert expertise exposure extensive
  familiar familiarity fast field first focus focused full functional good great grow growing growth
  hands help high highly hire hiring ideal ideally impact improve including independently industry
  innovative integrity internal job join key knowledge large level looking love manage managing member
  members mindset minimum modern multiple must need needed new next nice offer open opportunity
  opportunities ownership paced part passion passionate people platform plus position practical preferred
  preference prior problem problems process processes product products professional proficiency proficient
  proven quality quickly related relevant required requirement requirements responsibilities
  responsibility responsible results role salary scale scalable seeking senior similar skill skills solid
  solution solutions solve someone start strong success successful support supporting system systems
  task tasks team teams technical technologies technology thrive time title tool tools top track training
  understanding use used using value values various way ways willing work working world year years
  junior lead staff principal engineer engineers manager managers developer developers executive nurse
  specialist associate director analyst designer representative coordinator assistant officer consultant
  intern internship
  remote hybrid onsite office location inc llc ltd gmbh usa uk eu eeo pto hr ceo cto vp ote faq q1 q2 q3 q4
  january february march april may june july august september october november december monday tuesday
  wednesday thursday friday saturday sunday`,
);

export function isStopWord(key: string): boolean {
  return STOP_WORDS.has(key) || !/\p{L}/u.test(key) || key.length < 2;
}

/** A keyword as the job description writes it, and its words' keys. */
export interface KeywordCandidate {
  keys: string[];
  text: string;
}

/** Longest keyword, in words: anything longer is a sentence, not a term. */
const MAX_KEYWORD_WORDS = 4;

/** Tokens [from, to] less the stop words at either end, if they make a keyword no skill covers. */
function keywordOf(line: Line, from: number, to: number, covered: boolean[]): KeywordCandidate | null {
  let first = from;
  let last = to;
  while (first <= last && isStopWord(line.tokens[first]!.key)) first++;
  while (last >= first && isStopWord(line.tokens[last]!.key)) last--;
  if (first > last || last - first + 1 > MAX_KEYWORD_WORDS) return null;
  const tokens = line.tokens.slice(first, last + 1);
  if (tokens.some((_, i) => covered[first + i])) return null;
  return { keys: tokens.map((t) => t.key), text: line.text.slice(tokens[0]!.start, tokens.at(-1)!.end) };
}

/** 'experience with', 'knowledge of', 'proficiency in'… */
const CUE =
  /\b(?:experienced?|proficien(?:cy|t)|knowledge|familiar(?:ity)?|expertise|skilled|background|understanding|fluen(?:cy|t)|competen(?:ce|cy)|certifi(?:cation|ed)|trained)\s+(?:with|in|of|on|using)\s/gi;
function hasCue(text: string): boolean {
  CUE.lastIndex = 0;
  const found = CUE.test(text);
  CUE.lastIndex = 0;
  return found;
}

/** Where the list after a cue ends. */
const CLAUSE_END = /[.;:!?()[\]]/;
/** Words that separate the items of a list. */
const LIST_WORDS = /* @__PURE__ */ wordSet('and or such including like plus etc e.g especially');

/** Whether token i ends an item of a list: a list word ('and', 'such as') or a comma, slash or '&' after it. */
function endsListItem(line: Line, i: number): boolean {
  const token = line.tokens[i]!;
  const next = line.tokens[i + 1];
  return (
    LIST_WORDS.has(token.key) || (next !== undefined && /[,/;&]/.test(line.text.slice(token.end, next.start)))
  );
}

/** The keywords among tokens [from, to] read as a list: 'Snowflake, dbt or Looker' is three. */
function listKeywords(line: Line, from: number, to: number, covered: boolean[]): KeywordCandidate[] {
  const found: KeywordCandidate[] = [];
  let itemStart = from;
  for (let i = from; i <= to; i++) {
    if (i < to && !endsListItem(line, i)) continue;
    const keyword = keywordOf(line, itemStart, i, covered);
    if (keyword) found.push(keyword);
    itemStart = i + 1;
  }
  return found;
}

/** The items listed after each cue in the line: 'experience with Snowflake, dbt or Looker'. */
export function cueKeywords(line: Line, covered: boolean[]): KeywordCandidate[] {
  const found: KeywordCandidate[] = [];
  const { tokens, text } = line;
  let i = 0; // cues come left to right, so one walk over the tokens serves them all
  CUE.lastIndex = 0;
  for (let match = CUE.exec(text); match !== null; match = CUE.exec(text)) {
    const from = match.index + match[0].length;
    const rest = text.slice(from, from + 200);
    const stop = rest.search(CLAUSE_END);
    const to = from + (stop === -1 ? rest.length : stop);
    while (i < tokens.length && tokens[i]!.start < from) i++;
    const first = i;
    while (i < tokens.length && tokens[i]!.end <= to) i++;
    if (i > first) found.push(...listKeywords(line, first, i - 1, covered));
  }
  return found;
}

const BULLET = /^\s{0,8}(?:[-*•·–+]|\d{1,3}[.)])\s/;
/** Longest bullet line read as a list of keywords, in words. */
const MAX_BULLET_WORDS = 8;

/** Longest item of a bullet line read as keywords, in words: a longer one makes the line a sentence. */
const MAX_BULLET_ITEM_WORDS = 3;

/**
 * A short bullet line of a requirements list as keywords: '- Valid driver's license', '- Snowflake, dbt'.
 * A sentence ('- Experience selling to HR or finance buyers') gives none.
 */
export function bulletKeywords(line: Line, covered: boolean[]): KeywordCandidate[] {
  const { tokens, text } = line;
  if (!BULLET.test(text) || tokens.length === 0 || tokens.length > MAX_BULLET_WORDS) return [];
  if (hasCue(text)) return []; // cueKeywords reads it
  const first = /^\d/.test(text.trimStart()) ? 1 : 0; // the list number
  let itemStart = first;
  for (let i = first; i < tokens.length; i++) {
    if (i - itemStart + 1 > MAX_BULLET_ITEM_WORDS) return [];
    if (endsListItem(line, i)) itemStart = i + 1;
  }
  return first < tokens.length ? listKeywords(line, first, tokens.length - 1, covered) : [];
}

/** Words before or after a company's name: 'At Acme', 'Join Acme', 'Acme is', 'Acme offers'. */
const BEFORE_ORGANISATION = /* @__PURE__ */ wordSet('at join joining about by');
const AFTER_ORGANISATION = /* @__PURE__ */ wordSet(
  'is was has are offers provides helps builds believes values team',
);

function isCapitalised(text: string): boolean {
  return /^\p{Lu}/u.test(text) || /^\p{Ll}+\p{Lu}/u.test(text); // 'Snowflake', 'CCRN', 'iPhone'
}

/** Whether the line is a title ('Senior Frontend Engineer – Remote'): most of its words capitalised. */
function isTitleCase(line: Line): boolean {
  const capitalised = line.tokens.filter((t) => isCapitalised(t.text)).length;
  return line.tokens.length > 0 && capitalised / line.tokens.length >= 0.6;
}

export interface CapitalisedWord {
  token: Token;
  /** First in its sentence, where any word is capitalised: counts only beside a mention inside one. */
  initial: boolean;
  /** Reads as a company's name here ('At Acme', "Acme's"): the word never counts as a keyword. */
  organisation: boolean;
  /** An acronym ('CCRN', 'PMP'): counts from its first mention in the requirements. */
  acronym: boolean;
}

/** Capitalised words no skill covers. */
export function capitalisedWords(line: Line, covered: boolean[]): CapitalisedWord[] {
  if (isTitleCase(line)) return [];
  const words: CapitalisedWord[] = [];
  line.tokens.forEach((token, i) => {
    if (covered[i] || !isCapitalised(token.text) || isStopWord(token.key)) return;
    const previous = line.tokens[i - 1]?.key ?? '';
    const next = line.tokens[i + 1]?.key ?? '';
    const organisation =
      /['’]s$/.test(token.text) || BEFORE_ORGANISATION.has(previous) || AFTER_ORGANISATION.has(next);
    const acronym = /^[\p{Lu}\p{N}]{2,6}$/u.test(token.text) && /\p{L}/u.test(token.text);
    words.push({ token, initial: startsSentence(line, i), organisation, acronym });
  });
  return words;
}
