import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { NAMES_OF_GERMANYS_COMMUNITIES, pdfText } from '~/tests/support/pdf-text.ts';
import { stampSignature } from './pdf.ts';

describe('the signed copy', () => {
  it.each(NAMES_OF_GERMANYS_COMMUNITIES)('names the signer "%s" in every letter, in the stamp and the audit trail', async (name) => {
    const original = await PDFDocument.create();
    original.addPage([595.28, 841.89]);
    const signed = await stampSignature(await original.save(), { typedName: name, signedAt: new Date('2026-11-25T10:00:00Z'), envelopeId: 'E-1', signerEmail: 'kunde@example.de', ip: '127.0.0.1' });
    const text = await pdfText(signed);
    expect(text).toContain(`Elektronisch unterschrieben von ${name} am`);
    expect(text).toContain(`Unterschrieben von: ${name} <kunde@example.de>`);
    expect(text).not.toContain('?');
  });
});
