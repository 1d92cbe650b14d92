import { describe, expect, it } from 'vitest';
import { CommonErrors } from '~/bff/contracts/errors.ts';
import { SurveyErrors, validateSurveyAnswers, type SurveyFieldError } from '~/bff/contracts/surveys.ts';
import { getT } from '~/site/i18n/index.ts';
import { fieldErrorText, noticeOfCode } from './labels.ts';

const CODES: SurveyFieldError[] = ['npsRequired', 'starInvalid', 'emailInvalid', 'phoneInvalid', 'messageTooLong', 'messageInvalidCharacters', 'contactMissing'];

describe('the survey form’s error messages', () => {
  it('word every refusal of the check in German and English, each differently', () => {
    for (const lang of ['de', 'en'] as const) {
      const texts = CODES.map((code) => fieldErrorText(getT(lang), code));
      expect(new Set(texts).size, lang).toBe(CODES.length);
      for (const text of texts) expect(text.length, lang).toBeGreaterThan(20);
    }
  });

  it('tell the customer what to do at the field, as the check refuses it', () => {
    const t = getT('de');
    const refused = validateSurveyAnswers(
      { stars: { a: '9' }, netPromoterScore: '', contactEmail: 'jonas@', contactPhone: '0341-12ab', additionalMessage: 'Super 👍\u202E', contactRequested: false, reviewMailConsent: false },
      ['a'],
    );
    expect(refused.ok).toBe(false);
    const messages = refused.ok ? {} : Object.fromEntries(Object.entries(refused.errors).map(([field, code]) => [field, fieldErrorText(t, code, { character: 'U+202E' })]));
    expect(messages).toEqual({
      'star.a': 'Bitte wähle eine der fünf Stufen.',
      netPromoterScore: 'Bitte wähle einen Wert von 0 bis 10.',
      contactEmail: 'Bitte gib eine gültige E-Mail-Adresse ein, zum Beispiel name@beispiel.de.',
      contactPhone: 'Bitte gib nur Ziffern ein, gern mit + am Anfang, zum Beispiel 0341 123456.',
      additionalMessage: 'Das Zeichen „U+202E“ können wir nicht annehmen (ein Steuer- oder Formatzeichen, das niemand lesen kann). Bitte lösch es.',
    });
    expect(fieldErrorText(t, 'contactMissing')).toBe('Damit wir uns melden können, gib bitte eine Telefonnummer oder E-Mail-Adresse an.');
  });

  it('have a notice for the codes a page can carry in its address, and none without one', () => {
    const t = getT('de');
    expect(noticeOfCode(t, null)).toBeNull();
    expect(noticeOfCode(t, SurveyErrors.ALREADY_COMPLETED.code)).toBe('Diese Umfrage hast Du schon beantwortet. Hier sind Deine Antworten.');
    expect(noticeOfCode(t, CommonErrors.UPSTREAM_UNAVAILABLE.code)).toContain('Bewertungsplattform ist gerade nicht erreichbar');
    expect(noticeOfCode(t, 'anything')).toBe('Das hat nicht geklappt. Bitte versuch es noch einmal.');
  });
});
