import { escapeHtml, germanPage, notice, optionsOf, postButton, type PageMessage } from '../shared/html.ts';
import { berlinDay, type AfterCommissioningStep, type GridState, type Journey, type JourneyStep } from './journey.ts';
import type { DirectDebit, Referral, Refund } from './money.ts';
import type { VendorProject } from './store.ts';

/** What the page shows of a project's money (docs/money.md): refund, direct debit, referrals. */
export interface ProjectMoney {
  refund: Refund | null;
  directDebit: DirectDebit | null;
  referrals: Referral[];
}

/**
 * The back office's page for testers (`/management/`): every project with its steps, grid operator and MaStR, and
 * buttons that play the installer, the grid operator and the meter operator. German, plain forms, no JavaScript.
 */

const STEP_NAMES: Record<JourneyStep, string> = {
  OFFER_CONFIRMATION: 'Auftragsbestätigung',
  POWER_OF_ATTORNEY: 'Vollmacht Netzbetreiber',
  POWER_OF_ATTORNEY_MASTR: 'Vollmacht Marktstammdatenregister',
  PLANNING_CONCLUSION: 'Abschluss Planung',
  DELIVERY: 'Lieferung',
  DC: 'DC-Montage (Dach)',
  AC: 'AC-Montage (Elektrik)',
  ASSEMBLY_CONCLUSION: 'Abschluss Montage',
};
const STATUS_NAMES = { DONE: 'erledigt', SKIPPED: 'übersprungen', ACTIVE: 'aktiv', UPCOMING: 'offen' } as const;
const WAITING_NAMES = { CUSTOMER: 'Kunde', INSTALLER: 'Installateur', GRID_OPERATOR: 'Netzbetreiber', METER_OPERATOR: 'Messstellenbetreiber' } as const;
const GRID_NAMES: Record<GridState, string> = {
  NOT_STARTED: 'noch kein Antrag',
  REQUEST_SENT: 'Anschlussbegehren gestellt',
  INFORMATION_REQUESTED: 'Unterlagen nachgefordert',
  GRID_CHECK_RESULT: 'Ergebnis der Netzverträglichkeitsprüfung',
  CONNECTION_APPROVED: 'Anschlusszusage',
  COMMISSIONING_REPORTED: 'Inbetriebnahme gemeldet',
  METER_APPOINTMENT: 'Zählertermin vereinbart',
  METER_SET: 'Zähler gesetzt',
};
const AFTER_NAMES: Record<AfterCommissioningStep, string> = {
  COMPLETION_NOTICE: 'Fertigmeldung gesendet',
  GRID_CONFIRMED: 'Netzbetreiber hat bestätigt',
  METER_APPOINTMENT: 'Zählertermin',
  METER_SET: 'Zähler gesetzt',
  SMART_METER: 'Smart Meter und Steuerbox',
  CAP_LIFTED: '60-%-Grenze aufgehoben',
  MASTR_REGISTERED: 'Im MaStR registriert',
  FIRST_PAYMENT: 'Erste Einspeisevergütung',
};
const AFTER_WAITING_NAMES = { ...WAITING_NAMES, REGISTER: 'Bundesnetzagentur (MaStR)' } as const;
const MASTR_NAMES = { NOT_REGISTERED: 'nicht registriert', REGISTERED: 'registriert', MOVE_REQUESTED: 'Übertragung angeboten' } as const;

/** Only what the project cards need beyond the shell: the step chips and the facts as a grid. */
const STYLES = `
h2{font-size:1.15rem;margin:.2rem 0 .5rem}
ol{display:flex;flex-wrap:wrap;gap:.35rem;padding:0;margin:.5rem 0;list-style:none}
li{border:1px solid #d0d7de;border-radius:999px;padding:.1rem .6rem;font-size:.9rem}
li.ACTIVE{border-color:#3b2f63;background:#ece8f7;font-weight:600}
li.DONE,li.SKIPPED{color:#57606a}
.row{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end;margin-top:.5rem}
form{margin:0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.15rem 1rem;margin:.5rem 0}
dt{font-weight:600}
dd{margin:0}
h3{font-size:1rem;margin:1rem 0 .25rem}
ul.plain{margin:0;padding-left:1.1rem}
ul.plain li{border:0;padding:.15rem 0}
`;

const e = escapeHtml;

const dayOf = (iso: string) => berlinDay(new Date(iso)).split('-').reverse().join('.');

/**
 * The way after commissioning: each step with its state, and forms that finish the active one on a chosen day (the
 * meter appointment with its date) or say who it waits on. Shown once the plant is commissioned.
 */
function afterCommissioningSection(journey: Journey, base: string, today: string): string {
  if (!journey.commissionedAt || journey.afterCommissioning.length === 0) return '';
  const active = journey.afterCommissioning.find((s) => s.status === 'ACTIVE');
  const chips = journey.afterCommissioning
    .map((s) => {
      const detail =
        s.status === 'ACTIVE'
          ? ` (wartet auf ${AFTER_WAITING_NAMES[s.waitingFor ?? 'INSTALLER']}${s.startedAt ? ` seit ${dayOf(s.startedAt)}` : ''}${s.plannedOn ? `, geplant ${s.plannedOn.split('-').reverse().join('.')}` : ''})`
          : s.status === 'DONE' && s.completedAt
            ? ` am ${dayOf(s.completedAt)}`
            : '';
      return `<li class="${s.status}">${e(AFTER_NAMES[s.step])}: ${STATUS_NAMES[s.status]}${detail}</li>`;
    })
    .join('');
  const id = base.replace(/\D/g, '');
  const appointment =
    active?.step === 'METER_APPOINTMENT'
      ? `<label for="termin-${id}">Zählertermin am</label><input id="termin-${id}" name="appointmentOn" type="date" min="${today}">`
      : '';
  return `<h3>Nach der Inbetriebnahme</h3>
<ol aria-label="Schritte nach der Inbetriebnahme">${chips}</ol>
${
  active
    ? `<div class="row">
<form method="post" action="${base}/after-advance"><label for="am-${id}">Erledigt am (leer: heute)</label><input id="am-${id}" name="on" type="date" max="${today}">${appointment}<button>„${e(AFTER_NAMES[active.step])}“ erledigt</button></form>
<form method="post" action="${base}/after-waiting-for"><label for="wartet-${id}">Schritt nach der Inbetriebnahme wartet auf</label><select id="wartet-${id}" name="waitingFor">${optionsOf(AFTER_WAITING_NAMES, active.waitingFor)}</select><button class="secondary">Speichern</button></form>
</div>`
    : '<p>Alles erledigt: Die erste Einspeisevergütung ist gezahlt.</p>'
}`;
}

/** The installer reports a finished DC or AC installation to the portal, which invites to its survey. */
function reportButtons(journey: Journey, base: string): string {
  const done = (['DC', 'AC'] as const).filter((step) => journey.steps.find((s) => s.step === step)?.status === 'DONE');
  if (done.length === 0) return '';
  return `<div class="row">${done.map((step) => postButton(`${base}/report-${step.toLowerCase()}`, `${step}-Montage ans Portal melden (Umfrage)`, { variant: 'secondary' })).join('')}</div>`;
}

const REFUND_STATUS = { OPEN: 'offen', ACCOUNT_RECEIVED: 'Bankverbindung liegt vor', SETTLED: 'erledigt' } as const;
const REFERRAL_STATUS = { SUBMITTED: 'eingereicht', CONFIRMED: 'bestätigt', PAID_OUT: 'ausgezahlt', DECLINED: 'abgelehnt' } as const;
const INTERVALS = { MONTHLY: 'monatlich', QUARTERLY: 'vierteljährlich', YEARLY: 'jährlich', ONCE: 'einmalig' } as const;
/** Decimal strings shown German-style without arithmetic ("-89.90" → "−89,90 €"). */
const euro = (amount: string) => `${amount.startsWith('-') ? '−' : ''}${amount.replace('-', '').replace('.', ',')} €`;

/** Refund, direct debit and referrals: what the back office does with the customer's money. */
function moneySection(projectId: number, money: ProjectMoney): string {
  const base = `/management/tester/projects/${projectId}`;
  const refund = money.refund
    ? `${euro(money.refund.amount)} (${money.refund.amount.startsWith('-') ? 'Kunde zahlt' : 'Auszahlung an den Kunden'}), ${REFUND_STATUS[money.refund.status]}${money.refund.payoutAccount ? `, Konto von ${e(money.refund.payoutAccount.accountHolder)} …${e(money.refund.payoutAccount.iban.slice(-4))}` : ''}`
    : 'keine';
  const debit = money.directDebit
    ? `${e(money.directDebit.purpose)} (${INTERVALS[money.directDebit.interval]}${money.directDebit.amount ? `, ${euro(money.directDebit.amount)}` : ''}): ${money.directDebit.mandate ? `Mandat ${e(money.directDebit.mandate.mandateReference)} liegt vor` : 'Mandat fehlt'}`
    : 'keine';
  const referrals = money.referrals.length
    ? `<ul class="plain">${money.referrals
        .map(
          (r) => `<li>${e(r.id)}: ${e(r.name)} (${e(r.email)}) – ${REFERRAL_STATUS[r.status]}, ${euro(r.reward)}
<span class="row">${
            r.status === 'SUBMITTED'
              ? `<form method="post" action="/management/tester/referrals/${e(r.id)}/confirm"><label>Projekt der empfohlenen Person<input name="referredProjectId" inputmode="numeric" size="8"></label><button class="secondary">Bestätigen</button></form>`
              : ''
          }${r.status === 'CONFIRMED' ? postButton(`/management/tester/referrals/${r.id}/payout`, 'Als ausgezahlt markieren', { variant: 'secondary' }) : ''}${
            r.status === 'SUBMITTED' || r.status === 'CONFIRMED' ? postButton(`/management/tester/referrals/${r.id}/decline`, 'Ablehnen', { variant: 'secondary' }) : ''
          }</span></li>`,
        )
        .join('')}</ul>`
    : 'keine';
  return `<h3>Geld</h3>
<dl>
<dt>Erstattung</dt><dd>${refund}</dd>
<dt>Lastschrift</dt><dd>${debit}</dd>
<dt>Empfehlungen</dt><dd>${referrals}</dd>
</dl>
<div class="row">
<form method="post" action="${base}/refund"><label>Betrag (z. B. 312.45 oder -89.90)<input name="amount" size="10" required></label><label>Grund<input name="reason" size="30" required></label><label>Rechnung<input name="invoiceNumber" size="12"></label><button class="secondary">Erstattung eintragen</button></form>
${money.refund && money.refund.status !== 'SETTLED' ? postButton(`${base}/refund-settle`, money.refund.amount.startsWith('-') ? 'Zahlung eingegangen' : 'Ausgezahlt', { variant: 'secondary' }) : ''}
${money.refund ? postButton(`${base}/refund-remove`, 'Erstattung entfernen', { variant: 'secondary' }) : ''}
</div>
<div class="row">
<form method="post" action="${base}/direct-debit"><label>Lastschrift für<input name="purpose" size="30" required placeholder="z. B. Wartungsvertrag"></label><label>Betrag<input name="amount" size="8" placeholder="14.90"></label><label>Turnus<select name="interval">${optionsOf(INTERVALS)}</select></label><button class="secondary">Mandat anfordern</button></form>
${money.directDebit ? postButton(`${base}/direct-debit-remove`, 'Lastschrift entfernen', { variant: 'secondary' }) : ''}
</div>`;
}

function projectCard({ project, journey, money }: { project: VendorProject; journey: Journey; money: ProjectMoney }, today: string): string {
  const active = journey.steps.find((s) => s.status === 'ACTIVE');
  const grid = journey.gridOperator;
  const base = `/management/tester/projects/${project.id}`;
  const steps = journey.steps
    .map((s) => `<li class="${s.status}">${e(STEP_NAMES[s.step])}: ${STATUS_NAMES[s.status]}${s.status === 'ACTIVE' && s.waitingFor ? ` (wartet auf ${WAITING_NAMES[s.waitingFor]}${s.customerRequest ? `: „${e(s.customerRequest.text)}“` : ''})` : ''}</li>`)
    .join('');
  return `<section class="card" id="projekt-${project.id}" aria-labelledby="titel-${project.id}">
<h2 id="titel-${project.id}">Projekt ${project.id} – ${e(project.contact.name)}, ${e(project.address.street)} ${e(project.address.houseNumber)}, ${e(project.address.zip)} ${e(project.address.city)}</h2>
<ol aria-label="Schritte">${steps}</ol>
<dl>
<dt>Netzbetreiber</dt><dd>${e(grid.name)}: ${GRID_NAMES[grid.status]}${grid.caseNumber ? ` (Vorgang ${e(grid.caseNumber)})` : ''}${grid.requestedInformation ? ` – nachgefordert: ${e(grid.requestedInformation.text)}` : ''}</dd>
<dt>Marktstammdatenregister</dt><dd>${journey.mastr.required ? `${MASTR_NAMES[journey.mastr.status]}${journey.mastr.moveNeeded ? ', Übertragung beim Kunden angefragt' : ''}${journey.mastr.unitNumbers.length ? ` (${journey.mastr.unitNumbers.map(e).join(', ')})` : ''}` : 'nicht nötig'}</dd>
<dt>Signaturen</dt><dd>${journey.signatures.length ? journey.signatures.map((s) => e(s.type)).join(', ') : 'keine'}</dd>
</dl>
<div class="row">
${postButton(`${base}/advance`, `Schritt „${active ? STEP_NAMES[active.step] : '–'}“ abschließen`, { disabled: !active })}
${postButton(`${base}/grid-operator`, 'Netzbetreiber: nächster Status', { variant: 'secondary', disabled: grid.status === 'METER_SET' })}
<form method="post" action="${base}/waiting-for"><label>Wartet auf<select name="waitingFor">${optionsOf(WAITING_NAMES, active?.waitingFor)}</select></label><label>Bitte an den Kunden (wenn er dran ist)<input name="request" maxlength="500" size="40" placeholder="z. B. Foto vom Zählerschrank schicken" value="${e(active?.customerRequest?.text ?? '')}"></label><button class="secondary"${active ? '' : ' disabled'}>Speichern</button></form>
</div>
<div class="row">
<form method="post" action="${base}/information"><label>Nachforderung des Netzbetreibers<input name="text" maxlength="500" size="40" placeholder="z. B. Lageplan mit Flurstück"></label><label>von<select name="from">${optionsOf({ INSTALLER: 'Installateur', CUSTOMER: 'Kunde' })}</select></label><button class="secondary">Eintragen</button></form>
${journey.mastr.required ? `${postButton(`${base}/mastr-move`, 'MaStR-Übertragung anfragen', { variant: 'secondary' })}
${postButton(`${base}/mastr-registered`, 'MaStR: registriert', { variant: 'secondary' })}` : ''}
</div>
${reportButtons(journey, base)}
${afterCommissioningSection(journey, base, today)}
${moneySection(project.id, money)}
</section>`;
}

export function testerPage(projects: { project: VendorProject; journey: Journey; money: ProjectMoney }[], message: PageMessage | null, now = new Date()): string {
  const today = berlinDay(now);
  return germanPage({
    title: 'Projekte – Projektverwaltung (Sandbox)',
    banner: 'Projektverwaltung des Installateurs (Sandbox)',
    theme: { accent: '#3b2f63' },
    styles: STYLES,
    body: `<h1>Projekte</h1>
<p>Hier spielst Du den Installateur, den Netzbetreiber und den Messstellenbetreiber: Schritte abschließen, den Netzbetreiber weiterschalten, Unterlagen nachfordern, die Schritte nach der Inbetriebnahme bis zur ersten Einspeisevergütung weiterschalten (mit Datum), Erstattungen und Lastschriften eintragen, Empfehlungen bestätigen und auszahlen. Das Kundenportal sieht jede Änderung sofort.</p>
${notice(message)}
${projects.map((p) => projectCard(p, today)).join('\n')}`,
  });
}
