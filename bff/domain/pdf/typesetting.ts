import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * Every PDF the portal makes (powers of attorney, SEPA mandate, refund confirmation) is set in Noto Sans, embedded
 * and subset per document: the standard PDF fonts only know WinAnsi (Latin-1), which turned "Yılmaz", "Łukasz" or
 * "Đorđe" into "Y?lmaz". The font files in `fonts/` cover Latin (with Turkish, Polish, Romanian, Vietnamese, ...),
 * Greek and Cyrillic (docs/files.md "Generated PDFs").
 */
const FONT_FILES = { regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' } as const;
type Weight = keyof typeof FONT_FILES;

/** Read once per process (~2 × 300 KB); each document embeds only the glyphs it uses. */
const fontBytes = new Map<Weight, Uint8Array>();
export function fontFile(weight: Weight): Uint8Array {
  let bytes = fontBytes.get(weight);
  if (!bytes) {
    bytes = new Uint8Array(readFileSync(new URL(`./fonts/${FONT_FILES[weight]}`, import.meta.url)));
    fontBytes.set(weight, bytes);
  }
  return bytes;
}

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** A new document with its metadata and both weights embedded (subset: only the glyphs used end up in the file). */
export async function newPdf(meta: { title: string; author: string; createdAt: Date }): Promise<{ pdf: PDFDocument; fonts: Fonts }> {
  const pdf = await PDFDocument.create();
  // A parsed font is not shared between documents: pdf-lib's subsets then mapped some glyphs to the wrong letters.
  pdf.registerFontkit(fontkit);
  pdf.setTitle(meta.title);
  pdf.setAuthor(meta.author);
  pdf.setLanguage('de-DE');
  pdf.setCreationDate(meta.createdAt);
  pdf.setModificationDate(meta.createdAt);
  // Without `ccmp` the font draws precomposed letters ("ị", "ễ") with their own glyph: its composition splits "ị" into
  // the glyph of "i" and a mark, so a reader's copy (ToUnicode) got "i" and a stray character.
  const options = { subset: true, features: { ccmp: false } };
  const fonts: Fonts = { regular: await pdf.embedFont(fontFile('regular'), options), bold: await pdf.embedFont(fontFile('bold'), options) };
  return { pdf, fonts };
}

/**
 * The text as the font can draw it: a character the font has no glyph for (an emoji, a CJK or Arabic letter) becomes
 * "?" instead of an invisible box; everything else stays as written. Line breaks and tabs become spaces.
 */
export function drawable(text: string, font: PDFFont): string {
  const known = characterSets.get(font) ?? new Set(font.getCharacterSet());
  characterSets.set(font, known);
  let out = '';
  for (const char of text.replace(/[\t\r\n]+/g, ' ').replace(/−/g, '-')) {
    const codePoint = char.codePointAt(0) ?? 0;
    out += known.has(codePoint) || char === ' ' ? char : '?';
  }
  return out;
}
const characterSets = new WeakMap<PDFFont, Set<number>>();

/** Splits a text into lines of at most `width` points at `size`. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of drawable(text, font).split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width && line) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Draws the lines from `at` downwards, `gap` points apart; returns the y below the last line. */
export function write(page: PDFPage, lines: string[], at: { x: number; y: number }, font: PDFFont, size: number, gap: number): number {
  let y = at.y;
  for (const line of lines) {
    page.drawText(drawable(line, font), { x: at.x, y, size, font, color: rgb(0.07, 0.12, 0.2) });
    y -= gap;
  }
  return y;
}

export const berlinDate = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' });
