import { LINK_FIELD_MAX_DIGITS, type LinkProjectRequest } from '~/bff/contracts/linking.ts';

/**
 * Link form validation. Pure, so that the rules can be tested without a browser: the dialog calls it on
 * every change and turns the returned keys into texts.
 */
export type LinkMode = 'projectId' | 'CustomerData';
export const DEFAULT_LINK_MODE: LinkMode = 'projectId';

export type LinkField = 'projectId' | 'customerNumber' | 'zip';
export type LinkFormValues = Record<LinkField, string>;

/** The fields each mode asks for, in the order the dialog shows them. */
export const LINK_FIELDS: Record<LinkMode, readonly LinkField[]> = {
  projectId: ['projectId'],
  CustomerData: ['customerNumber', 'zip'],
};

export const EMPTY_LINK_FORM: LinkFormValues = { projectId: '', customerNumber: '', zip: '' };

/** The message keys of the link form's validation. */
export type LinkValidationKey =
  | 'linking.errorMessageRequired'
  | 'linking.errorMessageNumbersOnly'
  | 'linking.errorMessageInteger'
  | 'linking.errorMessagePositive'
  | 'linking.errorMessageTooManyDigits';

export type LinkFormErrors = Partial<Record<LinkField, LinkValidationKey>>;

/** Spaces are removed before sending. */
export function stripSpaces(value: string): string {
  return value.replace(/\s+/g, '');
}

/** One field of the active mode: required, digits and whitespace only, a positive integer, not too long. */
export function validateLinkField(value: string, field: LinkField = 'projectId'): LinkValidationKey | null {
  const stripped = stripSpaces(value);
  if (stripped === '') return 'linking.errorMessageRequired';
  if (/^\d+$/.test(stripped) && stripped.length > LINK_FIELD_MAX_DIGITS[field]) return 'linking.errorMessageTooManyDigits';
  const number = Number(stripped);
  if (Number.isNaN(number)) return 'linking.errorMessageNumbersOnly';
  if (!Number.isInteger(number)) return 'linking.errorMessageInteger';
  if (number <= 0) return 'linking.errorMessagePositive';
  // Last, because Number() also accepts "1e3", "0x10" or "+5", which are integers but not digits.
  if (!/^[\d\s]+$/.test(value)) return 'linking.errorMessageNumbersOnly';
  return null;
}

/** Errors of the active mode's fields; the inactive mode's fields are optional and never checked. */
export function validateLinkForm(mode: LinkMode, values: LinkFormValues): LinkFormErrors {
  const errors: LinkFormErrors = {};
  for (const field of LINK_FIELDS[mode]) {
    const error = validateLinkField(values[field], field);
    if (error) errors[field] = error;
  }
  return errors;
}

/** Submit stays disabled until every field of the active mode is filled and error-free. */
export function isLinkFormValid(mode: LinkMode, values: LinkFormValues): boolean {
  return Object.keys(validateLinkForm(mode, values)).length === 0;
}

/** The request body: projectId as an integer, customer number and zip as strings, all without spaces. */
export function toLinkRequest(mode: LinkMode, values: LinkFormValues): LinkProjectRequest {
  return mode === 'projectId'
    ? { projectId: Number(stripSpaces(values.projectId)) }
    : { zip: stripSpaces(values.zip), customerNumber: stripSpaces(values.customerNumber) };
}

/** The text of a validation key; the keys are spelled out so that the locale test sees them in use. */
export function validationMessage(t: (key: LinkValidationKey, values?: { max: number }) => string, key: LinkValidationKey, field: LinkField = 'projectId'): string {
  const texts = {
    'linking.errorMessageRequired': () => t('linking.errorMessageRequired'),
    'linking.errorMessageNumbersOnly': () => t('linking.errorMessageNumbersOnly'),
    'linking.errorMessageInteger': () => t('linking.errorMessageInteger'),
    'linking.errorMessagePositive': () => t('linking.errorMessagePositive'),
    'linking.errorMessageTooManyDigits': () => t('linking.errorMessageTooManyDigits', { max: LINK_FIELD_MAX_DIGITS[field] }),
  } satisfies Record<LinkValidationKey, () => string>;
  return texts[key]();
}
