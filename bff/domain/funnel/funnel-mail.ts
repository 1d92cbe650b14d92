import type { LeadContentTopic } from '../../contracts/funnel.ts';
import type { SalesRep } from '../../ports/sales-service.ts';
import { renderBrandedMail } from '../mail/mail-layout.ts';
import { maskPhone } from './phone.ts';

/** German names of the product lines in mails (the site has its own i18n labels). */
export const TOPIC_NAMES: Record<LeadContentTopic, string> = {
  IQ: 'Energiemanagement (IQ)',
  SOLAR: 'Photovoltaik',
  STORAGE: 'Stromspeicher',
  CHARGE: 'Wallbox und Laden',
  OFFGRID: 'Inselanlage (Offgrid)',
};

/** SUCCESS_FUNNEL_EMAIL: the lead's confirmation after the verified number, with what happens next. */
export function buildFunnelConfirmationMail(input: {
  firstName: string;
  topics: LeadContentTopic[];
  phoneNumber: string;
  salesRep: SalesRep | null;
  installerName: string;
  privacyUrl: string;
  /** The lead login: the lead's own area with the representative's video and information on the products. */
  signInUrl: string;
}) {
  const rep = input.salesRep;
  return renderBrandedMail({
    subject: `Danke für Deine Anfrage bei der ${input.installerName}`,
    heading: 'Wir melden uns bei Dir',
    greeting: `Hallo ${input.firstName},`,
    blocks: [
      { paragraph: `danke für Dein Interesse! Deine Handynummer ${maskPhone(input.phoneNumber)} ist bestätigt, und Deine Anfrage ist bei unserem Vertrieb.` },
      { title: 'Du interessierst Dich für', items: input.topics.map((topic) => TOPIC_NAMES[topic]) },
      rep
        ? { title: 'Deine Ansprechperson', items: [rep.name, `Telefon: ${rep.phone}`, `E-Mail: ${rep.email}`] }
        : { paragraph: 'Eine Ansprechperson aus unserem Vertrieb meldet sich in den nächsten Werktagen bei Dir.' },
      { paragraph: 'Wir rufen Dich an oder schreiben Dir, um Deine Fragen zu klären und ein Angebot vorzubereiten. Das ist für Dich unverbindlich.' },
      {
        paragraph:
          'In Deinem persönlichen Bereich stellt sich Deine Ansprechperson im Video vor, und Du findest Informationen zu den Themen, die Dich interessieren. Du meldest Dich dort mit Deiner E-Mail-Adresse und einem Code an, den wir Dir schicken – ein Passwort brauchst Du nicht.',
      },
      { paragraph: `Du kannst Deine Einwilligung, dass wir Dich kontaktieren, jederzeit widerrufen: Antworte einfach auf diese E-Mail. Wie wir Deine Daten verarbeiten, steht in unserer Datenschutzerklärung: ${input.privacyUrl}` },
    ],
    button: { label: 'Zu Deinem Bereich', href: input.signInUrl },
    signOff: `Dein Team der ${input.installerName}`,
    footer: ['Du bekommst diese E-Mail, weil Du auf unserer Angebotsseite eine Beratung angefragt hast.'],
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
