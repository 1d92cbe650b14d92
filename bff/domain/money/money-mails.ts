import type { Language } from '../../contracts/auth.ts';
import { FUNNEL_PAGES } from '../../contracts/funnel.ts';
import { renderCustomerMail } from '../mail/mail-layout.ts';
import { formatEuro } from './amounts.ts';
import { maskIban } from './iban.ts';

const day = (date: string, lang: Language) => {
  const [year, month, dayOfMonth] = date.split('-');
  return lang === 'en' ? `${dayOfMonth}/${month}/${year}` : `${dayOfMonth}.${month}.${year}`;
};

/**
 * refund (SUCCESS_/FAILED_REFUND_EMAIL): the installer entered a refund for the project: money back (then the portal
 * asks for the account) or an amount owed (then it says where to pay). Only a link; the details are in the portal.
 */
export function buildRefundMail(options: { publicUrl: string; installerName: string; projectId: number; amount: string; dueDate: string | null; lang?: Language; firstName?: string | null }) {
  const lang = options.lang ?? 'de';
  const owed = options.amount.startsWith('-');
  const amount = formatEuro(options.amount, { absolute: true, lang });
  const id = options.projectId;
  const texts = {
    de: {
      subject: owed ? `Offener Betrag zu Deinem Projekt ${id}` : `Du bekommst Geld zurück (Projekt ${id})`,
      heading: owed ? 'Ein Betrag ist noch offen' : 'Du bekommst Geld zurück',
      text: owed
        ? `zu Deinem Projekt ${id} ist noch ein Betrag von ${amount} offen. Bitte überweise ihn${options.dueDate ? ` bis zum ${day(options.dueDate, lang)}` : ''}; Konto und Verwendungszweck findest Du im Kundenportal.`
        : `wir erstatten Dir ${amount} für Projekt ${id}. Sag uns im Kundenportal, auf welches Konto wir überweisen sollen.`,
      button: owed ? 'Zahlungsangaben ansehen' : 'Bankverbindung angeben',
      footer: 'Du bekommst diese E-Mail, weil Du im Kundenportal mit diesem Projekt verbunden bist.',
    },
    en: {
      subject: owed ? `Amount outstanding for your project ${id}` : `You are getting money back (project ${id})`,
      heading: owed ? 'An amount is still outstanding' : 'You are getting money back',
      text: owed
        ? `An amount of ${amount} is still outstanding for your project ${id}. Please transfer it${options.dueDate ? ` by ${day(options.dueDate, lang)}` : ''}; the account and the payment reference are in the customer portal.`
        : `We are refunding ${amount} for project ${id}. Tell us in the customer portal which account we should transfer it to.`,
      button: owed ? 'See payment details' : 'Enter bank details',
      footer: 'You are receiving this e-mail because you are connected to this project in the customer portal.',
    },
  }[lang];
  return renderCustomerMail({ lang, texts, name: options.firstName, blocks: [texts.text], href: new URL('/home/app/refund', options.publicUrl).href, installerName: options.installerName });
}

/** refund-submit (SUCCESS_/FAILED_REFUND_SUBMIT_EMAIL): the bank details for a refund arrived. The IBAN only masked. */
export function buildRefundSubmitMail(options: { publicUrl: string; installerName: string; name: string; projectId: number; amount: string; accountHolder: string; iban: string; lang?: Language }) {
  const lang = options.lang ?? 'de';
  const amount = formatEuro(options.amount, { lang });
  const id = options.projectId;
  const texts = {
    de: {
      subject: `Deine Bankverbindung für die Erstattung ist angekommen (Projekt ${id})`,
      heading: 'Wir zahlen Dir Geld zurück',
      thanks: `danke, wir haben Deine Bankverbindung erhalten. Wir überweisen Dir ${amount} für Projekt ${id}, in der Regel innerhalb von zehn Bankarbeitstagen.`,
      account: 'Auf dieses Konto',
      holder: 'Kontoinhaber/in',
      pdf: 'Die Bestätigung findest Du auch als PDF im Kundenportal unter „Dateien“ → „Dokumente“ (Rechnungen). Stimmt etwas nicht, schreib uns bitte über „Nachrichten“.',
      button: 'Zu meinen Dokumenten',
      footer: 'Du bekommst diese E-Mail, weil Du im Kundenportal eine Bankverbindung für eine Erstattung angegeben hast.',
    },
    en: {
      subject: `Your bank details for the refund have arrived (project ${id})`,
      heading: 'We are paying you money back',
      thanks: `Thank you, we have received your bank details. We will transfer ${amount} for project ${id} to you, usually within ten bank working days.`,
      account: 'To this account',
      holder: 'Account holder',
      pdf: 'You will also find the confirmation as a PDF in the customer portal under “Files” → “Documents” (invoices). If anything is wrong, please write to us under “Messages”.',
      button: 'Go to my documents',
      footer: 'You are receiving this e-mail because you entered bank details for a refund in the customer portal.',
    },
  }[lang];
  return renderCustomerMail({
    lang,
    texts,
    name: options.name,
    blocks: [texts.thanks, { title: texts.account, items: [`${texts.holder}: ${options.accountHolder}`, `IBAN: ${maskIban(options.iban)}`] }, texts.pdf],
    href: new URL('/home/app/files/documents?categoryFilter=BILL', options.publicUrl).href,
    installerName: options.installerName,
  });
}

/** referral-reward (SUCCESS_/FAILED_REFERRAL_REWARD_EMAIL): the customer's referral arrived; what happens next. */
export function buildReferralRewardMail(options: { publicUrl: string; installerName: string; name: string; referredName: string; reward: string; iban: string; lang?: Language }) {
  const lang = options.lang ?? 'de';
  const reward = formatEuro(options.reward, { lang });
  const who = options.referredName;
  const texts = {
    de: {
      subject: `Danke für Deine Empfehlung von ${who}`,
      heading: 'Danke für Deine Empfehlung',
      text: `schön, dass Du uns ${who} empfiehlst. Wir melden uns einmal bei ${who}.`,
      next: 'So geht es weiter',
      steps: [
        'Wird aus der Empfehlung ein Auftrag, bestätigen wir sie im Kundenportal.',
        `Danach überweisen wir Dir ${reward} auf das Konto ${maskIban(options.iban)}.`,
        'Den Stand siehst Du jederzeit unter „Empfehlungen“ im Kundenportal.',
      ],
      button: 'Meine Empfehlungen',
      footer: 'Du bekommst diese E-Mail, weil Du im Kundenportal jemanden empfohlen hast.',
    },
    en: {
      subject: `Thank you for recommending ${who}`,
      heading: 'Thank you for your recommendation',
      text: `Great that you recommend us to ${who}. We will get in touch with ${who} once.`,
      next: 'What happens next',
      steps: [
        'If the recommendation leads to an order, we confirm it in the customer portal.',
        `Then we transfer ${reward} to the account ${maskIban(options.iban)}.`,
        'You can always see the status under “Referrals” in the customer portal.',
      ],
      button: 'My referrals',
      footer: 'You are receiving this e-mail because you recommended someone in the customer portal.',
    },
  }[lang];
  return renderCustomerMail({
    lang,
    texts,
    name: options.name,
    blocks: [texts.text, { title: texts.next, items: texts.steps }],
    href: new URL('/home/app/referral-reward', options.publicUrl).href,
    installerName: options.installerName,
  });
}

/**
 * funnel-referral (SUCCESS_/FAILED_FUNNEL_REFERRAL_EMAIL): one mail to the referred person, who agreed to it. The
 * person has no account and no language setting: the mail is written in the language of whoever recommended them.
 */
export function buildFunnelReferralMail(options: { publicUrl: string; installerName: string; referredName: string; referrerName: string; lang?: Language }) {
  const lang = options.lang ?? 'de';
  const texts = {
    de: {
      subject: `${options.referrerName} empfiehlt Dir die ${options.installerName}`,
      heading: 'Eine Empfehlung für Dich',
      blocks: [
        `${options.referrerName} hat mit uns eine Solaranlage gebaut und uns Dir weiterempfohlen. Wenn Du magst, beraten wir Dich unverbindlich zu Photovoltaik, Speicher, Wallbox oder Wärmepumpe.`,
        'Wenn Du kein Interesse hast, musst Du nichts tun: Wir schreiben Dir nicht noch einmal.',
      ],
      button: 'Beratung anfragen',
      footer: `Du bekommst diese E-Mail einmalig, weil ${options.referrerName} Dich mit Deinem Einverständnis bei uns empfohlen hat. Wir nutzen Deine Adresse nur für diese Empfehlung.`,
    },
    en: {
      subject: `${options.referrerName} recommends ${options.installerName} to you`,
      heading: 'A recommendation for you',
      blocks: [
        `${options.referrerName} built a solar installation with us and recommended us to you. If you like, we advise you without obligation on photovoltaics, storage, a wallbox or a heat pump.`,
        'If you are not interested, you need not do anything: we will not write to you again.',
      ],
      button: 'Ask for advice',
      footer: `You are receiving this e-mail once because ${options.referrerName} recommended you to us with your consent. We use your address only for this recommendation.`,
    },
  }[lang];
  // The offer page (the lead funnel), not the portal's start page: that one only offers a customer's sign-in.
  return renderCustomerMail({ lang, texts, name: options.referredName, blocks: texts.blocks, href: new URL(FUNNEL_PAGES.details, options.publicUrl).href, installerName: options.installerName });
}
