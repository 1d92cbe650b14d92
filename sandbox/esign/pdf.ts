import { PDFDocument, degrees, rgb } from 'pdf-lib';
import { drawable, embedFonts } from '../shared/pdf-fonts.ts';

/** True for bytes that start like a PDF file. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return bytes.length > 4 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

/**
 * The signed copy: the signature (the drawn image, or the typed name in italics) and an audit line stamped at the foot
 * of the last page, plus the audit trail on a page of its own, the way e-signature providers attach a certificate of
 * completion. The original pages are otherwise unchanged.
 */
export async function stampSignature(
  original: Uint8Array,
  signature: { typedName: string; drawnPng?: Uint8Array | undefined; signedAt: Date; envelopeId: string; signerEmail: string; ip: string },
): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(original);
  const when = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'medium' }).format(signature.signedAt);
  const { regular } = await embedFonts(pdf, [signature.typedName, signature.signerEmail, signature.envelopeId, when]);
  // The typed name slanted like handwriting: Noto Sans regular, skewed (no italic font file needed).
  const slanted = { font: regular, xSkew: degrees(12) };
  const audit = `Elektronisch unterschrieben von ${signature.typedName} am ${when} (Vorgang ${signature.envelopeId})`;

  const pages = pdf.getPages();
  const last = pages[pages.length - 1] ?? pdf.addPage();
  const { width } = last.getSize();
  if (signature.drawnPng) {
    const image = await pdf.embedPng(signature.drawnPng);
    const scale = Math.min(180 / image.width, 60 / image.height, 1);
    last.drawImage(image, { x: 56, y: 70, width: image.width * scale, height: image.height * scale });
  } else {
    last.drawText(drawable(signature.typedName, regular), { x: 56, y: 84, size: 20, ...slanted, color: rgb(0.05, 0.15, 0.45) });
  }
  last.drawLine({ start: { x: 56, y: 66 }, end: { x: Math.min(width - 56, 300), y: 66 }, thickness: 0.6, color: rgb(0.3, 0.3, 0.3) });
  last.drawText(drawable(audit, regular), { x: 56, y: 52, size: 7.5, font: regular, color: rgb(0.25, 0.25, 0.25), maxWidth: width - 112 });

  const trail = pdf.addPage([595.28, 841.89]);
  const lines = [
    'Protokoll der elektronischen Unterschrift',
    '',
    `Vorgang: ${signature.envelopeId}`,
    `Unterschrieben von: ${signature.typedName} <${signature.signerEmail}>`,
    `Zeitpunkt: ${when} (Europe/Berlin)`,
    `Art: ${signature.drawnPng ? 'gezeichnete Unterschrift und getippter Name' : 'getippter Name (Tastatur)'}`,
    `IP-Adresse: ${signature.ip}`,
    'Signaturniveau: einfache elektronische Signatur (eIDAS Art. 3 Nr. 10)',
  ];
  lines.forEach((line, index) =>
    trail.drawText(drawable(line, regular), { x: 56, y: 780 - index * 20, size: index === 0 ? 16 : 11, ...(index === 0 ? slanted : { font: regular }) }),
  );
  pdf.setModificationDate(signature.signedAt);
  return pdf.save();
}
