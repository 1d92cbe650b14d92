/**
 * What a refused plain form held (docs/architecture.md "Forms without JavaScript"): the page it goes back to shows every
 * value again. Kept server-side in the customer's session for one view of that page; never in an address.
 */
export interface FormFlash {
  /** The page the form is on (its path, no query). */
  page: string;
  /** The form's fields as typed (a ticked checkbox as the value it posted, e.g. "on"; an unticked one is absent). */
  values: Record<string, string>;
}

/**
 * How long a kept form waits for its page view. The browser follows the 303 at once; the margin covers a slow network,
 * not a customer coming back later (what they typed then is gone, as it should be for bank data).
 */
export const FORM_FLASH_TTL_MS = 5 * 60_000;

/** Longest value kept per field: every form field of the portal is shorter; a longer one is not what a form sent. */
export const FORM_FLASH_MAX_VALUE = 500;
