import { format } from 'date-fns';
import type { Article, File } from '~/bff/contracts/help.ts';
import type { Language } from '~/bff/contracts/auth.ts';
import type { Translate } from '~/site/i18n/types.ts';
import { dateLocale, todayInPortalTimeZone } from '~/site/lib/dates.ts';
import { formatNumber } from '~/site/lib/format.ts';
import { productLineLabel } from '../projects/index.ts';

/** German name of an article's topic: a product line, or "Allgemein". */
export function articleTopicLabel(t: Translate, productLine: Article['productLine']): string {
  return productLine === 'GENERAL' ? t('help.knowledgeTopicGeneral') : productLineLabel(t, productLine);
}

/** "PDF", "Video", or the file's extension ("ZIP") for anything else. */
export function fileTypeLabel(t: Translate, file: Pick<File, 'mime' | 'name'>): string {
  const mime = file.mime.toLowerCase();
  if (mime === 'application/pdf') return t('help.instructionsFileTypePdf');
  if (mime.startsWith('video/')) return t('help.instructionsFileTypeVideo');
  const extension = /\.([a-z\d]{1,8})$/i.exec(file.name)?.[1];
  return extension ? extension.toUpperCase() : t('help.instructionsFileTypeOther');
}

/** "1.235 KB" / "1,235 KB": whole kilobytes (Strapi gives decimals), at least 1. */
export function formatSizeKb(sizeKb: number, lang: Language): string {
  const kb = Math.max(1, Math.round(sizeKb));
  return `${formatNumber(kb, lang)} KB`;
}

/**
 * The calendar date of a CMS date: a date ("2025-05-01") as it is, a timestamp as the day it is in Berlin.
 * Null when there is none or it cannot be read.
 */
export function calendarDate(value: string | null): Date | null {
  if (!value) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(year, month - 1, day);
    return date.getMonth() === month - 1 && date.getDate() === day ? date : null;
  }
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : todayInPortalTimeZone(instant);
}

/** "1. Mai 2025" / "1 May 2025". */
export function formatDate(date: Date, lang: Language): string {
  return format(date, 'PPP', { locale: dateLocale(lang) });
}
