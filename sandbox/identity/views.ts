import { createHash } from 'node:crypto';
import { escapeHtml, germanPage } from '../shared/html.ts';

/**
 * German pages of the sandbox identity provider: login, logout, post-logout and error.
 * Everything is inline (no fonts, no CDN) and checked against WCAG 2.1 AA by hand: colour pairs >= 4.5:1,
 * labelled inputs, one <main>, lang="de", visible focus (security.md, accessibility).
 */

/** The login's card layout on top of the shell: one centred card, large fields and buttons, errors at the field. */
const STYLES = `
body{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1.5rem}
main{width:100%;background:#fff;border:1px solid #d0d7de;border-radius:12px;box-shadow:0 6px 24px rgba(27,31,36,.08);padding:2rem}
.brand{margin:0 0 1.25rem;display:flex;align-items:center;gap:.5rem;font-weight:600;color:#0b6e4f}
.brand svg{flex:none}
h1{font-size:1.625rem;line-height:1.25;margin:0 0 .5rem}
p{margin:0 0 1rem}
.field{margin:0 0 1rem}
form{display:block;margin:0}
label{display:block;font-weight:600;margin:0 0 .25rem;font-size:1rem}
input{display:block;width:100%;color:#1b1f24;background:#fff;border-color:#6b7580;border-radius:8px;padding:.625rem .75rem}
input[aria-invalid="true"]{border-color:#a32020;border-width:2px}
.alert{margin:0 0 1rem;padding:.75rem 1rem;border-radius:8px;background:#fdecec;color:#9b1c1c;border:1px solid #e3a3a3;font-weight:600}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
button,.button{font:inherit;font-weight:600;border-radius:8px;padding:.625rem 1.25rem;cursor:pointer;text-decoration:none;display:inline-block;text-align:center;min-height:0}
.primary{background:#0b6e4f;color:#fff;border:2px solid #0b6e4f;flex:1 1 auto}
.primary:hover{background:#095a40;border-color:#095a40}
.secondary{background:#fff;color:#0b6e4f;border:2px solid #0b6e4f}
.secondary:hover{background:#eef7f3}
.alternative{margin:1.25rem 0 0}
details{margin-top:1.5rem;border-top:1px solid #d0d7de;padding-top:1rem;color:#4d5762}
summary{cursor:pointer;font-weight:600}
details ul{padding-left:1.25rem;margin:.5rem 0}
.field-error{margin:.25rem 0 0;color:#a32020;font-weight:600}
.check{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-start}
.check input{width:auto;margin:.3rem 0 0}
.check label{flex:1;font-weight:400}
.check .field-error{flex-basis:100%}
.switch{margin:1.25rem 0 0}
code{word-break:break-all}
`;

const LOGO = `<svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false"><circle cx="14" cy="14" r="6" fill="#0b6e4f"/><g stroke="#0b6e4f" stroke-width="2.5" stroke-linecap="round"><path d="M14 1.5v3.5M14 23v3.5M1.5 14H5M23 14h3.5M5.2 5.2l2.4 2.4M20.4 20.4l2.4 2.4M5.2 22.8l2.4-2.4M20.4 7.6l2.4-2.4"/></g></svg>`;

export interface Page {
  html: string;
  /** Content-Security-Policy for the page; allows exactly the page's own inline script, if any. */
  csp: string;
}

function sha256Source(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

/**
 * Forms post to the sandbox itself and are then redirected to the portal; Chrome applies form-action to those
 * redirects, so the portal's origin is allowed too.
 */
function contentSecurityPolicy(portalOrigin: string, script?: string): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    // The shell's empty icon (sandbox/shared/html.ts).
    "img-src data:",
    script ? `script-src ${sha256Source(script)}` : undefined,
    `form-action 'self' ${portalOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ]
    .filter(Boolean)
    .join('; ');
}

export function layout(options: { title: string; body: string; portalOrigin: string; script?: string }): Page {
  const html = germanPage({
    title: options.title,
    theme: { accent: '#0b6e4f', background: '#eef2f5', width: '26rem' },
    styles: STYLES,
    body: `<p class="brand">${LOGO}<span>Kundenportal</span></p>\n${options.body}`,
    ...(options.script ? { end: `<script>${options.script}</script>\n` } : {}),
  });
  return { html, csp: contentSecurityPolicy(options.portalOrigin, options.script) };
}

export type LoginError = 'invalidCredentials' | 'missingFields' | 'nowBlocked' | 'blocked' | 'disabled';

const LOGIN_ERRORS: Record<LoginError, string> = {
  invalidCredentials: 'E-Mail-Adresse oder Passwort ist falsch.',
  missingFields: 'Bitte gib Deine E-Mail-Adresse und Dein Passwort ein.',
  nowBlocked: 'Zu viele Fehlversuche: Dein Konto ist jetzt gesperrt. Wir haben Dir eine E-Mail geschickt, mit der Du es wieder entsperren kannst.',
  blocked: 'Dein Konto ist nach zu vielen Fehlversuchen gesperrt. Entsperre es über den Link in der E-Mail, die wir Dir geschickt haben.',
  disabled: 'Dein Konto ist gesperrt. Bitte wende Dich an unseren Kundenservice.',
};

export interface LoginPageOptions {
  loginAction: string;
  abortAction: string;
  email: string;
  error?: LoginError;
  portalOrigin: string;
  demoAccounts: readonly { email: string; name: string }[];
  demoPassword: string;
  /** The passwordless alternative (sandbox/identity/passwordless.ts). */
  passwordlessAction?: string;
}

export function loginPage(options: LoginPageOptions): Page {
  const { error } = options;
  const invalid = error ? ' aria-invalid="true" aria-describedby="login-error"' : '';
  const focusPassword = options.email !== '' && error !== undefined;
  const alert = error
    ? `<div id="login-error" class="alert" role="alert">${escapeHtml(LOGIN_ERRORS[error])}</div>`
    : '';
  const demo = options.demoAccounts
    .map((a) => `<li>${escapeHtml(a.name)}: <code>${escapeHtml(a.email)}</code></li>`)
    .join('');
  const body = `<h1>Anmelden</h1>
<p class="muted">Melde Dich mit Deiner E-Mail-Adresse und Deinem Passwort an.</p>
${alert}
<form method="post" action="${escapeHtml(options.loginAction)}" novalidate>
<div class="field">
<label for="email">E-Mail-Adresse</label>
<input id="email" name="email" type="email" autocomplete="username" inputmode="email" spellcheck="false" autocapitalize="none" required value="${escapeHtml(options.email)}"${invalid}${focusPassword ? '' : ' autofocus'}>
</div>
<div class="field">
<label for="password">Passwort</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${focusPassword ? ' autofocus' : ''}>
</div>
<div class="actions">
<button type="submit" class="primary">Anmelden</button>
<button type="submit" class="secondary" formaction="${escapeHtml(options.abortAction)}" formnovalidate>Abbrechen</button>
</div>
</form>
${options.passwordlessAction ? `<p class="alternative"><a href="${escapeHtml(options.passwordlessAction)}">Ohne Passwort anmelden: Code per E-Mail</a></p>` : ''}
<details>
<summary>Demo-Zugänge (nur Sandbox)</summary>
<ul>${demo}</ul>
<p>Passwort für alle: <code>${escapeHtml(options.demoPassword)}</code></p>
</details>`;
  return layout({ title: 'Anmelden – Kundenportal', body, portalOrigin: options.portalOrigin });
}

const LOGOUT_FORM_ID = 'op.logoutForm';
// Submits the provider's logout form as soon as the page is parsed; the button below is the no-JS fallback.
const AUTO_SUBMIT = `document.getElementById(${JSON.stringify(LOGOUT_FORM_ID)}).submit();`;

/**
 * RP-initiated logout. `form` is oidc-provider's `<form id="op.logoutForm">` with its xsrf field; the hidden
 * `logout=yes` ends the whole provider session, not only the portal's grant.
 */
export function logoutPage(options: { form: string; autoSubmit: boolean; portalOrigin: string }): Page {
  const body = `<h1>Abmelden</h1>
<p>${options.autoSubmit ? 'Du wirst abgemeldet …' : 'Möchtest Du Dich abmelden?'}</p>
${options.form}
<input type="hidden" name="logout" value="yes" form="${LOGOUT_FORM_ID}">
<div class="actions">
<button type="submit" class="primary" form="${LOGOUT_FORM_ID}"${options.autoSubmit ? '' : ' autofocus'}>Abmelden</button>
</div>`;
  return layout({
    title: 'Abmelden – Kundenportal',
    body,
    portalOrigin: options.portalOrigin,
    script: options.autoSubmit ? AUTO_SUBMIT : undefined,
  });
}

export function loggedOutPage(options: { portalUrl: string; portalOrigin: string }): Page {
  const body = `<h1>Du bist abgemeldet.</h1>
<p class="muted">Du kannst dieses Fenster jetzt schließen.</p>
<p><a href="${escapeHtml(options.portalUrl)}">Zurück zum Kundenportal</a></p>`;
  return layout({ title: 'Abgemeldet – Kundenportal', body, portalOrigin: options.portalOrigin });
}

export function errorPage(options: {
  heading: string;
  message: string;
  detail?: string;
  link: { href: string; label: string };
  portalOrigin: string;
}): Page {
  const detail = options.detail
    ? `<p class="muted">Technische Details: <code>${escapeHtml(options.detail)}</code></p>`
    : '';
  const body = `<h1>${escapeHtml(options.heading)}</h1>
<p>${escapeHtml(options.message)}</p>
${detail}
<p><a href="${escapeHtml(options.link.href)}">${escapeHtml(options.link.label)}</a></p>`;
  return layout({ title: `${options.heading} – Kundenportal`, body, portalOrigin: options.portalOrigin });
}
