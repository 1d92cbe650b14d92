import { CommonErrors, type CodeOf, type ErrorCode } from '~/bff/contracts/errors.ts';
import { MESSAGE_LIMITS, MESSAGE_SUBJECT_PATTERN, MESSAGE_TEXT_PATTERN, MessagesErrors, normalizeMessageText } from '~/bff/contracts/messages.ts';
import { refusedCharacter } from '~/bff/contracts/text.ts';
import { entryOf } from '~/site/lib/codes.ts';

/** The composer's own checks, the same rules the BFF applies (contracts/messages.ts), so most errors show at once. */
export type TextProblem = 'required' | 'tooLong' | 'invalidCharacters';
export type SubjectProblem = 'tooLong' | 'invalidCharacters';
export type FilesProblem = 'tooMany' | 'tooLarge' | 'type';

export function textProblem(text: string): TextProblem | null {
  const normalized = normalizeMessageText(text);
  if (normalized === '') return 'required';
  if (normalized.length > MESSAGE_LIMITS.textMaxLength) return 'tooLong';
  if (!MESSAGE_TEXT_PATTERN.test(normalized)) return 'invalidCharacters';
  return null;
}

/** The subject is optional and one line. */
export function subjectProblem(subject: string): SubjectProblem | null {
  const normalized = normalizeMessageText(subject);
  if (normalized.length > MESSAGE_LIMITS.subjectMaxLength) return 'tooLong';
  if (!MESSAGE_SUBJECT_PATTERN.test(normalized)) return 'invalidCharacters';
  return null;
}

/** The character the error names: the first one the field refuses ("" when none). */
export const refusedIn = (value: string, field: 'text' | 'subject') => refusedCharacter(normalizeMessageText(value), { multiline: field === 'text' }) ?? '';

/** By size, count and the browser's idea of the type; the BFF checks the content itself. */
export function filesProblem(files: readonly { name: string; size: number; type: string }[]): { problem: FilesProblem; file?: string } | null {
  if (files.length > MESSAGE_LIMITS.maxFiles) return { problem: 'tooMany' };
  for (const file of files) {
    if (file.size > MESSAGE_LIMITS.maxFileBytes) return { problem: 'tooLarge', file: file.name };
    const looksFine = /^image\/(jpeg|png|webp|heic|heif)$/.test(file.type) || file.type === 'application/pdf' || /\.(jpe?g|png|webp|heic|pdf)$/i.test(file.name);
    if (!looksFine) return { problem: 'type', file: file.name };
  }
  return null;
}

/** The error codes of the BFF that concern the subject, the text field, the files, or neither. */
export function fieldOfError(code: string): 'subject' | 'text' | 'files' | 'form' {
  const fields = {
    [MessagesErrors.SUBJECT_TOO_LONG.code]: 'subject',
    [MessagesErrors.SUBJECT_INVALID_CHARACTERS.code]: 'subject',
    [MessagesErrors.TEXT_REQUIRED.code]: 'text',
    [MessagesErrors.TEXT_TOO_LONG.code]: 'text',
    [MessagesErrors.TEXT_INVALID_CHARACTERS.code]: 'text',
    [MessagesErrors.TOO_MANY_FILES.code]: 'files',
    [MessagesErrors.FILE_TOO_LARGE.code]: 'files',
    [MessagesErrors.FILE_TYPE.code]: 'files',
    [MessagesErrors.FILE_INCOMPLETE.code]: 'files',
    [MessagesErrors.FILE_ENCODING.code]: 'files',
    [MessagesErrors.SUPPORT_QUESTION_UNKNOWN.code]: 'form',
    [MessagesErrors.WEBHOOK_UNAUTHORIZED.code]: 'form',
  } as const satisfies Record<CodeOf<typeof MessagesErrors>, 'subject' | 'text' | 'files' | 'form'>;
  return entryOf(fields, code) ?? 'form';
}

/** The keys `composerCodeText` needs (the composer island's messages hold them, and so does the full translation). */
export type ComposerCodeKey =
  | 'messages.errorTextRequired'
  | 'messages.errorTextTooLong'
  | 'messages.errorTextInvalid'
  | 'messages.errorSubjectTooLong'
  | 'messages.errorSubjectInvalid'
  | 'messages.errorFileIncomplete'
  | 'messages.errorFilesTooMany'
  | 'messages.errorFileTooLarge'
  | 'messages.errorFileType'
  | 'messages.errorTopic'
  | 'messages.errorUnavailable';

/**
 * The German/English text of an error code of the messages API; null for a code without its own text. `detail` is the
 * file a file error names, or the character a character error names.
 */
export function composerCodeText(t: (key: ComposerCodeKey, values?: Record<string, string | number>) => string, code: string, detail = '', max?: number): string | null {
  const file = detail;
  const texts = {
    [MessagesErrors.TEXT_REQUIRED.code]: () => t('messages.errorTextRequired'),
    [MessagesErrors.TEXT_TOO_LONG.code]: () => t('messages.errorTextTooLong', { max: max ?? MESSAGE_LIMITS.textMaxLength }),
    [MessagesErrors.TEXT_INVALID_CHARACTERS.code]: () => t('messages.errorTextInvalid', { character: detail }),
    [MessagesErrors.SUBJECT_TOO_LONG.code]: () => t('messages.errorSubjectTooLong', { max: max ?? MESSAGE_LIMITS.subjectMaxLength }),
    [MessagesErrors.SUBJECT_INVALID_CHARACTERS.code]: () => t('messages.errorSubjectInvalid', { character: detail }),
    [MessagesErrors.TOO_MANY_FILES.code]: () => t('messages.errorFilesTooMany', { max: MESSAGE_LIMITS.maxFiles }),
    [MessagesErrors.FILE_TOO_LARGE.code]: () => t('messages.errorFileTooLarge', { file }),
    [MessagesErrors.FILE_TYPE.code]: () => t('messages.errorFileType', { file }),
    [MessagesErrors.FILE_INCOMPLETE.code]: () => t('messages.errorFileIncomplete'),
    [MessagesErrors.FILE_ENCODING.code]: () => null,
    [MessagesErrors.SUPPORT_QUESTION_UNKNOWN.code]: () => t('messages.errorTopic'),
    [MessagesErrors.WEBHOOK_UNAUTHORIZED.code]: () => null,
    [CommonErrors.UPSTREAM_UNAVAILABLE.code]: () => t('messages.errorUnavailable'),
  } satisfies Record<CodeOf<typeof MessagesErrors>, () => string | null> & Partial<Record<ErrorCode, () => string | null>>;
  return entryOf(texts, code)?.() ?? null;
}
