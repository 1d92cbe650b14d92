import { describe, expect, it } from 'vitest';
import { CommonErrors } from '~/bff/contracts/errors.ts';
import { refusalLocation } from '~/bff/contracts/form-flash.ts';
import { MoneyErrors } from '~/bff/contracts/money.ts';
import { getT } from '../i18n/index.ts';
import { commonRefusalText, formState, refusedFields } from './form-flash.ts';

const page = (address: string, formFlash: { page: string; form: string; values: Record<string, string | string[]> } | null = null) => ({
  locals: { formFlash },
  url: new URL(address, 'http://portal.test'),
});

describe('formState', () => {
  it('gives a refused form its refusal and what was typed, and any other form of the page nothing', () => {
    const address = refusalLocation('/home/app/my-project', { form: 'preferences', code: CommonErrors.VALIDATION.code, fields: { contactPhone: '' }, params: {} });
    const view = page(address, { page: '/home/app/my-project', form: 'preferences', values: { contactPhone: '12', note: 'Hund im Garten', weekdays: ['1', '3'] } });
    const preferences = formState(view, 'preferences');
    expect(preferences.refusal).toEqual({ form: 'preferences', code: CommonErrors.VALIDATION.code, fields: { contactPhone: '' }, params: {} });
    expect([preferences.value('contactPhone', '+49 171 000000'), preferences.value('note'), preferences.values('weekdays', [5])]).toEqual(['12', 'Hund im Garten', ['1', '3']]);
    // A field not sent (no time of day chosen, no checkbox ticked) is empty, never the stored value.
    expect([preferences.value('timeOfDay', 'MORNING'), preferences.values('topics', ['SOLAR'])]).toEqual(['', []]);
    expect([preferences.invalid('contactPhone'), preferences.invalid('note'), preferences.problem('contactPhone')]).toEqual([true, false, '']);

    const action = formState(view, 'action');
    expect([action.refusal, action.typed, action.value('contactPhone', 'stored')]).toEqual([null, null, 'stored']);
  });

  it('shows the stored values when nothing was kept for this page and form', () => {
    const other = formState(page('/home/app/refund', { page: '/home/app/sepa-mandate', form: 'sepa', values: { iban: 'DE89' } }), 'refund');
    expect([other.typed, other.value('iban', 'stored'), other.values('topics', ['SOLAR'])]).toEqual([null, 'stored', ['SOLAR']]);
    expect(formState(page('/home/app/refund', { page: '/home/app/refund', form: 'sepa', values: { iban: 'DE89' } }), 'refund').typed).toBeNull();
  });
});

describe('commonRefusalText and refusedFields', () => {
  it('names the service that is down and says that what was typed is still there, in German and English', () => {
    const down = { form: 'refund', code: CommonErrors.UPSTREAM_UNAVAILABLE.code, fields: {}, params: { service: 'management' } };
    expect(commonRefusalText(getT('de'), down)).toBe(
      'Unsere Projektverwaltung ist gerade nicht erreichbar, darum ist noch nichts gespeichert. Was Du eingegeben hast, steht noch hier: Bitte schick es in ein paar Minuten noch einmal ab.',
    );
    expect(commonRefusalText(getT('en'), { ...down, params: {} })).toContain('A service is not reachable right now');
    expect(commonRefusalText(getT('de'), { ...down, code: MoneyErrors.REFUND_ALREADY_COMPLETED.code })).toBeNull();
  });

  it('lists the refused fields in the form’s order with their labels', () => {
    const fields = [
      { name: 'name', id: 'refund-name', label: 'Kontoinhaber' },
      { name: 'iban', id: 'refund-iban', label: 'IBAN' },
    ];
    expect(refusedFields(fields, { iban: 'Prüfziffer falsch', name: 'Zu kurz', projectId: 'x' })).toEqual([
      { id: 'refund-name', label: 'Kontoinhaber', text: 'Zu kurz' },
      { id: 'refund-iban', label: 'IBAN', text: 'Prüfziffer falsch' },
    ]);
  });
});
