import { FUNNEL_PAGES } from '../../contracts/funnel.ts';
import { renderBrandedMail } from '../mail/mail-layout.ts';
import { formatEuro } from './amounts.ts';
import { maskIban } from './iban.ts';

/**
 * refund (SUCCESS_/FAILED_REFUND_EMAIL): the installer entered a refund for the project: money back (then the portal
 * asks for the account) or an amount owed (then it says where to pay). Only a link; the details are in the portal.
 */
export function buildRefundMail(options: { publicUrl: string; installerName: string; projectId: number; amount: string; dueDate: string | null }) {
  const owed = options.amount.startsWith('-');
  const amount = formatEuro(options.amount, { absolute: true });
  const due = options.dueDate ? ` bis zum ${options.dueDate.split('-').reverse().join('.')}` : '';
  return renderBrandedMail({
    subject: owed ? `Offener Betrag zu Deinem Projekt ${options.projectId}` : `Du bekommst Geld zurück (Projekt ${options.projectId})`,
    heading: owed ? 'Ein Betrag ist noch offen' : 'Du bekommst Geld zurück',
    greeting: 'Hallo,',
    blocks: [
      {
        paragraph: owed
          ? `zu Deinem Projekt ${options.projectId} ist noch ein Betrag von ${amount} offen. Bitte überweise ihn${due}; Konto und Verwendungszweck findest Du im Kundenportal.`
          : `wir erstatten Dir ${amount} für Projekt ${options.projectId}. Sag uns im Kundenportal, auf welches Konto wir überweisen sollen.`,
      },
    ],
    button: { label: owed ? 'Zahlungsangaben ansehen' : 'Bankverbindung angeben', href: new URL('/home/app/refund', options.publicUrl).href },
    signOff: `Dein Team der ${options.installerName}`,
    footer: ['Du bekommst diese E-Mail, weil Du im Kundenportal mit diesem Projekt verbunden bist.'],
  });
}

/** refund-submit (SUCCESS_/FAILED_REFUND_SUBMIT_EMAIL): the bank details for a refund arrived. The IBAN only masked. */
export function buildRefundSubmitMail(options: { publicUrl: string; installerName: string; name: string; projectId: number; amount: string; accountHolder: string; iban: string }) {
  return renderBrandedMail({
    subject: `Deine Bankverbindung für die Erstattung ist angekommen (Projekt ${options.projectId})`,
    heading: 'Wir zahlen Dir Geld zurück',
    greeting: `Hallo ${options.name},`,
    blocks: [
      { paragraph: `danke, wir haben Deine Bankverbindung erhalten. Wir überweisen Dir ${formatEuro(options.amount)} für Projekt ${options.projectId}, in der Regel innerhalb von zehn Bankarbeitstagen.` },
      { title: 'Auf dieses Konto', items: [`Kontoinhaber/in: ${options.accountHolder}`, `IBAN: ${maskIban(options.iban)}`] },
      { paragraph: 'Die Bestätigung findest Du auch als PDF im Kundenportal unter „Dateien“ → „Dokumente“ (Rechnungen). Stimmt etwas nicht, schreib uns bitte über „Nachrichten“.' },
    ],
    button: { label: 'Zu meinen Dokumenten', href: new URL('/home/app/files/documents?categoryFilter=BILL', options.publicUrl).href },
    signOff: `Dein Team der ${options.installerName}`,
    footer: ['Du bekommst diese E-Mail, weil Du im Kundenportal eine Bankverbindung für eine Erstattung angegeben hast.'],
  });
}

/** referral-reward (SUCCESS_/FAILED_REFERRAL_REWARD_EMAIL): the customer's referral arrived; what happens next. */
export function buildReferralRewardMail(options: { publicUrl: string; installerName: string; name: string; referredName: string; reward: string; iban: string }) {
  return renderBrandedMail({
    subject: `Danke für Deine Empfehlung von ${options.referredName}`,
    heading: 'Danke für Deine Empfehlung',
    greeting: `Hallo ${options.name},`,
    blocks: [
      { paragraph: `schön, dass Du uns ${options.referredName} empfiehlst. Wir melden uns einmal bei ${options.referredName}.` },
      {
        title: 'So geht es weiter',
        items: [
          `Wird aus der Empfehlung ein Auftrag, bestätigen wir sie im Kundenportal.`,
          `Danach überweisen wir Dir ${formatEuro(options.reward)} auf das Konto ${maskIban(options.iban)}.`,
          'Den Stand siehst Du jederzeit unter „Empfehlungen“ im Kundenportal.',
        ],
      },
    ],
    button: { label: 'Meine Empfehlungen', href: new URL('/home/app/referral-reward', options.publicUrl).href },
    signOff: `Dein Team der ${options.installerName}`,
    footer: ['Du bekommst diese E-Mail, weil Du im Kundenportal jemanden empfohlen hast.'],
  });
}

/** funnel-referral (SUCCESS_/FAILED_FUNNEL_REFERRAL_EMAIL): one mail to the referred person, who agreed to it. */
export function buildFunnelReferralMail(options: { publicUrl: string; installerName: string; referredName: string; referrerName: string }) {
  return renderBrandedMail({
    subject: `${options.referrerName} empfiehlt Dir die ${options.installerName}`,
    heading: 'Eine Empfehlung für Dich',
    greeting: `Hallo ${options.referredName},`,
    blocks: [
      { paragraph: `${options.referrerName} hat mit uns eine Solaranlage gebaut und uns Dir weiterempfohlen. Wenn Du magst, beraten wir Dich unverbindlich zu Photovoltaik, Speicher, Wallbox oder Wärmepumpe.` },
      { paragraph: 'Wenn Du kein Interesse hast, musst Du nichts tun: Wir schreiben Dir nicht noch einmal.' },
    ],
    // The offer page (the lead funnel), not the portal's start page: that one only offers a customer's sign-in.
    button: { label: 'Beratung anfragen', href: new URL(FUNNEL_PAGES.details, options.publicUrl).href },
    signOff: `Dein Team der ${options.installerName}`,
    footer: [`Du bekommst diese E-Mail einmalig, weil ${options.referrerName} Dich mit Deinem Einverständnis bei uns empfohlen hat. Wir nutzen Deine Adresse nur für diese Empfehlung.`],
  });
}
