import { escapeHtml } from '../shared/html.ts';
import { layout, type Page } from './views.ts';

/**
 * German pages of the sign-in help (passwordless code, unblocking), in the login page's layout: labelled inputs,
 * errors as role="alert" tied to their field, no script.
 */

export type PasswordlessError = 'invalidEmail' | 'blocked' | 'cooldown' | 'codeFormat' | 'noCode' | 'expired' | 'wrongCode' | 'tooManyAttempts';

function passwordlessMessage(error: PasswordlessError, attemptsLeft?: number): string {
  switch (error) {
    case 'invalidEmail':
      return 'Bitte gib eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.';
    case 'blocked':
      return 'Dein Konto ist gesperrt. Entsperre es über den Link in der E-Mail, die wir Dir geschickt haben.';
    case 'cooldown':
      return 'Wir haben Dir gerade erst einen Code geschickt. Bitte sieh in Dein Postfach oder versuche es in einer halben Minute noch einmal.';
    case 'codeFormat':
      return 'Der Code hat sechs Ziffern.';
    case 'noCode':
      return 'Für diese Adresse gibt es keinen gültigen Code. Bitte fordere einen neuen an.';
    case 'expired':
      return 'Der Code ist abgelaufen (er gilt zehn Minuten). Bitte fordere einen neuen an.';
    case 'tooManyAttempts':
      return 'Du hast den Code zu oft falsch eingegeben. Bitte fordere einen neuen an.';
    case 'wrongCode':
      return attemptsLeft === 1 ? 'Der Code stimmt nicht. Du hast noch einen Versuch.' : `Der Code stimmt nicht. Du hast noch ${attemptsLeft ?? 0} Versuche.`;
  }
}

const alert = (id: string, message: string) => `<div id="${id}" class="alert" role="alert">${escapeHtml(message)}</div>`;

export function passwordlessEmailPage(options: { action: string; passwordLogin: string; email: string; error?: PasswordlessError | undefined; portalOrigin: string }): Page {
  const invalid = options.error ? ' aria-invalid="true" aria-describedby="passwordless-error"' : '';
  const body = `<h1>Mit Code anmelden</h1>
<p class="muted">Wir schicken Dir einen sechsstelligen Code an Deine E-Mail-Adresse. Damit meldest Du Dich ohne Passwort an.</p>
${options.error ? alert('passwordless-error', passwordlessMessage(options.error)) : ''}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<div class="field">
<label for="email">E-Mail-Adresse</label>
<input id="email" name="email" type="email" autocomplete="username" inputmode="email" spellcheck="false" autocapitalize="none" required value="${escapeHtml(options.email)}"${invalid} autofocus>
</div>
<div class="actions">
<button type="submit" class="primary">Code senden</button>
</div>
</form>
<p class="alternative"><a href="${escapeHtml(options.passwordLogin)}">Zurück zur Anmeldung mit Passwort</a></p>`;
  return layout({ title: 'Mit Code anmelden – Kundenportal', body, portalOrigin: options.portalOrigin });
}

export function passwordlessCodePage(options: {
  action: string;
  resendAction: string;
  passwordLogin: string;
  email: string;
  error?: PasswordlessError | undefined;
  attemptsLeft?: number | undefined;
  portalOrigin: string;
}): Page {
  const codeError = options.error && options.error !== 'cooldown';
  const invalid = codeError ? ' aria-invalid="true" aria-describedby="code-error"' : ' aria-describedby="code-hint"';
  const body = `<h1>Code eingeben</h1>
<p class="muted">Wenn zu <strong>${escapeHtml(options.email)}</strong> ein Konto gehört, haben wir einen Code dorthin geschickt. Er gilt zehn Minuten.</p>
${options.error ? alert('code-error', passwordlessMessage(options.error, options.attemptsLeft)) : ''}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<input type="hidden" name="email" value="${escapeHtml(options.email)}">
<div class="field">
<label for="code">Code aus der E-Mail</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="8" pattern="[0-9 ]*" required${invalid} autofocus>
<p id="code-hint" class="muted">Sechs Ziffern.</p>
</div>
<div class="actions">
<button type="submit" class="primary">Anmelden</button>
</div>
</form>
<form method="post" action="${escapeHtml(options.resendAction)}">
<input type="hidden" name="email" value="${escapeHtml(options.email)}">
<div class="actions"><button type="submit" class="secondary">Neuen Code senden</button></div>
</form>
<p class="alternative"><a href="${escapeHtml(options.passwordLogin)}">Zurück zur Anmeldung mit Passwort</a></p>`;
  return layout({ title: 'Code eingeben – Kundenportal', body, portalOrigin: options.portalOrigin });
}

/** The page behind the mailed unblock link: a button, so that mail scanners opening links unblock nothing. */
export function unblockPage(options: { action: string; token: string; valid: boolean; portalOrigin: string; loginUrl: string }): Page {
  const body = options.valid
    ? `<h1>Konto entsperren</h1>
<p>Dein Konto wurde nach zu vielen falschen Passwörtern gesperrt. Wenn Du das warst, entsperre es hier und melde Dich wieder an.</p>
<p class="muted">Warst Du es nicht? Dann entsperre es trotzdem und ändere danach im Kundenportal Dein Passwort.</p>
<form method="post" action="${escapeHtml(options.action)}">
<input type="hidden" name="token" value="${escapeHtml(options.token)}">
<div class="actions"><button type="submit" class="primary">Konto entsperren</button></div>
</form>`
    : `<h1>Link ungültig</h1>
<p>Dieser Link ist abgelaufen oder wurde schon benutzt. Bei der nächsten gesperrten Anmeldung schicken wir Dir einen neuen.</p>
<p><a href="${escapeHtml(options.loginUrl)}">Zur Anmeldung</a></p>`;
  return layout({ title: `${options.valid ? 'Konto entsperren' : 'Link ungültig'} – Kundenportal`, body, portalOrigin: options.portalOrigin });
}

export function unblockedPage(options: { portalOrigin: string; loginUrl: string }): Page {
  const body = `<h1>Dein Konto ist entsperrt</h1>
<p>Du kannst Dich wieder anmelden.</p>
<p><a href="${escapeHtml(options.loginUrl)}">Zur Anmeldung</a></p>`;
  return layout({ title: 'Konto entsperrt – Kundenportal', body, portalOrigin: options.portalOrigin });
}
