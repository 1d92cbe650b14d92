import { berlinTime, escapeHtml, germanPage, notice, postButton, type PageMessage } from '../shared/html.ts';
import type { Installation } from './installations.ts';
import type { Outage, ProductionFault } from './site-faults.ts';
import { dayIrradiance } from './sim/pv.ts';
import { berlinDayOf, formatDay } from './sim/time.ts';

/**
 * The IoT cloud's page for testers (`/iot/`, German, no JavaScript): every installation with its faults, the last days'
 * sun as the weather service reports it (the portal's alert judges only days with enough sun), and forms that make a
 * day weak or stop the gateway (sandbox/iot/README.md "Test controls"; the loop in docs/monitoring.md).
 */
const e = escapeHtml;
/** The portal's "enough sun" (bff/domain/yield/alerts.ts `ENOUGH_SUN_KWH_PER_M2`), repeated for the page's hint. */
const ENOUGH_SUN_KWH_PER_M2 = 1.0;
const DAYS_SHOWN = 10;
const STYLES = `
h2{font-size:1.15rem;margin:.2rem 0 .5rem}
.meta{font-size:.85rem;color:#57606a}
.sun{color:#1f6b35;font-weight:600}
form.inline{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:end;margin:.5rem 0}
`;

export interface SiteView {
  installation: Installation;
  production: readonly ProductionFault[];
  outage: (Outage & { offline: boolean }) | undefined;
}

const kwhPerM2 = (lat: number, lon: number, dayNo: number) => dayIrradiance(lat, lon, dayNo).reduce((sum, step) => sum + step.ghi / 4, 0) / 1000;
const decimal = (value: number, digits: number) => value.toLocaleString('de-DE', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function recentDays(installation: Installation, nowMs: number): string {
  const today = berlinDayOf(nowMs);
  const rows: string[] = [];
  for (let day = today - 1; day >= today - DAYS_SHOWN; day--) {
    const sun = kwhPerM2(installation.location.lat, installation.location.lon, day);
    const enough = sun >= ENOUGH_SUN_KWH_PER_M2;
    rows.push(`<tr><th scope="row">${formatDay(day)}</th><td>${decimal(sun, 2)} kWh/m²</td><td${enough ? ' class="sun"' : ''}>${enough ? 'ja' : 'nein'}</td></tr>`);
  }
  return `<table><caption class="meta">Sonne der letzten Tage (Einstrahlung wie der Wetterdienst sie meldet)</caption><thead><tr><th scope="col">Tag</th><th scope="col">Einstrahlung</th><th scope="col">genug Sonne für eine Prüfung</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function card(site: SiteView, nowMs: number): string {
  const { installation } = site;
  const id = e(installation.siteId);
  const base = `/iot/tester/sites/${encodeURIComponent(installation.siteId)}`;
  const peak = installation.arrays.reduce((sum, a) => sum + a.peakPowerKw, 0);
  const yesterday = formatDay(berlinDayOf(nowMs) - 1);
  const faults = [
    ...site.production.map((f) => `<li>Weniger Ertrag: ${e(f.from)} bis ${e(f.to)} mit ${Math.round(f.factor * 100)} % der Leistung</li>`),
    ...(site.outage
      ? [
          `<li>Ausfall des Gateways ab ${berlinTime(site.outage.fromMs)}${site.outage.untilMs === null ? ' (dauert an)' : ` bis ${berlinTime(site.outage.untilMs)}`}${site.outage.backfill ? ', Daten werden nachgeliefert' : ', Daten bleiben eine Lücke'}${site.outage.offline ? ' – gerade offline' : ''}</li>`,
        ]
      : []),
  ];
  return `<section class="card" id="anlage-${id}" aria-labelledby="titel-${id}">
<h2 id="titel-${id}">${id} · Projekt ${e(installation.externalId)} · ${e(installation.name)}</h2>
<p class="meta">${decimal(peak, 1)} kWp · ${installation.commissionedAt ? `in Betrieb seit ${berlinTime(installation.commissionedAt)}` : 'noch nicht in Betrieb'}</p>
<h3>Aktive Störungen</h3>
${faults.length ? `<ul>${faults.join('')}</ul>${postButton(`${base}/clear`, 'Alle Störungen dieser Anlage aufheben', { variant: 'secondary', ariaLabel: `Alle Störungen von ${installation.siteId} aufheben` })}` : '<p>Keine.</p>'}
${installation.commissionedAt ? recentDays(installation, nowMs) : ''}
<form class="inline" method="post" action="${base}/production">
<label>Tag<input type="date" name="day" required value="${yesterday}"></label>
<label>Leistung an dem Tag (%)<input type="number" name="percent" required min="0" max="100" step="1" value="50"></label>
<button type="submit">Tag schwächer machen</button>
</form>
<form class="inline" method="post" action="${base}/outage">
<label>Keine Daten seit (Stunden)<input type="number" name="hoursAgo" required min="1" max="720" step="1" value="8"></label>
<label>wieder da vor (Stunden, leer = noch offline)<input type="number" name="backHoursAgo" min="0" max="720" step="1"></label>
<label><input type="checkbox" name="backfill" value="1"> gepufferte Daten nachliefern</label>
<button type="submit">Gateway ausfallen lassen</button>
</form>
</section>`;
}

export function testerPage(sites: readonly SiteView[], nowMs: number, message: PageMessage | null): string {
  const body = `<h1>IoT-Cloud: Anlagen und Störungen</h1>
${notice(message)}
<p>Hier lässt Du eine Anlage an einem Tag weniger liefern oder ihr Gateway verstummen. Das Kundenportal prüft jeden Morgen die letzten sieben Tage mit genug Sonne gegen das Soll nach dem Wetter und meldet, wenn Daten seit mehr als sechs Stunden fehlen. Zum Ausprobieren: einen sonnigen Tag schwächer machen, dann im <a href="/scheduler/">Job-Planer</a> den Job <code>yield-check</code> starten (mit dem Tag, oder ohne für die letzten sieben Tage), danach Glocke, <a href="/mailbox">Postfach</a> und den Servicefall im <a href="/tasks/">Ticketsystem</a> ansehen.</p>
${sites.map((site) => card(site, nowMs)).join('\n')}`;
  return germanPage({ title: 'IoT-Cloud (Sandbox)', banner: 'Sandbox · IoT-Cloud des Installateurs', theme: { accent: '#1f4d3a' }, styles: STYLES, body });
}
