import { berlinTime, escapeHtml, germanPage } from '../shared/html.ts';
import type { Contact, ReceivedEvent } from './store.ts';

/** German pages of the marketing stand-in: the double opt-in confirmation and the tester's overview (`/marketing/`). */
const e = escapeHtml;
const STATUS = { PENDING: 'wartet auf Bestätigung', SUBSCRIBED: 'angemeldet', UNSUBSCRIBED: 'abgemeldet' } as const;

function page(title: string, body: string): string {
  return germanPage({
    title,
    banner: 'Newsletter-Dienst (Sandbox)',
    theme: { accent: '#4b2a7b', background: '#f4f1fa', width: '60rem' },
    styles: 'button{font-weight:600;padding:.55rem 1.1rem;border-radius:8px;border-width:2px}',
    body,
  });
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
    .map((c) => `<tr><td>${e(c.email)}</td><td>${e(`${c.attributes.FIRSTNAME} ${c.attributes.LASTNAME}`.trim())}</td><td>${STATUS[c.status]}</td><td>${berlinTime(c.updatedAt)}</td></tr>`)
    .join('');
  const eventRows = [...events]
    .reverse()
    .slice(0, 50)
    .map((ev) => `<tr><td>${berlinTime(ev.receivedAt)}</td><td><code>${e(ev.name)}</code></td><td>${e(ev.email)}</td></tr>`)
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
