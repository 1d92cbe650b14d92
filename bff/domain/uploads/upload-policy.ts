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
  errors: { tooLarge: ErrorDef; tooMany: ErrorDef; type: ErrorDef };
}

/** A file name safe to pass on and to show: no path, no control characters, at most 120 characters. */
export function safeFilename(name: string, fallbackExtension: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.normalize('NFC').replace(/[\p{Cc}\p{Cf}"<>|:*?]/gu, '').trim().slice(0, 120);
  return clean || `anhang.${fallbackExtension}`;
}
