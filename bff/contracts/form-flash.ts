/**
 * Plain forms (docs/architecture.md "Forms without JavaScript"): what a refused form held and why it was refused. The
 * BFF's one form action (bff/http/form-action.ts) answers a refused plain form with a 303 back to its page; the address
 * carries the form, the error code and the refused fields' names (never a value typed), and the values wait server-side
 * in the customer's session for one view of that page (the form flash).
 */

/** A field's value as typed: a repeated field (checkboxes of one name) as the list of its values. */
export type FormValue = string | readonly string[];

/**
 * What a refused plain form held: the page it goes back to shows every value again. Kept server-side in the customer's
 * session for one view of that page; never in an address.
 */
export interface FormFlash {
  /** The page the form is on (its path, no query). */
  page: string;
  /** The form's id on that page (a page may hold several forms). */
  form: string;
  /** The form's fields as typed (a ticked checkbox as the value it posted, e.g. "on"; an unticked one is absent). */
  values: Record<string, FormValue>;
  /**
   * Called by the page when it puts the values into its form: only a view that shows them uses them up (one that says
   * the page's service is down leaves them for the next view).
   */
  markShown?: () => void;
}

/**
 * How long a kept form waits for a view of its page that shows it. The browser follows the 303 at once; while the
 * page's own service is down its views do not take the flash (they show the outage), so the margin also outlasts a
 * short vendor outage — not a customer coming back much later (what they typed then is gone, as it should be for bank
 * data).
 */
export const FORM_FLASH_TTL_MS = 15 * 60_000;

/** Longest value kept per field: every form field of the portal is shorter; a longer one is not what a form sent. */
export const FORM_FLASH_MAX_VALUE = 500;

/** Most values a repeated field keeps (the longest checkbox group of the portal has six). */
export const FORM_FLASH_MAX_REPEATS = 20;

/**
 * Why a plain form came back: its id, the error code, the refused fields (name → problem, '' when the code says it
 * all) and the code's other parameters (`attemptsLeft`, `service`, `max` …) for the page's wording.
 */
export interface FormRefusal {
  form: string;
  code: string;
  fields: Record<string, string>;
  params: Record<string, string>;
}

const FORM_ID = /^[a-z][a-z0-9-]{0,39}$/;
const FIELD_NAME = /^[A-Za-z][\w.-]{0,69}$/;
const PROBLEM = /^[A-Za-z0-9_]{0,40}$/;
/** Query names of a refusal; every other parameter of the address is the page's own. */
const RESERVED = new Set(['form', 'error', 'fields']);

/** The anchor a refused form lands on: its error summary at the form's top (focusable, so the browser focuses it). */
export const refusalAnchor = (form: string) => `${form}-errors`;

/**
 * `fields` as sent in an address: `iban:CHECKSUM,zip:format,consent`. Reads also the `name=problem` pairs of the
 * surveys' error parameter.
 */
export function encodeRefusedFields(fields: Readonly<Record<string, string>>): string {
  return Object.entries(fields)
    .map(([name, problem]) => (problem ? `${name}:${problem}` : name))
    .join(',');
}

export function decodeRefusedFields(value: string | null | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const part of (value ?? '').split(',').slice(0, 40)) {
    const [name = '', problem = ''] = part.split(/[:=]/);
    if (FIELD_NAME.test(name) && PROBLEM.test(problem) && !(name in fields)) fields[name] = problem;
  }
  return fields;
}

/** The address of a refusal: the page (its own query kept), then form, code, fields and parameters, then the anchor. */
export function refusalLocation(page: string, refusal: FormRefusal): string {
  const url = new URL(page, 'http://portal.invalid');
  for (const name of RESERVED) url.searchParams.delete(name);
  url.searchParams.set('error', refusal.code);
  const fields = encodeRefusedFields(refusal.fields);
  if (fields) url.searchParams.set('fields', fields);
  for (const [name, value] of Object.entries(refusal.params)) {
    if (!RESERVED.has(name) && value !== '') url.searchParams.set(name, value.slice(0, 200));
  }
  url.searchParams.set('form', refusal.form);
  return `${url.pathname}${url.search}#${refusalAnchor(refusal.form)}`;
}

/** A page's own address without a refusal's parameters (a form's `returnTo` must not bring an old refusal back). */
export function withoutRefusal(url: URL): string {
  const clean = new URL(url.href);
  for (const name of RESERVED) clean.searchParams.delete(name);
  return `${clean.pathname}${clean.search}`;
}

/** The refusal this page view comes from, if it concerns the form `form` (null otherwise). */
export function readRefusal(params: URLSearchParams, form: string): FormRefusal | null {
  const code = params.get('error');
  if (!code || params.get('form') !== form || !FORM_ID.test(form)) return null;
  const rest: Record<string, string> = {};
  for (const [name, value] of params) if (!RESERVED.has(name) && !(name in rest)) rest[name] = value;
  return { form, code, fields: decodeRefusedFields(params.get('fields')), params: rest };
}

export const isFormId = (form: string) => FORM_ID.test(form);
