import type { Language } from '../../contracts/auth.ts';
import { renderCustomerMail } from '../mail/mail-layout.ts';

/** What an alert says (docs/monitoring.md "The alert rule"): a short day with its figures, or since when data are missing. */
export type AlertFacts =
  | { kind: 'SHORT_DAY'; day: string; actualKwh: number; targetKwh: number }
  | { kind: 'STALE'; lastSeenAt: string | null };

const kwh = (value: number, lang: Language) => `${value.toLocaleString(lang === 'de' ? 'de-DE' : 'en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} kWh`;
const percentBelow = (facts: { actualKwh: number; targetKwh: number }) => Math.round((1 - facts.actualKwh / facts.targetKwh) * 100);
const dayText = (day: string, lang: Language) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(lang === 'de' ? 'de-DE' : 'en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const instantText = (iso: string, lang: Language) =>
  new Date(iso).toLocaleString(lang === 'de' ? 'de-DE' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Berlin' });

/** The service case's subject and first entry (German: the installer's team reads it; the customer sees it in Messages). */
export function caseText(facts: AlertFacts, site: { name: string; siteId: string }): { subject: string; text: string } {
  if (facts.kind === 'SHORT_DAY') {
    return {
      subject: `Ertrag unter Soll am ${dayText(facts.day, 'de')}`,
      text:
        `Die Anlagenüberwachung hat festgestellt: ${site.name} (${site.siteId}) hat am ${dayText(facts.day, 'de')} ${kwh(facts.actualKwh, 'de')} erzeugt, ` +
        `erwartet waren nach dem Wetter ${kwh(facts.targetKwh, 'de')} (${percentBelow(facts)} % weniger). ` +
        'Unser technischer Service schaut sich die Daten an und meldet sich hier. Du musst nichts tun; wenn Dir an der Anlage etwas aufgefallen ist, schreib es gern hier dazu.',
    };
  }
  return {
    subject: 'Keine Daten mehr von Deiner Anlage',
    text:
      `Die Anlagenüberwachung hat festgestellt: Von ${site.name} (${site.siteId}) kommen ${facts.lastSeenAt ? `seit ${instantText(facts.lastSeenAt, 'de')} Uhr` : 'seit der Inbetriebnahme'} keine Daten mehr. ` +
      'Oft ist nur die Internetverbindung des Wechselrichters unterbrochen. Unser technischer Service schaut sich das an und meldet sich hier.',
  };
}

/** The alert mail: what happened, that a service case is open, and the link to it in Messages. */
export function buildYieldAlertMail(options: { publicUrl: string; installerName: string; facts: AlertFacts; siteName: string; threadPath: string; lang?: Language; firstName?: string | null }) {
  const lang = options.lang ?? 'de';
  const { facts } = options;
  const texts =
    facts.kind === 'SHORT_DAY'
      ? {
          de: {
            subject: `Deine Anlage hat am ${dayText(facts.day, 'de')} weniger erzeugt als erwartet`,
            heading: 'Weniger Ertrag als erwartet',
            what: `Deine Anlage „${options.siteName}“ hat am ${dayText(facts.day, 'de')} ${kwh(facts.actualKwh, 'de')} erzeugt. Nach dem Wetter dieses Tages hätten es etwa ${kwh(facts.targetKwh, 'de')} sein sollen, also ${percentBelow(facts)} % mehr.`,
            next: 'Wir haben dazu einen Servicefall für Dich eröffnet: Unser technischer Service schaut sich die Daten an und antwortet Dir im Kundenportal unter „Nachrichten“.',
            button: 'Zum Servicefall',
            footer: 'Du bekommst diese E-Mail, weil die Anlagenüberwachung Deiner Anlage einen auffälligen Tag gefunden hat. Wir schreiben Dir höchstens einmal pro Tag und Anlage.',
          },
          en: {
            subject: `Your installation produced less than expected on ${dayText(facts.day, 'en')}`,
            heading: 'Less yield than expected',
            what: `Your installation “${options.siteName}” produced ${kwh(facts.actualKwh, 'en')} on ${dayText(facts.day, 'en')}. With that day's weather it should have been about ${kwh(facts.targetKwh, 'en')}, ${percentBelow(facts)} % more.`,
            next: 'We have opened a service case for you: our technical service is looking at the data and will answer you in the customer portal under “Messages”.',
            button: 'Go to the service case',
            footer: 'You are receiving this e-mail because the monitoring of your installation found a conspicuous day. We write at most once per day and installation.',
          },
        }[lang]
      : {
          de: {
            subject: 'Von Deiner Anlage kommen keine Daten mehr',
            heading: 'Keine Daten mehr von Deiner Anlage',
            what: `Von Deiner Anlage „${options.siteName}“ kommen ${facts.lastSeenAt ? `seit ${instantText(facts.lastSeenAt, 'de')} Uhr` : 'seit der Inbetriebnahme'} keine Daten mehr. Oft ist nur die Internetverbindung des Wechselrichters unterbrochen.`,
            next: 'Wir haben dazu einen Servicefall für Dich eröffnet: Unser technischer Service schaut sich das an und antwortet Dir im Kundenportal unter „Nachrichten“.',
            button: 'Zum Servicefall',
            footer: 'Du bekommst diese E-Mail, weil die Anlagenüberwachung Deiner Anlage keine Daten mehr bekommt. Wir schreiben Dir einmal pro Ausfall.',
          },
          en: {
            subject: 'No more data from your installation',
            heading: 'No more data from your installation',
            what: `Your installation “${options.siteName}” has sent no data ${facts.lastSeenAt ? `since ${instantText(facts.lastSeenAt, 'en')}` : 'since its commissioning'}. Often only the inverter's internet connection is interrupted.`,
            next: 'We have opened a service case for you: our technical service is looking into it and will answer you in the customer portal under “Messages”.',
            button: 'Go to the service case',
            footer: 'You are receiving this e-mail because the monitoring of your installation no longer receives data. We write once per outage.',
          },
        }[lang];
  return renderCustomerMail({ lang, texts, name: options.firstName, blocks: [texts.what, texts.next], href: new URL(options.threadPath, options.publicUrl).href, installerName: options.installerName });
}
