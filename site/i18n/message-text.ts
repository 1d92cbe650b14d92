import type { Language } from '~/bff/contracts/auth.ts';
import type { MessageText, MessageValue } from '~/bff/contracts/message-text.ts';
import { formatAmount, formatCalendarDate, formatDateTime, formatKwhValue } from '../lib/format.ts';
import { getT, type MessageKey } from './index.ts';

function wordValue(lang: Language, value: MessageValue): string | number {
  if (typeof value !== 'object') return value;
  if ('key' in value) return wordMessage(lang, value);
  if ('date' in value) return formatCalendarDate(value.date, { day: 'numeric', month: 'long', year: 'numeric' }, lang);
  if ('dateTime' in value) return formatDateTime(value.dateTime, lang);
  if ('kwh' in value) return formatKwhValue(value.kwh, lang);
  return formatAmount(value.amount, lang, { absolute: value.absolute });
}

/**
 * A text the server names (a notification's title and text) in the page's language: its key from the messages files,
 * its amounts formatted like every amount of the site, a nested message (a step's name) worded first. That each key
 * the BFF names exists, the key test checks (docs/architecture.md "Messages").
 */
export function wordMessage(lang: Language, text: MessageText): string {
  const values = text.values ? Object.fromEntries(Object.entries(text.values).map(([name, value]) => [name, wordValue(lang, value)])) : undefined;
  return getT(lang)(text.key as MessageKey, values);
}
