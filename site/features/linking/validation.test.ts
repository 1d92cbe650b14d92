import { describe, expect, it } from 'vitest';
import { LinkProjectRequestSchema } from '~/bff/contracts/linking.ts';
import {
  EMPTY_LINK_FORM,
  isLinkFormValid,
  toLinkRequest,
  validateLinkField,
  validateLinkForm,
  type LinkField,
  type LinkMode,
} from './validation.ts';

const cases = [
  ['', 'linking.errorMessageRequired'],
  ['   ', 'linking.errorMessageRequired'],
  ['abc', 'linking.errorMessageNumbersOnly'],
  ['1.5', 'linking.errorMessageInteger'],
  ['-3', 'linking.errorMessagePositive'],
  ['0', 'linking.errorMessagePositive'],
  [' 10 0234 ', null],
  ['1e3', 'linking.errorMessageNumbersOnly'],
  ['+5', 'linking.errorMessageNumbersOnly'],
] as const;

const activeFields: [LinkMode, LinkField][] = [
  ['projectId', 'projectId'],
  ['CustomerData', 'customerNumber'],
  ['CustomerData', 'zip'],
];

describe('link form validation', () => {
  it.each(cases)('answers %j with %s', (input, expected) => {
    expect(validateLinkField(input)).toBe(expected);
  });

  describe.each(activeFields)('in mode %s, field %s', (mode, field) => {
    const valid = { projectId: '100234', customerNumber: '4711', zip: '80331' };

    it.each(cases)('shows for %j the message %s', (input, expected) => {
      const errors = validateLinkForm(mode, { ...valid, [field]: input });
      expect(errors[field] ?? null).toBe(expected);
      expect(isLinkFormValid(mode, { ...valid, [field]: input })).toBe(expected === null);
    });
  });

  it('says at the field when a number has more digits than the field takes (a 25-digit project number)', () => {
    expect(validateLinkField('1234567890123456789012345', 'projectId')).toBe('linking.errorMessageTooManyDigits');
    expect(validateLinkField('123 456 789 012 345', 'projectId')).toBeNull();
    expect(validateLinkField('1234567890123456', 'projectId')).toBe('linking.errorMessageTooManyDigits');
    expect(validateLinkField('1'.repeat(20), 'customerNumber')).toBeNull();
    expect(validateLinkField('1'.repeat(21), 'customerNumber')).toBe('linking.errorMessageTooManyDigits');
    expect(validateLinkForm('projectId', { ...EMPTY_LINK_FORM, projectId: '9'.repeat(25) })).toEqual({ projectId: 'linking.errorMessageTooManyDigits' });
    // Every number the dialog lets through, the API takes.
    expect(LinkProjectRequestSchema.safeParse(toLinkRequest('projectId', { ...EMPTY_LINK_FORM, projectId: '9'.repeat(15) })).success).toBe(true);
  });

  it('leaves the fields of the inactive mode optional', () => {
    expect(validateLinkForm('projectId', { projectId: '100234', customerNumber: '', zip: 'abc' })).toEqual({});
    expect(validateLinkForm('CustomerData', { projectId: '', customerNumber: '4711', zip: '80331' })).toEqual({});
  });

  it('keeps submit disabled until every field of the active mode is filled and error-free', () => {
    expect(isLinkFormValid('projectId', EMPTY_LINK_FORM)).toBe(false);
    expect(isLinkFormValid('CustomerData', { ...EMPTY_LINK_FORM, customerNumber: '4711' })).toBe(false);
    expect(isLinkFormValid('CustomerData', { ...EMPTY_LINK_FORM, customerNumber: '4711', zip: '80331' })).toBe(true);
  });

  it('sends the project id as an integer without spaces', () => {
    const body = toLinkRequest('projectId', { ...EMPTY_LINK_FORM, projectId: ' 10 0234 ' });
    expect(body).toEqual({ projectId: 100234 });
    expect(Number.isInteger((body as { projectId: number }).projectId)).toBe(true);
  });

  it('sends customer number and zip as strings without spaces', () => {
    expect(toLinkRequest('CustomerData', { projectId: '7', customerNumber: ' 47 11 ', zip: '80 331' })).toEqual({
      zip: '80331',
      customerNumber: '4711',
    });
  });
});
