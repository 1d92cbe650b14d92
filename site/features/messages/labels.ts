import type { TaskStatus } from '~/bff/contracts/messages.ts';
import type { Translate } from '~/site/i18n/types.ts';
import { commonRefusalText, type FormState } from '~/site/lib/form-flash.ts';
import type { ComposerField, ComposerRefusal } from './MessageComposer.tsx';
import { composerCodeText, fieldOfError, refusedIn } from './validation.ts';

/** The task status in words (OPEN, IN_PROGRESS, DONE; docs/messages.md "Threads"). */
export function statusLabel(t: Translate, status: TaskStatus): string {
  const texts = {
    OPEN: t('messages.statusOpen'),
    IN_PROGRESS: t('messages.statusInProgress'),
    DONE: t('messages.statusDone'),
  } satisfies Record<TaskStatus, string>;
  return texts[status];
}

/** An ACTION_COMMENT line: "Status geändert: erledigt". */
export const statusChangeLine = (t: Translate, status: TaskStatus) => t('messages.statusChanged', { status: statusLabel(t, status) });

/**
 * A duration as people say it (docs/messages.md "Time to first answer"): minutes under an hour, hours and minutes under
 * two days, days and hours beyond ("2 Std. 5 Min.", "3 Tage 4 Std.").
 */
export function durationText(t: Translate, ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return t('messages.durationMinutes', { minutes: String(minutes) });
  if (minutes < 48 * 60) return t('messages.durationHours', { hours: String(Math.floor(minutes / 60)), minutes: String(minutes % 60) });
  const hours = Math.round(minutes / 60);
  return t('messages.durationDays', { days: String(Math.floor(hours / 24)), hours: String(hours % 24) });
}

const sizeFormats = {
  de: new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 }),
  en: new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }),
};

/** The size of an attachment: "2,4 MB", "120 KB" (one formatter per language: making one costs more than a page's sizes). */
export function fileSize(bytes: number, lang: 'de' | 'en'): string {
  const format = (value: number, unit: string) => `${sizeFormats[lang].format(value)} ${unit}`;
  return bytes >= 1024 * 1024 ? format(bytes / 1024 / 1024, 'MB') : format(Math.max(1, Math.round(bytes / 1024)), 'KB');
}

/**
 * A refused plain composer, worded for the island (docs/architecture.md "Forms without JavaScript"): the summary's
 * message and the text at the refused field (subject, text or files).
 */
export function composerRefusal(t: Translate, form: FormState): ComposerRefusal | null {
  const refusal = form.refusal;
  if (!refusal) return null;
  const max = Number(refusal.params.max) || undefined;
  // A refused character is named from what was typed (it never travels in the address).
  const field = fieldOfError(refusal.code);
  const character = field === 'subject' || field === 'text' ? refusedIn(form.value(field), field) : '';
  const text = composerCodeText(t, refusal.code, character, max);
  const fields: Partial<Record<ComposerField, string>> = {};
  for (const name of ['subject', 'text', 'files'] as const) if (form.invalid(name)) fields[name] = text ?? t('messages.errorGeneric');
  const message = commonRefusalText(t, refusal) ?? (Object.keys(fields).length > 0 ? t('forms.checkFields') : (text ?? t('messages.errorGeneric')));
  return { message, fields };
}
