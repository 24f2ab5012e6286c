import { type JobTerm, MAX_TERMS, readJobDescription } from './job-description.ts';
import type { JobMatchReport } from './job-match-report.ts';
import { skillDictionary } from './job-skills.ts';
import { PhraseIndex, readLines } from './job-text.ts';

/**
 * The resume assistant's job match report (docs/product.md, resume assistant): computed here from the
 * texts, never by the model, so a person can trust it to say what their resume shows. The skills and
 * keywords come from the job description (job-description.ts) and are looked for, with their other
 * spellings, in the original and in the optimized resume.
 */

export interface JobMatchInput {
  jobDescription: string;
  originalResume: string;
  optimizedResume: string;
  /**
   * What the optimized resume names that the original does not: the server's check of the answer
   * (src/server/tools/resume-provenance.ts `checkResume`), which also marks them in the answer.
   */
  added: readonly string[];
}

/** What a resume shows: the dictionary's skills in order of appearance, and which of the job's keywords. */
interface ResumeTerms {
  skills: Set<number>;
  keywords: Set<string>;
}

const keywordId = (keys: readonly string[]) => keys.join(' ');

function readResume(text: string, keywordIndex: PhraseIndex<string>): ResumeTerms {
  const skills = skillDictionary().index;
  const found: ResumeTerms = { skills: new Set(), keywords: new Set() };
  for (const line of readLines(text)) {
    for (const { phrase } of skills.find(line)) found.skills.add(phrase.value);
    for (const { phrase } of keywordIndex.find(line)) found.keywords.add(phrase.value);
  }
  return found;
}

function shows(resume: ResumeTerms, term: JobTerm): boolean {
  return term.skill !== undefined
    ? resume.skills.has(term.skill)
    : resume.keywords.has(keywordId(term.keys ?? []));
}

/** The weighted share of the job's terms the resume shows, 0–100. */
function matchScore(terms: readonly JobTerm[], has: (term: JobTerm) => boolean): number {
  const total = terms.reduce((sum, t) => sum + t.weight, 0);
  const matched = terms.reduce((sum, t) => sum + (has(t) ? t.weight : 0), 0);
  return total === 0 ? 0 : Math.round((100 * matched) / total);
}

/**
 * The job match report for a resume and its optimized version, or null when the job description names
 * no skill or keyword (nothing to match: the screen shows no report). Linear in the texts' length.
 */
export function buildJobMatchReport({
  jobDescription,
  originalResume,
  optimizedResume,
  added,
}: JobMatchInput): JobMatchReport | null {
  const job = readJobDescription(jobDescription);
  if (job.length === 0) return null;
  const keywordIndex = new PhraseIndex(
    job.flatMap((t) => (t.keys ? [{ keys: t.keys, value: keywordId(t.keys) }] : [])),
  );
  const original = readResume(originalResume, keywordIndex);
  const optimized = readResume(optimizedResume, keywordIndex);
  const terms = job.map((t) => ({
    term: t.term,
    kind: t.kind,
    inOriginal: shows(original, t),
    inOptimized: shows(optimized, t),
  }));
  return {
    terms,
    originalScore: matchScore(job, (t) => shows(original, t)),
    optimizedScore: matchScore(job, (t) => shows(optimized, t)),
    gaps: terms.filter((t) => !t.inOriginal).map((t) => t.term),
    added: added.slice(0, MAX_TERMS),
  };
}
