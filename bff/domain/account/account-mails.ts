import type { Language } from '../../contracts/auth.ts';
import { BRAND, renderCustomerMail } from '../mail/mail-layout.ts';

/**
 * The update-e-mail mail: the confirmation link to the new address (valid 24 hours). It greets nobody by
 * name: whoever reads the new address has not proven yet that they are the requester (it may be someone else's
 * address), so it carries no personal data of the requester.
 */
export function emailChangeLinkMail(options: { newEmail: string; link: string; hours: number; lang?: Language }) {
  const lang = options.lang ?? 'de';
  const texts = {
    de: {
      subject: 'Bestätige Deine neue E-Mail-Adresse',
      heading: 'Neue E-Mail-Adresse bestätigen',
      blocks: [
        `jemand möchte sich im ${BRAND.name} künftig mit ${options.newEmail} anmelden. Warst Du das, bestätige die neue Adresse bitte mit dem Link unten.`,
        `Der Link gilt ${options.hours} Stunden. Bis Du bestätigst, bleibt alles, wie es ist: Du meldest Dich weiter mit Deiner bisherigen Adresse an.`,
        'Hast Du das nicht angefordert? Dann ignoriere diese E-Mail einfach.',
      ],
      button: 'Neue Adresse bestätigen',
      footer: 'Du bekommst diese E-Mail, weil diese Adresse im Kundenportal als neue Anmeldeadresse eingetragen wurde.',
    },
    en: {
      subject: 'Confirm your new e-mail address',
      heading: 'Confirm your new e-mail address',
      blocks: [
        `Someone wants to sign in to the ${BRAND.name} with ${options.newEmail} from now on. If that was you, please confirm the new address with the link below.`,
        `The link is valid for ${options.hours} hours. Until you confirm, nothing changes: you keep signing in with your current address.`,
        'Did not ask for this? Then simply ignore this e-mail.',
      ],
      button: 'Confirm new address',
      footer: 'You are receiving this e-mail because this address was entered in the customer portal as a new sign-in address.',
    },
  }[lang];
  return renderCustomerMail({ lang, texts, blocks: texts.blocks, href: options.link });
}

/** To the old address after the change: whoever did it, the owner learns of it. */
export function emailChangedNoticeMail(options: { firstName: string; newEmailMasked: string; lang?: Language }) {
  const lang = options.lang ?? 'de';
  const texts = {
    de: {
      subject: 'Deine E-Mail-Adresse im Kundenportal wurde geändert',
      heading: 'E-Mail-Adresse geändert',
      blocks: [
        `Deine Anmeldeadresse im ${BRAND.name} ist jetzt ${options.newEmailMasked}. Diese Adresse bekommt ab jetzt unsere E-Mails.`,
        'Warst Du das nicht? Dann melde Dich bitte sofort bei unserem Kundenservice.',
      ],
      footer: 'Du bekommst diese E-Mail an Deine bisherige Adresse, damit Du von der Änderung erfährst.',
    },
    en: {
      subject: 'Your e-mail address in the customer portal was changed',
      heading: 'E-mail address changed',
      blocks: [
        `Your sign-in address for the ${BRAND.name} is now ${options.newEmailMasked}. From now on our e-mails go to that address.`,
        'Was this not you? Then please contact our customer service at once.',
      ],
      footer: 'You are receiving this e-mail at your previous address so that you learn of the change.',
    },
  }[lang];
  return renderCustomerMail({ lang, texts, name: options.firstName, blocks: texts.blocks });
}

/** The password-change mail: a notice that it happened. */
export function passwordChangedMail(options: { firstName: string; lang?: Language }) {
  const lang = options.lang ?? 'de';
  const texts = {
    de: {
      subject: 'Dein Passwort im Kundenportal wurde geändert',
      heading: 'Passwort geändert',
      blocks: [
        'Dein Passwort für das Kundenportal wurde gerade geändert. Alle anderen Anmeldungen (z. B. auf einem anderen Gerät) haben wir beendet.',
        'Warst Du das nicht? Dann melde Dich mit einem Code per E-Mail an, ändere Dein Passwort und sag unserem Kundenservice Bescheid.',
      ],
      footer: 'Du bekommst diese E-Mail, weil das Passwort Deines Kontos geändert wurde.',
    },
    en: {
      subject: 'Your customer portal password was changed',
      heading: 'Password changed',
      blocks: [
        'Your password for the customer portal was just changed. We have ended every other sign-in (for example on another device).',
        'Was this not you? Then sign in with a code by e-mail, change your password and let our customer service know.',
      ],
      footer: 'You are receiving this e-mail because the password of your account was changed.',
    },
  }[lang];
  return renderCustomerMail({ lang, texts, name: options.firstName, blocks: texts.blocks });
}

/** The big data export is ready (built by a job). */
export function dataExportReadyMail(options: { firstName: string; link: string; days: number; lang?: Language }) {
  const lang = options.lang ?? 'de';
  const texts = {
    de: {
      subject: 'Dein Datenexport ist fertig',
      text: `Du kannst Deine Daten jetzt in den Einstellungen herunterladen. Der Export liegt ${options.days} Tage bereit.`,
      button: 'Zu den Einstellungen',
      footer: 'Du bekommst diese E-Mail, weil Du im Kundenportal einen Export Deiner Daten angefordert hast.',
    },
    en: {
      subject: 'Your data export is ready',
      text: `You can download your data in the settings now. The export is kept for ${options.days} days.`,
      button: 'Go to the settings',
      footer: 'You are receiving this e-mail because you asked for an export of your data in the customer portal.',
    },
  }[lang];
  return renderCustomerMail({ lang, texts, name: options.firstName, blocks: [texts.text], href: options.link });
}

/**
 * After the deletion. There is no sign-up of one's own in the portal (accounts come with the installer's invitation),
 * so the mail names the real way back: the installer invites again. `retained` is in the mail's language.
 */
export function accountDeletedMail(options: { firstName?: string | null; retained: string[]; lang?: Language }) {
  const lang = options.lang ?? 'de';
  const texts = {
    de: {
      subject: 'Dein Konto im Kundenportal ist gelöscht',
      heading: 'Dein Konto ist gelöscht',
      done: `wie gewünscht haben wir Dein Konto im ${BRAND.name} gelöscht: Deine Anmeldung, Deine Angaben, Deine Protokolle und die Verbindung zu Deinen Projekten.`,
      kept: 'Was wir aufbewahren müssen',
      projects: 'Deine Projekte selbst (Verträge, Rechnungen, Termine) betreut der Installateur weiter.',
      back: 'Möchtest Du das Kundenportal später wieder nutzen, sag Deinem Ansprechpartner beim Installateur Bescheid: Du bekommst dann eine neue Einladung per E-Mail.',
      footer: 'Dies ist die letzte E-Mail zu Deinem Konto im Kundenportal.',
    },
    en: {
      subject: 'Your customer portal account is deleted',
      heading: 'Your account is deleted',
      done: `As you asked, we deleted your account in the ${BRAND.name}: your sign-in, your details, your logs and the connection to your projects.`,
      kept: 'What we have to keep',
      projects: 'The installer keeps looking after your projects themselves (contracts, invoices, appointments).',
      back: 'If you want to use the customer portal again later, tell your contact person at the installer: you will then get a new invitation by e-mail.',
      footer: 'This is the last e-mail about your customer portal account.',
    },
  }[lang];
  return renderCustomerMail({
    lang,
    texts,
    name: options.firstName,
    blocks: [
      texts.done,
      ...(options.retained.length > 0 ? [{ title: texts.kept, items: options.retained }] : []),
      texts.projects,
      texts.back,
    ],
  });
}
