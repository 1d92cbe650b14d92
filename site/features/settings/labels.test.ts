import { describe, expect, it } from 'vitest';
import { AccountErrors } from '~/bff/contracts/account.ts';
import { CommonErrors } from '~/bff/contracts/errors.ts';
import { getT } from '~/site/i18n/index.ts';
import { settingsDoneText, settingsErrorText } from './labels.ts';

const refused = (form: string, code: string) => ({ form, code, fields: {}, params: {} });

describe('settings texts', () => {
  it('words a refused e-mail form as an e-mail problem', () => {
    const t = getT('de');
    expect(settingsErrorText(t, refused('email', CommonErrors.VALIDATION.code))).toBe('Bitte gib eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.');
  });

  it('words the three ways back from the identity provider’s password screen', () => {
    const de = getT('de');
    const en = getT('en');
    expect(settingsDoneText(de, 'PASSWORD_CHANGED')).toBe('Dein Passwort ist geändert. Auf anderen Geräten haben wir Dich abgemeldet.');
    expect(settingsDoneText(de, 'PASSWORD_UNCHANGED')).toBe('Du hast die Änderung abgebrochen. Dein Passwort ist unverändert.');
    expect(settingsErrorText(de, refused('password', AccountErrors.PASSWORD_NOT_CHANGED.code))).toBe('Dein Passwort wurde nicht geändert. Bitte versuche es noch einmal.');
    expect(settingsDoneText(en, 'PASSWORD_UNCHANGED')).toBe('You cancelled the change. Your password is unchanged.');
  });

  it('asks for the deletion word of the page’s language', () => {
    expect(settingsErrorText(getT('de'), refused('delete', AccountErrors.DELETE_CONFIRMATION.code), 'de')).toContain('LÖSCHEN');
    expect(settingsErrorText(getT('en'), refused('delete', AccountErrors.DELETE_CONFIRMATION.code), 'en')).toContain('DELETE');
  });
});
