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
