import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileNameFromDisposition, isApiPath, safeFileName } from './download-file.ts';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 filename* the server sends, then the plain filename', () => {
    const header = `attachment; filename="Z_rich CV.docx"; filename*=UTF-8''Z%C3%BCrich%20CV.docx`;
    expect(fileNameFromDisposition(header)).toBe('Zürich CV.docx');
    expect(fileNameFromDisposition('attachment; filename="report \\"final\\".pdf"')).toBe(
      'report -final-.pdf',
    );
    expect(fileNameFromDisposition('attachment; filename=plain.txt')).toBe('plain.txt');
  });

  it('falls back to filename when filename* is malformed, and is null without a name', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''%E0%A4%A`)).toBe('a.pdf');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  it('never keeps a path', () => {
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`)).toBe('passwd');
    expect(fileNameFromDisposition('attachment; filename="C:\\\\Users\\\\x\\\\evil.exe"')).toBe('evil.exe');
  });
});

describe('safeFileName', () => {
  it('replaces reserved and control characters and trims dots', () => {
    expect(safeFileName('a:b*c?.md')).toBe('a-b-c-.md');
    expect(safeFileName('..hidden. ')).toBe('hidden');
    expect(safeFileName('line\nbreak.md')).toBe('line-break.md');
    expect(safeFileName('   ')).toBeNull();
  });
});

describe('isApiPath', () => {
  it('only lets the bearer token go to this server’s API paths', () => {
    expect(isApiPath('/api/history/abc/file')).toBe(true);
    expect(isApiPath('https://evil.example/api/x')).toBe(false);
    expect(isApiPath('//evil.example/api/x')).toBe(false);
    expect(isApiPath('/api//evil.example')).toBe(false);
    expect(isApiPath('/uploads/x')).toBe(false);
  });
});

describe('downloadApiFile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it('fetches with the bearer token and saves the blob under the served name', async () => {
    const storage = new Map([['access-token', 'a.b.c']]);
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (k: string) => storage.get(k) ?? null,
        setItem: (k: string, v: string) => void storage.set(k, v),
        removeItem: (k: string) => void storage.delete(k),
      },
      location: { pathname: '/services/resume-assistant', assign: vi.fn() },
    });
    const fetchMock = vi.fn(
      async () =>
        new Response('docx bytes', {
          headers: { 'content-disposition': `attachment; filename="cv.docx"; filename*=UTF-8''cv.docx` },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const clicked: { href: string; download: string }[] = [];
    const link = {
      style: {},
      click() {
        clicked.push({ href: this.href, download: this.download });
      },
      remove: vi.fn(),
      href: '',
      download: '',
      rel: '',
    };
    vi.stubGlobal('document', { createElement: () => link, body: { append: vi.fn() } });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});

    const { downloadApiFile } = await import('./download-file.ts');
    await downloadApiFile('/api/history/h1/export?format=docx', 'fallback.docx');

    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/history/h1/export?format=docx');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer a.b.c');
    expect(clicked).toEqual([{ href: 'blob:1', download: 'cv.docx' }]);
  });

  it('refuses a URL outside the API without sending anything', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { downloadApiFile } = await import('./download-file.ts');
    await expect(downloadApiFile('https://elsewhere.example/file', 'x')).rejects.toThrow(
      'This download is not on this server.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('openApiFile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.resetModules();
    vi.useRealTimers();
  });

  function stubTab(tab: { location: { href: string }; opener: unknown; close: () => void } | null) {
    const storage = new Map([['access-token', 'a.b.c']]);
    const open = vi.fn(() => tab);
    vi.stubGlobal('window', {
      open,
      localStorage: {
        getItem: (k: string) => storage.get(k) ?? null,
        setItem: (k: string, v: string) => void storage.set(k, v),
        removeItem: (k: string) => void storage.delete(k),
      },
      location: { pathname: '/services/doc-summarizer', assign: vi.fn() },
    });
    return open;
  }

  it('opens a tab at once, then shows the file fetched with the bearer token at its page', async () => {
    vi.useFakeTimers();
    const tab = { location: { href: '' }, opener: {} as unknown, close: vi.fn() };
    const open = stubTab(tab);
    const fetchMock = vi.fn(async () => new Response('%PDF-1.7', { headers: { 'content-type': 'x/y' } }));
    vi.stubGlobal('fetch', fetchMock);
    let shown: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      shown = blob as Blob;
      return 'blob:pdf';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});

    const { openApiFile } = await import('./download-file.ts');
    await openApiFile('/api/history/h1/file', { type: 'application/pdf', fragment: '#page=12' });

    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/history/h1/file');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer a.b.c');
    expect(tab.location.href).toBe('blob:pdf#page=12');
    expect((shown as Blob | null)?.type).toBe('application/pdf');
    // The object URL is revoked later, once the tab has read it.
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5 * 60_000);
    expect(revoke).toHaveBeenCalledWith('blob:pdf');
  });

  it('closes the tab when the file cannot be fetched, and says when the browser blocked it', async () => {
    const tab = { location: { href: '' }, opener: null, close: vi.fn() };
    stubTab(tab);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ error: { code: 'not_found:history', message: 'Chat not found' } }, { status: 404 }),
      ),
    );
    const { openApiFile } = await import('./download-file.ts');
    await expect(openApiFile('/api/history/h1/file', { type: 'application/pdf' })).rejects.toThrow(
      'Chat not found',
    );
    expect(tab.close).toHaveBeenCalled();

    stubTab(null);
    await expect(openApiFile('/api/history/h1/file', { type: 'application/pdf' })).rejects.toThrow(
      'Allow pop-ups',
    );
    await expect(openApiFile('https://elsewhere.example/f.pdf', { type: 'application/pdf' })).rejects.toThrow(
      'This file is not on this server.',
    );
  });
});
