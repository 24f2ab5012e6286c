import type { DocumentCoverage } from '#shared/documents';
import { documentCoverageSchema } from '#shared/history';
import { counted } from './plural.ts';

const numbers = new Intl.NumberFormat('en-US');
// The product's lists have no comma before 'and' ('17–19 and 30').
const list = new Intl.ListFormat('en-GB', { style: 'long', type: 'conjunction' });

/** Past this many runs of unreadable pages the line names the first ones and counts the rest. */
const RUNS_NAMED = 8;

/**
 * What was read of a document, from a reply (the `done` event, the JSON reply, a saved chat), checked
 * against the shared schema; null without a document or for a payload that is not one (an older server).
 */
export function toDocumentCoverage(value: unknown): DocumentCoverage | null {
  if (value === null || value === undefined) return null;
  const parsed = documentCoverageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Page numbers as runs, three or more consecutive pages one range: [17, 18, 19, 30] → ['17–19', '30'];
 * two stay apart ('17 and 18').
 */
export function pageRuns(pages: readonly number[]): string[] {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const runs: string[] = [];
  let index = 0;
  while (index < sorted.length) {
    const first = sorted[index]!;
    let last = first;
    while (sorted[index + 1] === last + 1) {
      index += 1;
      last += 1;
    }
    if (last - first >= 2) runs.push(`${numbers.format(first)}–${numbers.format(last)}`);
    else for (let page = first; page <= last; page += 1) runs.push(numbers.format(page));
    index += 1;
  }
  return runs;
}

/** Pages and what happened to them: 'Page 17 could not be read.', 'Pages 17–19 and 30 could not be read.' */
function pagesSentence(pages: readonly number[], what: string): string {
  const unique = new Set(pages).size;
  const runs = pageRuns(pages);
  const noun = unique === 1 ? 'Page' : 'Pages';
  const verb = unique === 1 ? 'was' : 'were';
  const tail = what.replace('{was}', verb);
  if (runs.length <= RUNS_NAMED) return `${noun} ${list.format(runs)} ${tail}.`;
  const named = runs.slice(0, RUNS_NAMED - 1);
  return `${counted(unique, 'page')} ${tail}: ${named.join(', ')} and others.`;
}

/** Why scanned pages were not read at all, as the line says it. */
const NOT_READ: Record<DocumentCoverage['pagesNotRead'][number]['reason'], string> = {
  ocr_limit: '{was} not read (past the most scanned pages this server reads)',
  text_limit: '{was} not read (past the most text this server takes from one document)',
  stopped: '{was} not read (the answer was stopped first)',
};

/**
 * One line saying what of a document an answer read (issue 32): 'Read all 223 pages (12 scanned),
 * 4 tables. Pages 17 and 18 could not be read. Summarized in 8 parts.', or for a document without page
 * numbers 'Read the whole document (12,345 characters), 2 tables.'
 */
export function coverageSentence(coverage: DocumentCoverage): string {
  const sentences: string[] = [];
  const tables = coverage.tables > 0 ? `, ${counted(coverage.tables, 'table')}` : '';
  const { pages } = coverage;
  if (pages === null) {
    sentences.push(`Read the whole document (${counted(coverage.characters, 'character')})${tables}.`);
  } else {
    const inDocument = (page: number) => page >= 1 && page <= pages;
    const unreadable = coverage.pagesUnreadable.filter(inDocument);
    const notRead = (coverage.pagesNotRead ?? []).map((group) => ({
      ...group,
      pages: group.pages.filter(inDocument),
    }));
    const read = pages - new Set([...unreadable, ...notRead.flatMap((group) => group.pages)]).size;
    const scanned = coverage.pagesOcr > 0 ? ` (${numbers.format(coverage.pagesOcr)} scanned)` : '';
    if (pages === 0) {
      sentences.push('The document has no pages.');
    } else if (read === 0 && new Set(unreadable).size === pages) {
      sentences.push(
        `Could not read ${pages === 1 ? 'the one page' : `any of the ${counted(pages, 'page')}`}.`,
      );
    } else if (read === 0) {
      sentences.push(`Read none of the ${pages === 1 ? 'one page' : counted(pages, 'page')}.`);
    } else {
      const what =
        read === pages
          ? pages === 1
            ? 'the one page'
            : `all ${counted(pages, 'page')}`
          : `${numbers.format(read)} of ${counted(pages, 'page')}`;
      sentences.push(`Read ${what}${scanned}${tables}.`);
    }
    if (unreadable.length > 0 && new Set(unreadable).size < pages) {
      sentences.push(pagesSentence(unreadable, 'could not be read'));
    }
    for (const group of notRead) {
      if (group.pages.length > 0) sentences.push(pagesSentence(group.pages, NOT_READ[group.reason]));
    }
  }
  if (coverage.partsSummarized > 1) {
    sentences.push(`Summarized in ${counted(coverage.partsSummarized, 'part')}.`);
  }
  return sentences.join(' ');
}
