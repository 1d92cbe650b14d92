import { berlinTime, escapeHtml, germanPage, notice, postButton, type PageMessage } from '../shared/html.ts';
import { SALES_REPS, type SalesLead } from './store.ts';

const e = escapeHtml;
const STATUS = { NEW: 'neu', CONTACTED: 'kontaktiert', WON: 'gewonnen (Kunde)', LOST: 'verloren' } as const;
const TOPICS: Record<string, string> = { IQ: 'Energiemanagement', SOLAR: 'Photovoltaik', STORAGE: 'Speicher', CHARGE: 'Wallbox', OFFGRID: 'Inselanlage' };

/** The page shows the representatives' photos and videos (served by this stand-in). */
export const TESTER_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; media-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** Only what the representatives' cards and the narrow inputs need beyond the shell. */
const STYLES = `
.reps{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(20rem,1fr))}
.rep img{float:left;margin:0 1rem .5rem 0;border-radius:12px}
.rep video{width:100%;margin-top:.5rem;border-radius:8px;background:#000}
label{font-size:.85rem}
input{width:8rem}
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
${postButton(`${base}/lost`, 'Verloren', { variant: 'danger' })}`
    : `<span class="muted">${lead.customerNumber ? `Kundennummer ${e(lead.customerNumber)}` : '–'}${lead.projectId ? `, Projekt ${lead.projectId}` : ''}</span>`;
  return `<tr id="lead-${e(lead.id)}">
<td>${e(lead.id)}<br><span class="muted">${berlinTime(lead.createdAt)}</span></td>
<td>${e(lead.firstName)} ${e(lead.lastName)}<br>${e(lead.email)}<br>${e(lead.phone)}${contactOf(lead)}</td>
<td>${lead.topics.map((t) => e(TOPICS[t] ?? t)).join(', ')}<br><span class="muted">Quelle ${e(lead.leadsourceId)}</span></td>
<td>${e(rep?.name ?? lead.salesRepId)}</td>
<td>${STATUS[lead.status]}</td>
<td>${actions}</td>
</tr>`;
}

/** The sales team's German page for testers (`/sales/`): leads with their data and state, the representatives with photo and video. */
export function testerPage(leads: SalesLead[], message: PageMessage | null, nextCustomerNumber: string): string {
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
  return germanPage({
    title: 'Vertrieb – Leads (Sandbox)',
    banner: 'Vertriebssystem des Installateurs (Sandbox)',
    theme: { accent: '#1f4d3a', width: '76rem' },
    styles: STYLES,
    body: `<h1>Leads aus dem Angebots-Funnel</h1>
<p>Hier spielst Du den Vertrieb: Jeder Interessent, der seine Handynummer bestätigt hat, landet hier mit seinen Angaben. „Abschluss“ legt das Projekt mit den Daten des Leads in der Projektverwaltung an und meldet dem Portal, dass der Lead Kunde geworden ist (Ereignis <code>lead.won</code> an <code>/api/funnel/events</code>); bei seiner nächsten Anmeldung wird er dort zum Kunden und sieht sein Projekt.</p>
${notice(message)}
<h2>Leads</h2>
${leads.length === 0 ? '<p class="card">Noch keine Leads. Öffne im Portal <code>/angebot</code> und bestätige eine Handynummer.</p>' : `<table><caption class="muted" style="text-align:left">Neueste zuerst</caption><thead><tr><th scope="col">Lead</th><th scope="col">Kontakt</th><th scope="col">Interesse</th><th scope="col">Betreut von</th><th scope="col">Status</th><th scope="col">Aktion</th></tr></thead><tbody>${rows}</tbody></table>`}
<h2>Vertriebsmitarbeiter</h2>
<div class="reps">${reps}</div>`,
  });
}
