import type { ErrorDef } from '../../contracts/errors.ts';

/**
 * What one place that takes files accepts (docs/files.md "Uploads"): how many, how large, which types by content,
 * and which error each refusal answers with (each capability keeps its own codes; the site words them).
 */
export interface UploadPolicy {
  field: string;
  maxFiles: number;
  maxFileBytes: number;
  /** MIME types as file-type detects them from the content. */
  fileTypes: readonly string[];
  /**
   * tooLarge 413, tooMany 413/400, type 415; incomplete 400: a body that cannot be read to its end (cut off, a
   * malformed part); encoding 415: a compressed body (browsers never compress what they upload).
   */
  errors: { tooLarge: ErrorDef; tooMany: ErrorDef; type: ErrorDef; incomplete: ErrorDef; encoding: ErrorDef };
}

/** A file name safe to pass on and to show: no path, no control characters, at most 120 characters. */
export function safeFilename(name: string, fallbackExtension: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.normalize('NFC').replace(/[\p{Cc}\p{Cf}"<>|:*?]/gu, '').trim().slice(0, 120);
  return clean || `anhang.${fallbackExtension}`;
}

/**
 * The name an accepted upload is passed on under: the customer's name made safe, with the extension of the type its
 * content was detected as (a PDF named `.html` goes on as `.pdf`, so no download ever opens as something else).
 */
export function uploadedFilename(name: string, detectedExtension: string): string {
  const stem = safeFilename(name, detectedExtension).replace(/\.[^.]*$/, '').trim().slice(0, 110);
  return `${stem || 'anhang'}.${detectedExtension}`;
}
