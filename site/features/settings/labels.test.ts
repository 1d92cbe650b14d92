import { describe, expect, it } from 'vitest';
import { getT } from '../../i18n/index.ts';
import { settingsErrorText } from './labels.ts';

describe('settings error texts', () => {
  it('words a refused password form as a password problem, a refused e-mail form as an e-mail problem', () => {
    const t = getT('de');
    const refused = (form: string) => ({ form, code: 'VALIDATION', fields: {}, params: {} });
    expect(settingsErrorText(t, refused('password'))).toBe('Bitte gib Dein aktuelles Passwort ein.');
    expect(settingsErrorText(t, refused('email'))).toBe('Bitte gib eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.');
    expect(settingsErrorText(getT('en'), refused('password'))).toBe('Please enter your current password.');
  });
});
