import { escapeHtml } from '../shared/html.ts';
import type { PasswordlessError } from './sign-in-help-views.ts';
import { layout, type Page } from './views.ts';

/**
 * German pages of the update-password action (Keycloak's `kc_action=UPDATE_PASSWORD`, ./update-password.ts): first
 * proving it is the account's owner (the current password, or for an account without one a code by e-mail), then the
 * new password. Errors sit at their field (role="alert", aria-invalid, aria-describedby); no script.
 */

export type UpdatePasswordError = 'currentMissing' | 'currentWrong' | 'tooShort' | 'tooLong' | 'isEmail' | 'same' | 'mismatch';

/** Which field an error belongs to. */
const FIELD_OF: Record<UpdatePasswordError, 'current' | 'new' | 'repeat'> = {
  currentMissing: 'current',
  currentWrong: 'current',
  tooShort: 'new',
  tooLong: 'new',
  isEmail: 'new',
  same: 'new',
  mismatch: 'repeat',
};

function message(error: UpdatePasswordError, limits: { minLength: number; maxLength: number }): string {
  switch (error) {
    case 'currentMissing':
      return 'Bitte gib Dein aktuelles Passwort ein.';
    case 'currentWrong':
      return 'Dein aktuelles Passwort stimmt nicht.';
    case 'tooShort':
      return `Das neue Passwort ist zu kurz: Es braucht mindestens ${limits.minLength} Zeichen.`;
    case 'tooLong':
      return `Das neue Passwort ist zu lang: Es darf höchstens ${limits.maxLength} Zeichen haben.`;
    case 'isEmail':
      return 'Das neue Passwort darf nicht Deine E-Mail-Adresse sein.';
    case 'same':
      return 'Das neue Passwort ist dasselbe wie das alte. Bitte wähle ein anderes.';
    case 'mismatch':
      return 'Die beiden neuen Passwörter sind nicht gleich.';
  }
}

export interface PasswordFormOptions {
  action: string;
  cancelAction: string;
  /** The account has a password now (change) or not (set one; e.g. it signed in with e-mail codes only). */
  hasPassword: boolean;
  /** Ask for the current password (the last sign-in is older than the realm's max_auth_age). */
  askCurrent: boolean;
  minLength: number;
  maxLength: number;
  error?: UpdatePasswordError | undefined;
  portalOrigin: string;
}

export function passwordFormPage(options: PasswordFormOptions): Page {
  const { error } = options;
  const field = error ? FIELD_OF[error] : undefined;
  const heading = options.hasPassword ? 'Passwort ändern' : 'Passwort festlegen';
  const errorText = error ? message(error, options) : '';
  const alertFor = (name: 'current' | 'new' | 'repeat') =>
    field === name ? `<p id="${name}-error" class="alert" role="alert">${escapeHtml(errorText)}</p>` : '';
  const invalid = (name: 'current' | 'new' | 'repeat', hint?: string) => {
    const described = [field === name ? `${name}-error` : '', hint ?? ''].filter(Boolean).join(' ');
    return `${field === name ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}${field === name ? ' autofocus' : ''}`;
  };
  const current = options.askCurrent
    ? `<div class="field">
<label for="current">Aktuelles Passwort</label>
${alertFor('current')}
<input id="current" name="current" type="password" autocomplete="current-password" required${invalid('current')}${field === undefined ? ' autofocus' : ''}>
</div>`
    : '';
  const body = `<h1>${heading}</h1>
<p class="muted">${
    options.hasPassword
      ? 'Bestätige mit Deinem aktuellen Passwort, dass Du es bist, und wähle ein neues.'
      : 'Bisher meldest Du Dich mit einem Code per E-Mail an. Mit einem Passwort geht es auch ohne Code.'
  } Danach melden wir Dich auf allen anderen Geräten ab.</p>
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${current}
<div class="field">
<label for="new">Neues Passwort</label>
${alertFor('new')}
<input id="new" name="new" type="password" autocomplete="new-password" required minlength="${options.minLength}" maxlength="${options.maxLength}"${invalid('new', 'new-hint')}${!options.askCurrent && field === undefined ? ' autofocus' : ''}>
<p id="new-hint" class="muted">Mindestens ${options.minLength} Zeichen, nicht Deine E-Mail-Adresse.</p>
</div>
<div class="field">
<label for="repeat">Neues Passwort wiederholen</label>
${alertFor('repeat')}
<input id="repeat" name="repeat" type="password" autocomplete="new-password" required maxlength="${options.maxLength}"${invalid('repeat')}>
</div>
<div class="actions">
<button type="submit" class="primary">${heading}</button>
<button type="submit" class="secondary" formaction="${escapeHtml(options.cancelAction)}" formnovalidate>Abbrechen</button>
</div>
</form>`;
  return layout({ title: `${heading} – Kundenportal`, body, portalOrigin: options.portalOrigin });
}

/** Re-authentication of an account without a password: a code to its address first. */
export function reauthCodeRequestPage(options: { action: string; cancelAction: string; maskedEmail: string; portalOrigin: string }): Page {
  const body = `<h1>Bestätige, dass Du es bist</h1>
<p>Bevor Du ein Passwort festlegst, schicken wir Dir einen sechsstelligen Code an <strong>${escapeHtml(options.maskedEmail)}</strong>.</p>
<form method="post" action="${escapeHtml(options.action)}">
<div class="actions">
<button type="submit" class="primary" autofocus>Code senden</button>
<button type="submit" class="secondary" formaction="${escapeHtml(options.cancelAction)}">Abbrechen</button>
</div>
</form>`;
  return layout({ title: 'Bestätige, dass Du es bist – Kundenportal', body, portalOrigin: options.portalOrigin });
}

const CODE_ERRORS: Partial<Record<PasswordlessError, string>> = {
  cooldown: 'Wir haben Dir gerade erst einen Code geschickt. Bitte sieh in Dein Postfach oder versuche es in einer halben Minute noch einmal.',
  codeFormat: 'Der Code hat sechs Ziffern.',
  noCode: 'Es gibt keinen gültigen Code. Bitte fordere einen neuen an.',
  expired: 'Der Code ist abgelaufen (er gilt zehn Minuten). Bitte fordere einen neuen an.',
  tooManyAttempts: 'Du hast den Code zu oft falsch eingegeben. Bitte fordere einen neuen an.',
};

export function reauthCodePage(options: {
  action: string;
  resendAction: string;
  cancelAction: string;
  maskedEmail: string;
  error?: PasswordlessError | undefined;
  attemptsLeft?: number | undefined;
  portalOrigin: string;
}): Page {
  const { error } = options;
  const text =
    error === 'wrongCode'
      ? options.attemptsLeft === 1
        ? 'Der Code stimmt nicht. Du hast noch einen Versuch.'
        : `Der Code stimmt nicht. Du hast noch ${options.attemptsLeft ?? 0} Versuche.`
      : error
        ? (CODE_ERRORS[error] ?? 'Das hat nicht geklappt. Bitte fordere einen neuen Code an.')
        : '';
  const body = `<h1>Code eingeben</h1>
<p class="muted">Wir haben einen Code an <strong>${escapeHtml(options.maskedEmail)}</strong> geschickt. Er gilt zehn Minuten.</p>
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<div class="field">
<label for="code">Code aus der E-Mail</label>
${error ? `<p id="code-error" class="alert" role="alert">${escapeHtml(text)}</p>` : ''}
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="8" pattern="[0-9 ]*" required aria-describedby="${error ? 'code-error ' : ''}code-hint"${error ? ' aria-invalid="true"' : ''} autofocus>
<p id="code-hint" class="muted">Sechs Ziffern.</p>
</div>
<div class="actions">
<button type="submit" class="primary">Bestätigen</button>
<button type="submit" class="secondary" formaction="${escapeHtml(options.cancelAction)}" formnovalidate>Abbrechen</button>
</div>
</form>
<form method="post" action="${escapeHtml(options.resendAction)}">
<div class="actions"><button type="submit" class="secondary">Neuen Code senden</button></div>
</form>`;
  return layout({ title: 'Code eingeben – Kundenportal', body, portalOrigin: options.portalOrigin });
}

/** The account was blocked by the fifth wrong current password: nothing to change now. */
export function blockedDuringChangePage(options: { portalOrigin: string; loginUrl: string; nowBlocked: boolean }): Page {
  const body = `<h1>Konto gesperrt</h1>
<p role="alert">${
    options.nowBlocked
      ? 'Zu viele Fehlversuche: Dein Konto ist jetzt gesperrt, und wir haben Dich überall abgemeldet. Wir haben Dir eine E-Mail geschickt, mit der Du es wieder entsperren kannst.'
      : 'Dein Konto ist gesperrt. Entsperre es über den Link in der E-Mail, die wir Dir geschickt haben.'
  }</p>
<p><a href="${escapeHtml(options.loginUrl)}">Zur Anmeldung</a></p>`;
  return layout({ title: 'Konto gesperrt – Kundenportal', body, portalOrigin: options.portalOrigin });
}
