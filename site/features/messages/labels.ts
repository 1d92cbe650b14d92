import type { TaskStatus } from '../../../bff/contracts/messages.ts';
import type { Translate } from '../../i18n/types.ts';

/** The task status in words (spec section 4: OPEN, IN_PROGRESS, DONE). */
export function statusLabel(t: Translate, status: TaskStatus): string {
  switch (status) {
    case 'OPEN':
      return t('messages.statusOpen');
    case 'IN_PROGRESS':
      return t('messages.statusInProgress');
    case 'DONE':
      return t('messages.statusDone');
  }
}

/** An ACTION_COMMENT line: "Status geändert: erledigt". */
export const statusChangeLine = (t: Translate, status: TaskStatus) => t('messages.statusChanged', { status: statusLabel(t, status) });

/** The size of an attachment: "2,4 MB", "120 KB". */
export function fileSize(bytes: number, lang: 'de' | 'en'): string {
  const format = (value: number, unit: string) => `${value.toLocaleString(lang === 'en' ? 'en-GB' : 'de-DE', { maximumFractionDigits: 1 })} ${unit}`;
  return bytes >= 1024 * 1024 ? format(bytes / 1024 / 1024, 'MB') : format(Math.max(1, Math.round(bytes / 1024)), 'KB');
}
