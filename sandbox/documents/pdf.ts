import { PDFDocument, rgb, type PDFFont } from 'pdf-lib';
import { drawable, embedFonts } from '../shared/pdf-fonts.ts';

export interface LetterContent {
  title: string;
  /** Paragraphs; each is wrapped to the page width. */
  paragraphs: string[];
  /** Key/value lines shown as a small table under the heading (project, customer, amounts). */
  facts: [string, string][];
  issuedAt: Date;
  installer: string;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of drawable(text, font).split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A document as the installer's systems print it: letterhead, title, facts, text, footer with the page number. Real
 * PDFs (pdf-lib), one page or more, so the portal's downloads and tests handle what customers really get.
 */
export async function letterPdf(content: LetterContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(content.title);
  pdf.setAuthor(content.installer);
  pdf.setLanguage('de-DE');
  pdf.setCreationDate(content.issuedAt);
  pdf.setModificationDate(content.issuedAt);
  const { regular, bold } = await embedFonts(pdf, [content.title, content.installer, ...content.paragraphs, ...content.facts.flat()]);
  const day = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'long' }).format(content.issuedAt);

  let page = pdf.addPage([595.28, 841.89]);
  const margin = 56;
  const width = 595.28 - 2 * margin;
  let y = 790;
  page.drawRectangle({ x: 0, y: 812, width: 595.28, height: 30, color: rgb(0.96, 0.62, 0.04) });
  page.drawText(drawable(content.installer, bold), { x: margin, y: 822, size: 11, font: bold, color: rgb(0.1, 0.1, 0.1) });
  page.drawText(drawable(`Leipzig, ${day}`, regular), { x: margin, y, size: 9, font: regular, color: rgb(0.3, 0.3, 0.3) });
  y -= 36;
  for (const line of wrap(content.title, bold, 18, width)) {
    page.drawText(line, { x: margin, y, size: 18, font: bold, color: rgb(0.05, 0.15, 0.3) });
    y -= 24;
  }
  y -= 6;
  for (const [key, value] of content.facts) {
    page.drawText(drawable(key, bold), { x: margin, y, size: 10, font: bold });
    page.drawText(drawable(value, regular), { x: margin + 170, y, size: 10, font: regular, maxWidth: width - 170 });
    y -= 16;
  }
  y -= 14;
  for (const paragraph of content.paragraphs) {
    for (const line of wrap(paragraph, regular, 11, width)) {
      if (y < 80) {
        page = pdf.addPage([595.28, 841.89]);
        y = 790;
      }
      page.drawText(line, { x: margin, y, size: 11, font: regular, color: rgb(0.1, 0.1, 0.1) });
      y -= 15;
    }
    y -= 9;
  }
  const pages = pdf.getPages();
  pages.forEach((p, i) =>
    p.drawText(drawable(`${content.installer} · Seite ${i + 1} von ${pages.length}`, regular), { x: margin, y: 36, size: 8, font: regular, color: rgb(0.4, 0.4, 0.4) }),
  );
  return pdf.save();
}

/**
 * A large PDF for tests of streaming (e.g. 50 MB): a valid header and trailer around a comment block of the asked
 * size. Written in chunks by the caller; this gives the chunks.
 */
export function* largePdfChunks(totalBytes: number, chunkBytes = 1024 * 1024): Generator<Buffer> {
  const head = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const tail = Buffer.from('\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
  yield head;
  let left = Math.max(0, totalBytes - head.length - tail.length);
  const filler = Buffer.alloc(chunkBytes, '%0123456789abcdef\n');
  while (left > 0) {
    const size = Math.min(left, chunkBytes);
    yield size === chunkBytes ? filler : filler.subarray(0, size);
    left -= size;
  }
  yield tail;
}
