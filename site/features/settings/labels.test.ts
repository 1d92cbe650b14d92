import { describe, expect, it } from 'vitest';
import { getT } from '../../i18n/index.ts';
import { settingsErrorText } from './labels.ts';

describe('settings error texts', () => {
  it('words a refused password form as a password problem, a refused e-mail form as an e-mail problem', () => {
    const t = getT('de');
    expect(settingsErrorText(t, 'VALIDATION', new URLSearchParams('section=password&error=VALIDATION'))).toBe('Bitte gib Dein aktuelles Passwort ein.');
    expect(settingsErrorText(t, 'VALIDATION', new URLSearchParams('section=email&error=VALIDATION'))).toBe('Bitte gib eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.');
    expect(settingsErrorText(getT('en'), 'VALIDATION', new URLSearchParams('section=password'))).toBe('Please enter your current password.');
  });
});
