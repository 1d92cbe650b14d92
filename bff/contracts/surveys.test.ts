import { describe, expect, it } from 'vitest';
import { validateSurveyAnswers, type SurveyFormValues } from './surveys.ts';

const form = (overrides: Partial<SurveyFormValues> = {}): SurveyFormValues => ({
  stars: { punctuality: '5', tidiness: '' },
  netPromoterScore: '9',
  contactEmail: 'jonas.weber@example.de',
  contactPhone: '+49 341 2568-1101',
  additionalMessage: '  Alles bestens.\r\n',
  contactRequested: false,
  reviewMailConsent: true,
  ...overrides,
});
const QUESTIONS = ['punctuality', 'tidiness'];

describe('checking a survey answer', () => {
  it('takes a complete answer and normalises phone and message; a left-out star question is null', () => {
    const result = validateSurveyAnswers(form(), QUESTIONS);
    expect(result).toEqual({
      ok: true,
      answers: {
        stars: { punctuality: 5, tidiness: null },
        netPromoterScore: 9,
        contactEmail: 'jonas.weber@example.de',
        contactPhone: '+4934125681101',
        additionalMessage: 'Alles bestens.',
        contactRequested: false,
        reviewMailConsent: true,
      },
    });
  });

  it('requires the NPS answer and takes only 0..10', () => {
    for (const value of ['', ' ', '11', '-1', '7.5', 'zehn']) {
      expect(validateSurveyAnswers(form({ netPromoterScore: value }), QUESTIONS), value).toEqual({ ok: false, errors: { netPromoterScore: 'npsRequired' } });
    }
    expect(validateSurveyAnswers(form({ netPromoterScore: '0' }), QUESTIONS).ok).toBe(true);
    expect(validateSurveyAnswers(form({ netPromoterScore: '10' }), QUESTIONS).ok).toBe(true);
  });

  it('names a star value outside 1..5 at its question', () => {
    expect(validateSurveyAnswers(form({ stars: { punctuality: '6', tidiness: '0' } }), QUESTIONS)).toEqual({
      ok: false,
      errors: { 'star.punctuality': 'starInvalid', 'star.tidiness': 'starInvalid' },
    });
  });

  it('ignores answers to questions the survey does not have', () => {
    const result = validateSurveyAnswers(form({ stars: { punctuality: '4', removed: '9' } }), QUESTIONS);
    expect(result.ok && result.answers.stars).toEqual({ punctuality: 4, tidiness: null });
  });

  it('checks the phone by its pattern (optional plus, then digits) after taking out separators', () => {
    for (const bad of ['12a45', '++4912345', '+', '1', '0341 / 12 34 ext 5', '1'.repeat(21)]) {
      expect(validateSurveyAnswers(form({ contactPhone: bad }), QUESTIONS), bad).toEqual({ ok: false, errors: { contactPhone: 'phoneInvalid' } });
    }
    for (const good of ['0341 123456', '+49 (341) 123-456', '01761234567']) expect(validateSurveyAnswers(form({ contactPhone: good }), QUESTIONS).ok, good).toBe(true);
  });

  it('checks the e-mail address when one is given', () => {
    expect(validateSurveyAnswers(form({ contactEmail: 'jonas@' }), QUESTIONS)).toEqual({ ok: false, errors: { contactEmail: 'emailInvalid' } });
    expect(validateSurveyAnswers(form({ contactEmail: '' }), QUESTIONS).ok).toBe(true);
  });

  it('limits the message and takes ordinary Unicode text with emoji, but no control characters', () => {
    expect(validateSurveyAnswers(form({ additionalMessage: 'x'.repeat(2001) }), QUESTIONS)).toEqual({ ok: false, errors: { additionalMessage: 'messageTooLong' } });
    expect(validateSurveyAnswers(form({ additionalMessage: 'Super 👍' }), QUESTIONS)).toMatchObject({ ok: true, answers: { additionalMessage: 'Super 👍' } });
    expect(validateSurveyAnswers(form({ additionalMessage: 'Montage ✓ → alles gut × 2' }), QUESTIONS).ok).toBe(true);
    expect(validateSurveyAnswers(form({ additionalMessage: 'a\u0007b' }), QUESTIONS)).toEqual({ ok: false, errors: { additionalMessage: 'messageInvalidCharacters' } });
    expect(validateSurveyAnswers(form({ additionalMessage: 'Preis: 100 € (inkl. 19 % MwSt.) – „gut“!' }), QUESTIONS).ok).toBe(true);
  });

  it('asks for a phone number or e-mail address when the customer wants to be contacted', () => {
    expect(validateSurveyAnswers(form({ contactRequested: true, contactEmail: '', contactPhone: ' ' }), QUESTIONS)).toEqual({ ok: false, errors: { contact: 'contactMissing' } });
    expect(validateSurveyAnswers(form({ contactRequested: true, contactEmail: '', contactPhone: '0341 123456' }), QUESTIONS).ok).toBe(true);
  });

  it('reports every refused field at once', () => {
    const result = validateSurveyAnswers(form({ netPromoterScore: '', contactEmail: 'x', contactPhone: 'abc' }), QUESTIONS);
    expect(result).toEqual({ ok: false, errors: { netPromoterScore: 'npsRequired', contactEmail: 'emailInvalid', contactPhone: 'phoneInvalid' } });
  });
});
