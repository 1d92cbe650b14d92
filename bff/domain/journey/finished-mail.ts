import type { Language } from '../../contracts/auth.ts';
import type { ManagedJourney, ManagedProject } from '../../ports/management-service.ts';
import { renderCustomerMail } from '../mail/mail-layout.ts';

const berlinDate: Record<Language, Intl.DateTimeFormat> = {
  de: new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' }),
  en: new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' }),
};

/**
 * The "finished" mail (ActivityType SUCCESS_/FAILED_FINISHED_EMAIL): the installation is in operation; what happens next
 * with the meter, the Marktstammdatenregister and, where the IoT cloud has the installation (`monitored`), the
 * monitoring. In the language of the project's customers.
 */
export function buildFinishedMail(options: { publicUrl: string; installerName: string; project: ManagedProject; journey: ManagedJourney | null; monitored: boolean; lang?: Language }) {
  const lang = options.lang ?? 'de';
  const { project, journey } = options;
  const place = `${project.address.street} ${project.address.houseNumber}, ${project.address.zip} ${project.address.city}`;
  const grid = journey?.gridOperator;
  const mastr = journey?.mastr;
  const ordered = grid?.meterOrderedAt ? berlinDate[lang].format(new Date(grid.meterOrderedAt)) : null;
  const units = mastr?.unitNumbers.length ? ` (${mastr.unitNumbers.join(', ')})` : '';
  const texts = {
    de: {
      meter:
        grid?.status === 'METER_SET'
          ? 'Der Zweirichtungszähler ist gesetzt: Ab jetzt wird jede eingespeiste Kilowattstunde gezählt.'
          : ordered
            ? `Den Zählerwechsel haben wir am ${ordered} beim Messstellenbetreiber beauftragt. Er muss ihn innerhalb eines Monats erledigen (MsbG § 3 Abs. 3a); den Termin findest Du im Portal.`
            : 'Den Zählerwechsel beauftragen wir beim Messstellenbetreiber; den Termin findest Du im Portal.',
      register: !mastr?.required
        ? 'Für Deine Anlage ist keine Registrierung im Marktstammdatenregister nötig.'
        : mastr.status === 'REGISTERED'
          ? `Deine Anlage ist im Marktstammdatenregister registriert${units}.`
          : mastr.authorization === 'SIGNED'
            ? 'Wir registrieren Deine Anlage im Marktstammdatenregister, wie vereinbart innerhalb eines Monats nach der Inbetriebnahme.'
            : 'Bitte registriere Deine Anlage innerhalb eines Monats nach der Inbetriebnahme im Marktstammdatenregister und trag die Nummern im Portal ein. Ohne Registrierung gibt es keine Einspeisevergütung.',
      monitoring: 'Im Portal siehst Du unter „Monitoring“, was Deine Anlage erzeugt, was Du selbst verbrauchst und wie voll Dein Speicher ist.',
      subject: `Deine Anlage läuft – Projekt ${project.id}`,
      heading: 'Deine Anlage ist in Betrieb',
      done: `Deine Anlage in der ${place} ist fertig und in Betrieb. Danke für Dein Vertrauen!`,
      next: 'So geht es weiter',
      button: 'Zum Kundenportal',
      footer: 'Du bekommst diese E-Mail, weil Deine Adresse bei uns als Kontakt für dieses Projekt hinterlegt ist.',
    },
    en: {
      meter:
        grid?.status === 'METER_SET'
          ? 'The bidirectional meter is in place: from now on every kilowatt hour you feed in is counted.'
          : ordered
            ? `We ordered the meter change from the metering point operator on ${ordered}. They must carry it out within a month (MsbG § 3 (3a)); you will find the appointment in the portal.`
            : 'We order the meter change from the metering point operator; you will find the appointment in the portal.',
      register: !mastr?.required
        ? 'Your installation does not need to be registered in the market master data register (Marktstammdatenregister).'
        : mastr.status === 'REGISTERED'
          ? `Your installation is registered in the market master data register (Marktstammdatenregister)${units}.`
          : mastr.authorization === 'SIGNED'
            ? 'We register your installation in the market master data register (Marktstammdatenregister), as agreed within a month of commissioning.'
            : 'Please register your installation in the market master data register (Marktstammdatenregister) within a month of commissioning and enter the numbers in the portal. Without registration there is no feed-in tariff.',
      monitoring: 'Under “Monitoring” in the portal you see what your installation produces, what you use yourself and how full your battery is.',
      subject: `Your installation is running – project ${project.id}`,
      heading: 'Your installation is in operation',
      done: `Your installation at ${place} is finished and in operation. Thank you for your trust!`,
      next: 'What happens next',
      button: 'Go to the customer portal',
      footer: 'You are receiving this e-mail because your address is on file with us as the contact for this project.',
    },
  }[lang];
  return renderCustomerMail({
    lang,
    texts,
    name: project.contact.name,
    // Monitoring is promised only for an installation the IoT cloud knows; the portal's page says the same.
    blocks: [texts.done, { title: texts.next, items: [texts.meter, texts.register, ...(options.monitored ? [texts.monitoring] : [])] }],
    href: new URL('/home/dashboard', options.publicUrl).href,
    installerName: options.installerName,
  });
}
