import { BRAND, renderBrandedMail } from '../mail/mail-layout.ts';

const signOff = `Dein Team vom ${BRAND.name}`;
const hello = (firstName: string) => (firstName.trim() ? `Hallo ${firstName.trim()},` : 'Hallo,');

/** Spec section 3, update-e-mail mail: the confirmation link to the new address (valid 24 hours). */
export function emailChangeLinkMail(options: { firstName: string; newEmail: string; link: string; hours: number }) {
  return renderBrandedMail({
    subject: 'Bestätige Deine neue E-Mail-Adresse',
    heading: 'Neue E-Mail-Adresse bestätigen',
    greeting: hello(options.firstName),
    blocks: [
      { paragraph: `Du möchtest Dich im ${BRAND.name} künftig mit ${options.newEmail} anmelden. Bitte bestätige die neue Adresse mit dem Link unten.` },
      { paragraph: `Der Link gilt ${options.hours} Stunden. Bis Du bestätigst, bleibt alles, wie es ist: Du meldest Dich weiter mit Deiner bisherigen Adresse an.` },
      { paragraph: 'Hast Du das nicht angefordert? Dann ignoriere diese E-Mail einfach.' },
    ],
    button: { label: 'Neue Adresse bestätigen', href: options.link },
    signOff,
    footer: ['Du bekommst diese E-Mail, weil diese Adresse im Kundenportal als neue Anmeldeadresse eingetragen wurde.'],
  });
}

/** To the old address after the change: whoever did it, the owner learns of it. */
export function emailChangedNoticeMail(options: { firstName: string; newEmailMasked: string }) {
  return renderBrandedMail({
    subject: 'Deine E-Mail-Adresse im Kundenportal wurde geändert',
    heading: 'E-Mail-Adresse geändert',
    greeting: hello(options.firstName),
    blocks: [
      { paragraph: `Deine Anmeldeadresse im ${BRAND.name} ist jetzt ${options.newEmailMasked}. Diese Adresse bekommt ab jetzt unsere E-Mails.` },
      { paragraph: 'Warst Du das nicht? Dann melde Dich bitte sofort bei unserem Kundenservice.' },
    ],
    signOff,
    footer: ['Du bekommst diese E-Mail an Deine bisherige Adresse, damit Du von der Änderung erfährst.'],
  });
}

/** Spec section 3, password change: a notice that it happened. */
export function passwordChangedMail(options: { firstName: string }) {
  return renderBrandedMail({
    subject: 'Dein Passwort im Kundenportal wurde geändert',
    heading: 'Passwort geändert',
    greeting: hello(options.firstName),
    blocks: [
      { paragraph: 'Dein Passwort für das Kundenportal wurde gerade geändert. Alle anderen Anmeldungen (z. B. auf einem anderen Gerät) haben wir beendet.' },
      { paragraph: 'Warst Du das nicht? Dann melde Dich mit einem Code per E-Mail an, ändere Dein Passwort und sag unserem Kundenservice Bescheid.' },
    ],
    signOff,
    footer: ['Du bekommst diese E-Mail, weil das Passwort Deines Kontos geändert wurde.'],
  });
}

/** The big data export is ready (built by a job). */
export function dataExportReadyMail(options: { firstName: string; link: string; days: number }) {
  return renderBrandedMail({
    subject: 'Dein Datenexport ist fertig',
    heading: 'Dein Datenexport ist fertig',
    greeting: hello(options.firstName),
    blocks: [{ paragraph: `Du kannst Deine Daten jetzt in den Einstellungen herunterladen. Der Export liegt ${options.days} Tage bereit.` }],
    button: { label: 'Zu den Einstellungen', href: options.link },
    signOff,
    footer: ['Du bekommst diese E-Mail, weil Du im Kundenportal einen Export Deiner Daten angefordert hast.'],
  });
}

/** After the deletion; no name (the mail log keeps this mail anonymised). */
export function accountDeletedMail(options: { retained: string[] }) {
  return renderBrandedMail({
    subject: 'Dein Konto im Kundenportal ist gelöscht',
    heading: 'Dein Konto ist gelöscht',
    greeting: 'Hallo,',
    blocks: [
      { paragraph: `wie gewünscht haben wir Dein Konto im ${BRAND.name} gelöscht: Deine Anmeldung, Deine Angaben, Deine Protokolle und die Verbindung zu Deinen Projekten.` },
      ...(options.retained.length > 0 ? [{ title: 'Was wir aufbewahren müssen', items: options.retained }] : []),
      { paragraph: 'Deine Projekte selbst (Verträge, Rechnungen, Termine) betreut der Installateur weiter. Du kannst jederzeit ein neues Konto anlegen.' },
    ],
    signOff,
    footer: ['Dies ist die letzte E-Mail zu Deinem Konto im Kundenportal.'],
  });
}
