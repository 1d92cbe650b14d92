import type { ManagedJourney, ManagedProject } from '../../ports/management-service.ts';
import { renderBrandedMail } from '../mail/mail-layout.ts';

const berlinDate = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' });

/**
 * The "finished" mail (ActivityType SUCCESS_/FAILED_FINISHED_EMAIL): the installation is in operation; what happens next
 * with the meter, the Marktstammdatenregister and, where the IoT cloud has the installation (`monitored`), the
 * monitoring. German, informal "Du".
 */
export function buildFinishedMail(options: { publicUrl: string; installerName: string; project: ManagedProject; journey: ManagedJourney | null; monitored: boolean }) {
  const { project, journey } = options;
  const place = `${project.address.street} ${project.address.houseNumber}, ${project.address.zip} ${project.address.city}`;
  const grid = journey?.gridOperator;
  const mastr = journey?.mastr;
  const meter =
    grid?.status === 'METER_SET'
      ? 'Der Zweirichtungszähler ist gesetzt: Ab jetzt wird jede eingespeiste Kilowattstunde gezählt.'
      : grid?.meterOrderedAt
        ? `Den Zählerwechsel haben wir am ${berlinDate.format(new Date(grid.meterOrderedAt))} beim Messstellenbetreiber beauftragt. Er muss ihn innerhalb eines Monats erledigen (MsbG § 3 Abs. 3a); den Termin findest Du im Portal.`
        : 'Den Zählerwechsel beauftragen wir beim Messstellenbetreiber; den Termin findest Du im Portal.';
  const register = !mastr?.required
    ? 'Für Deine Anlage ist keine Registrierung im Marktstammdatenregister nötig.'
    : mastr.status === 'REGISTERED'
      ? `Deine Anlage ist im Marktstammdatenregister registriert${mastr.unitNumbers.length ? ` (${mastr.unitNumbers.join(', ')})` : ''}.`
      : mastr.authorization === 'SIGNED'
        ? 'Wir registrieren Deine Anlage im Marktstammdatenregister, wie vereinbart innerhalb eines Monats nach der Inbetriebnahme.'
        : 'Bitte registriere Deine Anlage innerhalb eines Monats nach der Inbetriebnahme im Marktstammdatenregister und trag die Nummern im Portal ein. Ohne Registrierung gibt es keine Einspeisevergütung.';
  return renderBrandedMail({
    subject: `Deine Anlage läuft – Projekt ${project.id}`,
    heading: 'Deine Anlage ist in Betrieb',
    greeting: `Hallo ${project.contact.name},`,
    blocks: [
      { paragraph: `Deine Anlage in der ${place} ist fertig und in Betrieb. Danke für Dein Vertrauen!` },
      {
        title: 'So geht es weiter',
        // Monitoring is promised only for an installation the IoT cloud knows; the portal's page says the same.
        items: [
          meter,
          register,
          ...(options.monitored ? ['Im Portal siehst Du unter „Monitoring“, was Deine Anlage erzeugt, was Du selbst verbrauchst und wie voll Dein Speicher ist.'] : []),
        ],
      },
    ],
    button: { label: 'Zum Kundenportal', href: new URL('/home/dashboard', options.publicUrl).href },
    signOff: `Dein Team der ${options.installerName}`,
    footer: ['Du bekommst diese E-Mail, weil Deine Adresse bei uns als Kontakt für dieses Projekt hinterlegt ist.'],
  });
}
