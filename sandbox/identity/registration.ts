import { escapeHtml } from '../shared/html.ts';
import { layout, type Page } from './views.ts';

/**
 * The account creation screen of the sandbox identity provider (`prompt=create`, OpenID Connect Prompt Create 1.0),
 * e.g. reached from the portal's invitation mail. German, plain form, no script.
 */

export interface RegistrationInput {
  givenName: string;
  familyName: string;
  email: string;
  password: string;
  privacy: boolean;
}

export type RegistrationField = 'givenName' | 'familyName' | 'email' | 'password' | 'privacy';

/** At least this many characters; the provider's whole password rule (NIST SP 800-63B: length, no composition rules). */
const MIN_PASSWORD_LENGTH = 10;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Field errors in German, in the order of the form; empty when the input can become an account. */
export function validateRegistration(input: RegistrationInput): Partial<Record<RegistrationField, string>> {
  const errors: Partial<Record<RegistrationField, string>> = {};
  if (input.givenName.trim() === '') errors.givenName = 'Bitte gib Deinen Vornamen ein.';
  else if (input.givenName.trim().length > 100) errors.givenName = 'Der Vorname darf höchstens 100 Zeichen lang sein.';
  if (input.familyName.trim() === '') errors.familyName = 'Bitte gib Deinen Nachnamen ein.';
  else if (input.familyName.trim().length > 100) errors.familyName = 'Der Nachname darf höchstens 100 Zeichen lang sein.';
  const email = input.email.trim();
  if (email === '') errors.email = 'Bitte gib Deine E-Mail-Adresse ein.';
  else if (!EMAIL.test(email) || email.length > 254) errors.email = 'Das sieht nicht wie eine E-Mail-Adresse aus, z. B. name@beispiel.de.';
  if (input.password.length < MIN_PASSWORD_LENGTH) errors.password = `Dein Passwort braucht mindestens ${MIN_PASSWORD_LENGTH} Zeichen.`;
  else if (input.password.length > 200) errors.password = 'Dein Passwort darf höchstens 200 Zeichen lang sein.';
  else if (email !== '' && input.password.toLowerCase().includes(email.toLowerCase().split('@')[0] ?? '\u0000'))
    errors.password = 'Dein Passwort darf Deine E-Mail-Adresse nicht enthalten.';
  if (!input.privacy) errors.privacy = 'Bitte bestätige, dass Du die Datenschutzerklärung gelesen hast.';
  return errors;
}

export interface RegistrationPageOptions {
  action: string;
  abortAction: string;
  /** The same interaction's login form (for someone who has an account already). */
  loginHref: string;
  privacyPolicyUrl: string;
  values: Partial<Omit<RegistrationInput, 'password' | 'privacy'>>;
  errors?: Partial<Record<RegistrationField, string>>;
  /** A form-level message (e.g. the address has an account already). */
  notice?: string;
  portalOrigin: string;
}

export function registrationPage(options: RegistrationPageOptions): Page {
  const errors = options.errors ?? {};
  const firstError = (['givenName', 'familyName', 'email', 'password', 'privacy'] as const).find((f) => errors[f]);
  const summary =
    options.notice || firstError
      ? `<div class="alert" role="alert">${escapeHtml(options.notice ?? 'Bitte prüf die markierten Felder.')}</div>`
      : '';
  const input = (name: 'givenName' | 'familyName' | 'email', label: string, attrs: string) => {
    const error = errors[name];
    return `<div class="field">
<label for="${name}">${label}</label>
<input id="${name}" name="${name}" ${attrs} required value="${escapeHtml(options.values[name] ?? '')}"${error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''}${firstError === name ? ' autofocus' : ''}>
${error ? `<p id="${name}-error" class="field-error">${escapeHtml(error)}</p>` : ''}
</div>`;
  };
  const passwordError = errors.password;
  const privacyError = errors.privacy;
  const body = `<h1>Konto erstellen</h1>
<p class="muted">Mit Deinem Konto siehst Du im Kundenportal, wie es mit Deiner Anlage weitergeht.</p>
${summary}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${input('givenName', 'Vorname', 'type="text" autocomplete="given-name"' + (firstError === undefined && !options.values.givenName ? ' autofocus' : ''))}
${input('familyName', 'Nachname', 'type="text" autocomplete="family-name"')}
${input('email', 'E-Mail-Adresse', 'type="email" autocomplete="email" inputmode="email" spellcheck="false" autocapitalize="none"')}
<div class="field">
<label for="password">Passwort</label>
<p id="password-hint" class="muted">Mindestens ${MIN_PASSWORD_LENGTH} Zeichen. Ein Satz aus mehreren Wörtern ist leicht zu merken und schwer zu erraten.</p>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" aria-describedby="password-hint${passwordError ? ' password-error' : ''}"${passwordError ? ' aria-invalid="true"' : ''}${firstError === 'password' ? ' autofocus' : ''}>
${passwordError ? `<p id="password-error" class="field-error">${escapeHtml(passwordError)}</p>` : ''}
</div>
<div class="field check">
<input id="privacy" name="privacy" type="checkbox" value="yes" required${privacyError ? ' aria-invalid="true" aria-describedby="privacy-error"' : ''}${firstError === 'privacy' ? ' autofocus' : ''}>
<label for="privacy">Ich habe die <a href="${escapeHtml(options.privacyPolicyUrl)}" target="_blank" rel="noopener">Datenschutzerklärung</a> gelesen.</label>
${privacyError ? `<p id="privacy-error" class="field-error">${escapeHtml(privacyError)}</p>` : ''}
</div>
<div class="actions">
<button type="submit" class="primary">Konto erstellen</button>
<button type="submit" class="secondary" formaction="${escapeHtml(options.abortAction)}" formnovalidate>Abbrechen</button>
</div>
</form>
<p class="switch">Du hast schon ein Konto? <a href="${escapeHtml(options.loginHref)}">Anmelden</a></p>`;
  return layout({ title: 'Konto erstellen – Kundenportal', body, portalOrigin: options.portalOrigin });
}
