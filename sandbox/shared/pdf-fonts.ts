import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { StandardFonts, type PDFDocument, type PDFFont } from 'pdf-lib';

/**
 * The stand-ins' PDFs (the e-signature provider's stamp and audit page, the document service's letters) are set in the
 * same Noto Sans as the portal's own (bff/domain/pdf/fonts, read as a file: an asset, no code of the portal), so a
 * signed power of attorney says "Mehmet Yılmaz" wherever his name appears, as real vendors' PDFs do.
 */
const FONTS = { regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' } as const;
const bytes = new Map<keyof typeof FONTS, Uint8Array>();
const fontFile = (weight: keyof typeof FONTS) => {
  let file = bytes.get(weight);
  if (!file) {
    file = new Uint8Array(readFileSync(new URL(`../../bff/domain/pdf/fonts/${FONTS[weight]}`, import.meta.url)));
    bytes.set(weight, file);
  }
  return file;
};

/** What the standard fonts' encoding (WinAnsi) can draw. */
const WIN_ANSI = /^[\u0020-\u007e\u00a0-\u00ff€–—„“”‚‘’…•\s]*$/;

/**
 * The fonts for a document with these texts: Noto Sans when any character is outside WinAnsi, else the standard
 * Helvetica, which costs nothing to embed (the document service makes ~40 demo letters at every fresh start, and a
 * test sandbox starts fresh each time).
 */
export async function embedFonts(pdf: PDFDocument, texts: readonly string[]): Promise<{ regular: PDFFont; bold: PDFFont }> {
  if (texts.every((text) => WIN_ANSI.test(text))) {
    return { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  }
  pdf.registerFontkit(fontkit);
  const options = { subset: true, features: { ccmp: false } };
  return { regular: await pdf.embedFont(fontFile('regular'), options), bold: await pdf.embedFont(fontFile('bold'), options) };
}

/** The text as the font draws it: a character it has no glyph for becomes "?" (not an invisible box). */
export function drawable(text: string, font: PDFFont): string {
  if (WIN_ANSI.test(text) && !/[\t\r\n]/.test(text)) return text;
  const known = new Set(font.getCharacterSet());
  return [...text.replace(/[\t\r\n]+/g, ' ')].map((char) => (char === ' ' || known.has(char.codePointAt(0) ?? 0) ? char : '?')).join('');
}
