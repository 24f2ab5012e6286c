import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The fonts of the PDF downloads: DejaVu Sans and Sans Mono, from the `dejavu-fonts-ttf` package, so every
 * machine writes the same file with nothing installed beside npm's packages (ADR 0031). They are read from
 * node_modules, where the sources and the built server (dist/) both find them; pdfkit embeds the glyphs a
 * document uses (a subset), so its text is selectable and searchable in any viewer.
 */

export type Face = 'regular' | 'bold' | 'italic' | 'boldItalic' | 'mono';

const FILES: Record<Face, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
  mono: 'DejaVuSansMono.ttf',
};

const FONT_DIR = join(
  dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);

/** The font file of each face. */
export const FONT_FILES = Object.fromEntries(
  Object.entries(FILES).map(([face, file]) => [face, join(FONT_DIR, file)]),
) as Record<Face, string>;

export function faceOf(bold: boolean, italic: boolean): Face {
  return bold ? (italic ? 'boldItalic' : 'bold') : italic ? 'italic' : 'regular';
}
