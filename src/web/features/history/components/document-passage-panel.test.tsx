import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentPassage } from '#shared/history';
import {
  getDocumentPassage,
  getDocumentPassageQueryOptions,
} from '#web/features/history/api/get-document-passage.ts';
import type { Citation } from '#web/lib/citations.ts';
import { PassageSheet, PassageView } from './document-passage-panel.tsx';

const pages1213: Citation = { kind: 'pages', from: 12, to: 13 };
const passage: DocumentPassage = {
  label: 'pp. 12–13',
  pages: { from: 12, to: 13 },
  text: '## Costs\n\nStaff costs rose by **12%**.',
  fileName: 'Annual report.pdf',
  format: 'pdf',
};

/** The API as the panel meets it: the reply to every call, and the calls made. */
function stubApi(reply: () => Response) {
  const storage = new Map([['access-token', 'a.b.c']]);
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    },
    location: { pathname: '/services/doc-summarizer', assign: vi.fn() },
  });
  const fetchMock = vi.fn(async () => reply());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderSheet(client: QueryClient, citation: Citation, fileName: string | null = null) {
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Dialog.Root open>
        <PassageSheet chatId="c1" citation={citation} fileName={fileName} />
      </Dialog.Root>
    </QueryClientProvider>,
  );
}

const view = (node: ReactNode) => renderToStaticMarkup(node);

describe('the passage a citation names', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for the pages with the bearer token and reads the reply against the shared schema', async () => {
    const fetchMock = stubApi(() => Response.json(passage));
    await expect(getDocumentPassage('c 1', pages1213)).resolves.toEqual(passage);
    await getDocumentPassage('c1', { kind: 'part', part: 3 });
    const [[first, init], [second]] = fetchMock.mock.calls as unknown as [
      [string, RequestInit],
      [string, RequestInit],
    ];
    expect(first).toBe('/api/history/c%201/document/passage?pages=12-13');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer a.b.c');
    expect(second).toBe('/api/history/c1/document/passage?part=3');

    stubApi(() => Response.json({ text: 'no label' }));
    await expect(getDocumentPassage('c1', pages1213)).rejects.toThrow();
  });

  it('shows the loaded passage: label and file name as its title, the text as Markdown, the PDF page', async () => {
    stubApi(() => Response.json(passage));
    const client = new QueryClient();
    await client.fetchQuery(getDocumentPassageQueryOptions('c1', pages1213));
    const html = renderSheet(client, pages1213);
    expect(html).toMatch(
      /<h2[^>]*>pp\. 12–13<span class="sr-only"> of <\/span><span[^>]*>Annual report\.pdf<\/span><\/h2>/,
    );
    expect(html).toContain('Staff costs rose by **12%**.');
    expect(html).toContain('aria-label="Passage"');
    expect(html).toContain('Open page 12 in the PDF');
    expect(html).toContain('aria-label="Close"');
  });

  it('names the citation while the passage loads, with the file name when known', () => {
    stubApi(() => new Response(null, { status: 204 }));
    const html = renderSheet(new QueryClient(), { kind: 'pages', from: 4, to: 4 }, 'notes.pdf');
    expect(html).toMatch(
      /<h2[^>]*>p\. 4<span class="sr-only"> of <\/span><span[^>]*>notes\.pdf<\/span><\/h2>/,
    );
    expect(html).toContain('Loading the passage…');
    expect(html).toContain('aria-busy="true"');
  });

  it("shows the server's reason when the document has no such page", async () => {
    stubApi(() =>
      Response.json(
        { error: { code: 'not_found:passage', message: 'The document has no page 99.' } },
        { status: 404 },
      ),
    );
    const error = await getDocumentPassage('c1', { kind: 'pages', from: 99, to: 99 }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 404, message: 'The document has no page 99.' });
    const html = view(
      <PassageView chatId="c1" state={{ status: 'failed', message: (error as Error).message }} />,
    );
    expect(html).toMatch(/<p role="alert"[^>]*>The document has no page 99\.<\/p>/);
  });

  it('offers no PDF page for a document without pages or another format, and says when a page is blank', () => {
    const part = view(
      <PassageView
        chatId="c1"
        state={{
          status: 'loaded',
          passage: { ...passage, label: 'part 3', pages: null, format: 'docx', fileName: 'notes.docx' },
        }}
      />,
    );
    expect(part).toContain('Staff costs rose');
    expect(part).not.toContain('in the PDF');
    const blank = view(
      <PassageView chatId="c1" state={{ status: 'loaded', passage: { ...passage, text: ' ' } }} />,
    );
    expect(blank).toContain('No text was found here.');
  });
});
