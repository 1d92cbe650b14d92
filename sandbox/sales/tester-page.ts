import { escapeHtml } from '../shared/html.ts';
import { SALES_REPS, type SalesLead } from './store.ts';

const e = escapeHtml;
const time = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'short' });
const STATUS = { NEW: 'neu', CONTACTED: 'kontaktiert', WON: 'gewonnen (Kunde)', LOST: 'verloren' } as const;
const TOPICS: Record<string, string> = { IQ: 'Energiemanagement', SOLAR: 'Photovoltaik', STORAGE: 'Speicher', CHARGE: 'Wallbox', OFFGRID: 'Inselanlage' };

export const TESTER_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const STYLES = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;line-height:1.45;color:#1b1f24;background:#f3f5f8}
body{margin:0}
header{background:#1f4d3a;color:#fff;padding:.75rem 1.5rem}
header p{margin:0;font-weight:600}
main{max-width:76rem;margin:0 auto;padding:1.5rem}
.card{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:1rem 1.25rem;margin-bottom:1rem}
.reps{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(20rem,1fr))}
.rep img{float:left;margin:0 1rem .5rem 0;border-radius:12px}
.rep video{width:100%;margin-top:.5rem;border-radius:8px;background:#000}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid #d0d7de;vertical-align:top;overflow-wrap:anywhere}
form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end;margin:.25rem 0}
label{display:flex;flex-direction:column;font-size:.85rem}
input{font:inherit;padding:.3rem .5rem;border:1px solid #57606a;border-radius:4px;width:8rem}
button{font:inherit;padding:.35rem .8rem;border-radius:4px;border:1px solid #1f4d3a;background:#1f4d3a;color:#fff;cursor:pointer;min-height:40px}
button.secondary{background:#fff;color:#a40e26;border-color:#a40e26}
button:focus-visible,input:focus-visible,a:focus-visible,video:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
.status{border-left:4px solid #1a7f37;background:#effaf1;padding:.6rem 1rem;margin-bottom:1rem}
.status.error{border-color:#a40e26;background:#fff5f5}
.muted{color:#57606a}
`;

const CONTACT = { MAIL: 'E-Mail', PHONE: 'Telefon', WHATSAPP: 'WhatsApp' } as const;

/** The contact details the lead gave in the portal after the funnel, if any. */
function contactOf(lead: SalesLead): string {
  const c = lead.contact;
  if (!c) return '<br><span class="muted">Kontaktdaten im Portal noch nicht ergänzt</span>';
  return `<br>${e(c.address.street)} ${e(c.address.houseNumber)}, ${e(c.address.zip)} ${e(c.address.city)}<br>Rückruf: ${e(c.phone)} · bevorzugt: ${CONTACT[c.preferredContact]}`;
}

function leadRow(lead: SalesLead, nextCustomerNumber: string): string {
  const rep = SALES_REPS.find((r) => r.id === lead.salesRepId);
  const base = `/sales/tester/leads/${encodeURIComponent(lead.id)}`;
  const open = lead.status === 'NEW' || lead.status === 'CONTACTED';
  const actions = open
    ? `<form method="post" action="${base}/won"><label>Kundennummer<input name="customerNumber" inputmode="numeric" pattern="[0-9]{4,12}" value="${e(nextCustomerNumber)}" required></label>
<fieldset><legend>Adresse der Anlage</legend><label>Straße<input name="street" maxlength="100" value="${e(lead.contact?.address.street ?? '')}" required></label><label>Nr.<input name="houseNumber" maxlength="12" size="5" value="${e(lead.contact?.address.houseNumber ?? '')}" required></label><label>PLZ<input name="zip" inputmode="numeric" pattern="[0-9]{5}" size="6" value="${e(lead.contact?.address.zip ?? '')}" required></label><label>Ort<input name="city" maxlength="100" value="${e(lead.contact?.address.city ?? '')}" required></label></fieldset>
<button>Abschluss: wird Kunde</button></form>
<form method="post" action="${base}/lost"><button class="secondary">Verloren</button></form>`
    : `<span class="muted">${lead.customerNumber ? `Kundennummer ${e(lead.customerNumber)}` : '–'}${lead.projectId ? `, Projekt ${lead.projectId}` : ''}</span>`;
  return `<tr id="lead-${e(lead.id)}">
<td>${e(lead.id)}<br><span class="muted">${time.format(new Date(lead.createdAt))}</span></td>
<td>${e(lead.firstName)} ${e(lead.lastName)}<br>${e(lead.email)}<br>${e(lead.phone)}${contactOf(lead)}</td>
<td>${lead.topics.map((t) => e(TOPICS[t] ?? t)).join(', ')}<br><span class="muted">Quelle ${e(lead.leadsourceId)}</span></td>
<td>${e(rep?.name ?? lead.salesRepId)}</td>
<td>${STATUS[lead.status]}</td>
<td>${actions}</td>
</tr>`;
}

/** The sales team's German page for testers (`/sales/`): leads with their data and state, the representatives with photo and video. */
export function testerPage(leads: SalesLead[], message: { text: string; error: boolean } | null, nextCustomerNumber: string): string {
  const reps = SALES_REPS.map(
    (rep) => `<section class="card rep" aria-labelledby="rep-${e(rep.id)}">
<img src="/sales/tester/reps/${e(rep.id)}/photo" width="96" height="96" alt="Foto von ${e(rep.name)}">
<h3 id="rep-${e(rep.id)}">${e(rep.name)}</h3>
<p>${e(rep.region)}<br>Telefon ${e(rep.phone)} · WhatsApp ${e(rep.whatsapp)}<br>${e(rep.email)}</p>
<video controls preload="none" width="640" height="360" aria-label="Vorstellungsvideo von ${e(rep.name)}">
<source src="/sales/tester/files/${e(rep.videoFileUuid)}" type="video/mp4">
<track kind="captions" srclang="de" label="Deutsch" src="/sales/tester/files/${e(rep.videoFileUuid)}/captions.vtt" default>
</video>
</section>`,
  ).join('');
  const rows = leads.map((lead) => leadRow(lead, nextCustomerNumber)).join('');
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>Vertrieb – Leads (Sandbox)</title>
<style>${STYLES}</style>
</head>
<body>
<header><p>Vertriebssystem des Installateurs (Sandbox)</p></header>
<main>
<h1>Leads aus dem Angebots-Funnel</h1>
<p>Hier spielst Du den Vertrieb: Jeder Interessent, der seine Handynummer bestätigt hat, landet hier mit seinen Angaben. „Abschluss“ legt das Projekt mit den Daten des Leads in der Projektverwaltung an und meldet dem Portal, dass der Lead Kunde geworden ist (Ereignis <code>lead.won</code> an <code>/api/funnel/events</code>); bei seiner nächsten Anmeldung wird er dort zum Kunden und sieht sein Projekt.</p>
${message ? `<p class="status${message.error ? ' error' : ''}" role="${message.error ? 'alert' : 'status'}">${e(message.text)}</p>` : ''}
<h2>Leads</h2>
${leads.length === 0 ? '<p class="card">Noch keine Leads. Öffne im Portal <code>/angebot</code> und bestätige eine Handynummer.</p>' : `<table><caption class="muted" style="text-align:left">Neueste zuerst</caption><thead><tr><th scope="col">Lead</th><th scope="col">Kontakt</th><th scope="col">Interesse</th><th scope="col">Betreut von</th><th scope="col">Status</th><th scope="col">Aktion</th></tr></thead><tbody>${rows}</tbody></table>`}
<h2>Vertriebsmitarbeiter</h2>
<div class="reps">${reps}</div>
</main>
</body>
</html>`;
}
