import type { LeadContentTopic } from '../../contracts/funnel.ts';
import type { SalesRep } from '../../ports/sales-service.ts';
import type { Language } from '../../contracts/auth.ts';
import { renderBrandedMail, renderCustomerMail } from '../mail/mail-layout.ts';
import { maskPhone } from './phone.ts';

/** The product lines' names in mails, in both languages (the site has its own i18n labels). */
export const TOPIC_NAMES: Record<Language, Record<LeadContentTopic, string>> = {
  de: { IQ: 'Energiemanagement (IQ)', SOLAR: 'Photovoltaik', STORAGE: 'Stromspeicher', CHARGE: 'Wallbox und Laden', OFFGRID: 'Inselanlage (Offgrid)' },
  en: { IQ: 'Energy management (IQ)', SOLAR: 'Photovoltaics', STORAGE: 'Battery storage', CHARGE: 'Wallbox and charging', OFFGRID: 'Off-grid system' },
};

/**
 * SUCCESS_FUNNEL_EMAIL: the lead's confirmation after the verified number, with what happens next. In the language
 * the visitor used the offer page in (a lead has no account setting yet).
 */
export function buildFunnelConfirmationMail(input: {
  firstName: string;
  topics: LeadContentTopic[];
  phoneNumber: string;
  salesRep: SalesRep | null;
  installerName: string;
  privacyUrl: string;
  /** The lead login: the lead's own area with the representative's video and information on the products. */
  signInUrl: string;
  lang?: Language;
}) {
  const lang = input.lang ?? 'de';
  const rep = input.salesRep;
  const phone = maskPhone(input.phoneNumber);
  const texts = {
    de: {
      subject: `Danke für Deine Anfrage bei der ${input.installerName}`,
      heading: 'Wir melden uns bei Dir',
      thanks: `danke für Dein Interesse! Deine Handynummer ${phone} ist bestätigt, und Deine Anfrage ist bei unserem Vertrieb.`,
      interested: 'Du interessierst Dich für',
      contact: 'Deine Ansprechperson',
      phone: 'Telefon',
      email: 'E-Mail',
      noRep: 'Eine Ansprechperson aus unserem Vertrieb meldet sich in den nächsten Werktagen bei Dir.',
      next: 'Wir rufen Dich an oder schreiben Dir, um Deine Fragen zu klären und ein Angebot vorzubereiten. Das ist für Dich unverbindlich.',
      area: 'In Deinem persönlichen Bereich stellt sich Deine Ansprechperson im Video vor, und Du findest Informationen zu den Themen, die Dich interessieren. Du meldest Dich dort mit Deiner E-Mail-Adresse und einem Code an, den wir Dir schicken – ein Passwort brauchst Du nicht.',
      consent: `Du kannst Deine Einwilligung, dass wir Dich kontaktieren, jederzeit widerrufen: Antworte einfach auf diese E-Mail. Wie wir Deine Daten verarbeiten, steht in unserer Datenschutzerklärung: ${input.privacyUrl}`,
      button: 'Zu Deinem Bereich',
      footer: 'Du bekommst diese E-Mail, weil Du auf unserer Angebotsseite eine Beratung angefragt hast.',
    },
    en: {
      subject: `Thank you for your enquiry at ${input.installerName}`,
      heading: 'We will get in touch',
      thanks: `Thank you for your interest! Your mobile number ${phone} is confirmed, and your enquiry is with our sales team.`,
      interested: 'You are interested in',
      contact: 'Your contact person',
      phone: 'Phone',
      email: 'E-mail',
      noRep: 'A contact person from our sales team will get in touch with you in the next working days.',
      next: 'We will call or write to you to answer your questions and prepare an offer. There is no obligation for you.',
      area: 'In your personal area your contact person introduces themselves in a video, and you find information on the topics you are interested in. You sign in there with your e-mail address and a code we send you – you do not need a password.',
      consent: `You can withdraw your consent to be contacted at any time: simply reply to this e-mail. How we process your data is explained in our privacy policy: ${input.privacyUrl}`,
      button: 'Go to your area',
      footer: 'You are receiving this e-mail because you asked for advice on our offer page.',
    },
  }[lang];
  return renderCustomerMail({
    lang,
    texts,
    name: input.firstName,
    blocks: [
      texts.thanks,
      { title: texts.interested, items: input.topics.map((topic) => TOPIC_NAMES[lang][topic]) },
      rep ? { title: texts.contact, items: [rep.name, `${texts.phone}: ${rep.phone}`, `${texts.email}: ${rep.email}`] } : texts.noRep,
      texts.next,
      texts.area,
      texts.consent,
    ],
    href: input.signInUrl,
    installerName: input.installerName,
  });
}

/** The warning before the budget runs out (FUNNEL_LIMITS.budgetWarningShare), at most once a day. */
export function buildBudgetWarningMail(input: { budget: number; sent: number; day: string }) {
  return renderBrandedMail({
    subject: '[Kundenportal] SMS-Tagesbudget fast aufgebraucht',
    heading: 'SMS-Tagesbudget fast aufgebraucht',
    greeting: 'Hallo Betrieb,',
    blocks: [
      { paragraph: `Der Lead-Funnel hat heute (${input.day}, UTC) ${input.sent} von ${input.budget} SMS verschickt. Ist das Budget aufgebraucht, bekommen neue Interessenten bis zum nächsten Tag keinen Code mehr.` },
      {
        title: 'Was jetzt zu tun ist',
        items: [
          'Prüfen, ob die Anfragen echt sind oder ob jemand SMS-Pumping versucht (viele Nummern aus einem Block, viele Adressen aus einem Netz).',
          'Ist der Andrang echt: SMS_DAILY_BUDGET erhöhen und die Instanzen neu starten, bevor das Budget aufgebraucht ist.',
        ],
      },
    ],
    signOff: 'Das Kundenportal',
    footer: ['Automatische Nachricht des Kundenportals; sie kommt höchstens einmal am Tag.'],
  });
}

/** The operator's alert when the daily SMS budget is spent (sending stopped until the next day, UTC). */
export function buildBudgetAlertMail(input: { budget: number; day: string; retryAfterSeconds: number }) {
  const hours = Math.max(1, Math.round(input.retryAfterSeconds / 3600));
  return renderBrandedMail({
    subject: '[Kundenportal] SMS-Tagesbudget erreicht – Versand gestoppt',
    heading: 'SMS-Tagesbudget erreicht',
    greeting: 'Hallo Betrieb,',
    blocks: [
      { paragraph: `Der Lead-Funnel hat heute (${input.day}, UTC) sein Budget von ${input.budget} SMS aufgebraucht. Bis zum nächsten Tag (in etwa ${hours} Stunden) verschickt das Portal keine Codes mehr; Besucher sehen eine Bitte, es später zu versuchen.` },
      {
        title: 'Was jetzt zu tun ist',
        items: [
          'Prüfen, ob die Anfragen echt sind oder ob jemand SMS-Pumping versucht (viele Nummern aus einem Block, viele Länder-Vorwahlen).',
          'Ist der Andrang echt: SMS_DAILY_BUDGET erhöhen und die Instanzen neu starten.',
        ],
      },
    ],
    signOff: 'Das Kundenportal',
    footer: ['Automatische Nachricht des Kundenportals; sie kommt höchstens einmal am Tag.'],
  });
}
