import { fileTypeFromBuffer } from 'file-type';
import { MESSAGE_LIMITS, MessagesErrors } from '../../contracts/messages.ts';
import type { UploadedFile } from '../../ports/task-service.ts';
import { AppError } from '../errors.ts';

export interface IncomingFile {
  originalname: string;
  buffer: Uint8Array;
  size: number;
}

/** A file name safe to pass on and to show: no path, no control characters, at most 120 characters. */
export function safeFilename(name: string, fallbackExtension: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.normalize('NFC').replace(/[\p{Cc}\p{Cf}"<>|:*?]/gu, '').trim().slice(0, 120);
  return clean || `anhang.${fallbackExtension}`;
}

/**
 * Checks the files of one message (docs/security.md "Files"): at most five, each at most 10 MB, and each an image or a
 * PDF by its content (magic bytes; the name and the browser's type count for nothing). The first problem is thrown,
 * so nothing is sent when one file is wrong.
 */
export async function checkFiles(files: readonly IncomingFile[]): Promise<UploadedFile[]> {
  if (files.length > MESSAGE_LIMITS.maxFiles) throw new AppError(MessagesErrors.TOO_MANY_FILES, { params: { max: MESSAGE_LIMITS.maxFiles } });
  const checked: UploadedFile[] = [];
  for (const file of files) {
    if (file.size > MESSAGE_LIMITS.maxFileBytes) throw new AppError(MessagesErrors.FILE_TOO_LARGE, { params: { file: safeFilename(file.originalname, 'bin') } });
    const type = await fileTypeFromBuffer(file.buffer);
    if (!type || !(MESSAGE_LIMITS.fileTypes as readonly string[]).includes(type.mime)) {
      throw new AppError(MessagesErrors.FILE_TYPE, { params: { file: safeFilename(file.originalname, 'bin') } });
    }
    checked.push({ filename: safeFilename(file.originalname, type.ext), contentType: type.mime, bytes: file.buffer });
  }
  return checked;
}
