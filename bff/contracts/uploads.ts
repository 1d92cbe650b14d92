import { defineErrors } from './errors.ts';

/**
 * Uploads (docs/files.md "Uploads"): one policy for every place a customer sends files (message attachments,
 * the meter cabinet photo). Types are decided by content (magic bytes), never by name or the browser's type.
 */
export const UPLOAD_LIMITS = {
  maxFileBytes: 10 * 1024 * 1024,
  /** JPEG, PNG, HEIC (iPhone photos) and PDF; the messages also take WebP (docs/messages.md). */
  fileTypes: ['image/jpeg', 'image/png', 'image/heic', 'image/heif', 'application/pdf'] as const,
} as const;

export const UploadErrors = defineErrors({
  TOO_LARGE: { code: 'UPLOAD.TOO_LARGE', status: 413, message: 'Die Datei ist größer als 10 MB.' },
  TOO_MANY: { code: 'UPLOAD.TOO_MANY', status: 413, message: 'Das sind zu viele Dateien auf einmal.' },
  TYPE: { code: 'UPLOAD.TYPE', status: 415, message: 'Bitte schick nur Fotos (JPEG, PNG, HEIC) oder PDF-Dateien.' },
  EMPTY: { code: 'UPLOAD.EMPTY', status: 400, message: 'Bitte wähle eine Datei aus.' },
  /** The body could not be read to its end (cut off, a malformed part). */
  INCOMPLETE: { code: 'UPLOAD.INCOMPLETE', status: 400, message: 'Die Datei ist nicht vollständig angekommen. Bitte versuche es noch einmal.' },
  /** A compressed body (Content-Encoding): browsers never send one. */
  ENCODING: { code: 'UPLOAD.ENCODING', status: 415, message: 'Bitte schick die Datei unkomprimiert.' },
  DISABLED: { code: 'UPLOAD.DISABLED', status: 403, message: 'Das Hochladen ist gerade ausgeschaltet.' },
});

declare module './errors.ts' {
  interface ErrorTables {
    uploads: typeof UploadErrors;
  }
}
