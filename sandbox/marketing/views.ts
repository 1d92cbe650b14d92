import { escapeHtml } from '../shared/html.ts';
import type { Contact, ReceivedEvent } from './store.ts';

/** German pages of the marketing stand-in: the double opt-in confirmation and the tester's overview (`/marketing/`). */
const e = escapeHtml;
const time = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'short' });
const STATUS = { PENDING: 'wartet auf Bestätigung', SUBSCRIBED: 'angemeldet', UNSUBSCRIBED: 'abgemeldet' } as const;

export const MARKETING_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const STYLES = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;line-height:1.5;color:#1b1f24;background:#f4f1fa}
body{margin:0}
header{background:#4b2a7b;color:#fff;padding:.75rem 1.5rem}
header p{margin:0;font-weight:600}
main{max-width:60rem;margin:0 auto;padding:1.5rem}
.card{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:1rem 1.25rem;margin-bottom:1rem}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #d0d7de;font-size:.95rem}
button{font:inherit;font-weight:600;padding:.55rem 1.1rem;border-radius:8px;border:2px solid #4b2a7b;background:#4b2a7b;color:#fff;cursor:pointer}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.muted{color:#4d5762}
`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="de">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${e(title)}</title><style>${STYLES}</style></head>
<body><header><p>Newsletter-Dienst (Sandbox)</p></header><main>${body}</main></body></html>`;
}

export function optInPage(options: { token: string; contact: Contact | undefined; action: string }): string {
  if (!options.contact) {
    return page(
      'Link ungültig – Newsletter',
      `<div class="card"><h1>Link ungültig</h1><p>Dieser Bestätigungslink ist abgelaufen oder wurde schon benutzt. Du kannst den Newsletter im Kundenportal jederzeit neu bestellen.</p></div>`,
    );
  }
  return page(
    'Newsletter bestätigen',
    `<div class="card"><h1>Newsletter bestätigen</h1>
<p>Bitte bestätige, dass Du den Newsletter an <strong>${e(options.contact.email)}</strong> bekommen möchtest. Abmelden kannst Du Dich jederzeit im Kundenportal oder über den Link in jedem Newsletter.</p>
<form method="post" action="${e(options.action)}"><input type="hidden" name="token" value="${e(options.token)}"><button type="submit">Anmeldung bestätigen</button></form></div>`,
  );
}

export function optInDonePage(contact: Contact): string {
  return page('Newsletter bestätigt', `<div class="card"><h1>Danke!</h1><p>${e(contact.email)} bekommt ab jetzt unseren Newsletter.</p></div>`);
}

export function testerPage(contacts: readonly Contact[], events: readonly ReceivedEvent[]): string {
  const rows = contacts
    .map((c) => `<tr><td>${e(c.email)}</td><td>${e(`${c.attributes.FIRSTNAME} ${c.attributes.LASTNAME}`.trim())}</td><td>${STATUS[c.status]}</td><td>${time.format(new Date(c.updatedAt))}</td></tr>`)
    .join('');
  const eventRows = [...events]
    .reverse()
    .slice(0, 50)
    .map((ev) => `<tr><td>${time.format(new Date(ev.receivedAt))}</td><td><code>${e(ev.name)}</code></td><td>${e(ev.email)}</td></tr>`)
    .join('');
  return page(
    'Newsletter-Dienst – Kontakte',
    `<h1>Kontakte und Ereignisse</h1>
<p class="muted">So sieht der Newsletter-Dienst die Anmeldungen aus dem Kundenportal. Die Bestätigungsmails (Double-Opt-in) landen im <a href="/mailbox">Postfach</a>.</p>
<section class="card" aria-labelledby="kontakte"><h2 id="kontakte">Kontakte</h2>
${contacts.length ? `<table><thead><tr><th scope="col">E-Mail</th><th scope="col">Name</th><th scope="col">Status</th><th scope="col">Geändert</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>Noch keine Kontakte.</p>'}</section>
<section class="card" aria-labelledby="ereignisse"><h2 id="ereignisse">Letzte Ereignisse</h2>
${events.length ? `<table><thead><tr><th scope="col">Zeit</th><th scope="col">Ereignis</th><th scope="col">E-Mail</th></tr></thead><tbody>${eventRows}</tbody></table>` : '<p>Noch keine Ereignisse.</p>'}</section>`,
  );
}
