/**
 * A text the server names and the site words (docs/architecture.md "Messages"): a key of the site's messages files
 * and the values of its placeholders. The server sends no German or English itself, so every word stays in the
 * site's messages files, German and English complete.
 */
export interface MessageText {
  /** `area.element` of a feature's messages file; the site's key test checks that each `message('…')` key exists. */
  key: string;
  values?: Readonly<Record<string, MessageValue>>;
}

/**
 * A placeholder's value: a string or number as it is (a name, a subject, a project number), an amount of euros the
 * site formats in the page's language (a decimal string with two places, "312.46"; `absolute` shows what is owed
 * without its sign), a date, an instant or an energy the site formats, or another message (a step's name inside a
 * sentence).
 */
export type MessageValue =
  | string
  | number
  | { amount: string; absolute?: boolean }
  /** A calendar date (`YYYY-MM-DD`), worded like "27. November 2026". */
  | { date: string }
  /** An instant (ISO 8601), worded in Berlin time like the site's "Stand". */
  | { dateTime: string }
  /** Energy in kWh, one decimal in the page's number format. */
  | { kwh: number }
  | MessageText;

/** Names a message: `message('money.noticeRefundTitle', { amount: { amount: '312.46' } })`. */
export function message(key: `${string}.${string}`, values?: MessageText['values']): MessageText {
  return values ? { key, values } : { key };
}
