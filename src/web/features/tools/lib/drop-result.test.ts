import { ErrorCode, type FileRejection } from 'react-dropzone';
import { describe, expect, it } from 'vitest';
import { dropErrorMessage, TOO_MANY_FILES, toDropResult } from './drop-result.ts';

const limits = { maxBytes: 20_971_520 };
const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);
const rejection = (name: string, ...codes: string[]): FileRejection => ({
  file: Object.assign(file(name), { path: name, relativePath: name }),
  errors: codes.map((code) => ({ code, message: `react-dropzone says ${code}` })),
});

describe('dropErrorMessage', () => {
  it('words each refusal as docs/product.md §5 does, listing the extensions readably', () => {
    const message = (code: string) => dropErrorMessage({ code, message: 'original' }, limits);
    expect(message(ErrorCode.FileInvalidType)).toBe('File type must be one of .txt, .pdf, .doc, .docx, .odt');
    expect(message(ErrorCode.FileTooLarge)).toBe('File is larger than 20971520 bytes');
    expect(message(ErrorCode.TooManyFiles)).toBe('Too many files');
    expect(dropErrorMessage({ code: ErrorCode.FileTooSmall, message: '' }, { ...limits, minBytes: 1 })).toBe(
      'File is smaller than 1 bytes',
    );
    expect(message('custom')).toBe('original');
  });
});

describe('toDropResult', () => {
  it('chooses the one accepted file', () => {
    const pdf = file('cv.pdf');
    expect(toDropResult([pdf], [], limits)).toEqual({ kind: 'chosen', file: pdf });
  });

  it("gives a refused file's reasons, each once", () => {
    const result = toDropResult(
      [],
      [rejection('photo.png', ErrorCode.FileInvalidType, ErrorCode.FileTooLarge, ErrorCode.FileInvalidType)],
      limits,
    );
    expect(result).toEqual({
      kind: 'rejected',
      fileName: 'photo.png',
      messages: [
        'File type must be one of .txt, .pdf, .doc, .docx, .odt',
        'File is larger than 20971520 bytes',
      ],
    });
  });

  it('chooses nothing when more than one file comes, even if one of them fits', () => {
    const twoGood = toDropResult([file('a.pdf')], [rejection('b.pdf', ErrorCode.TooManyFiles)], limits);
    expect(twoGood).toEqual({ kind: 'rejected', fileName: null, messages: [TOO_MANY_FILES] });
    const mixed = toDropResult(
      [],
      [rejection('a.png', ErrorCode.FileInvalidType), rejection('b.pdf')],
      limits,
    );
    expect(mixed).toEqual({ kind: 'rejected', fileName: null, messages: ['Too many files'] });
  });

  it('is nothing for an empty drop', () => {
    expect(toDropResult([], [], limits)).toEqual({ kind: 'none' });
  });
});
