import type { Language } from '../../contracts/auth.ts';
import { renderCustomerMail } from '../mail/mail-layout.ts';


/** "Neue Antwort" mail: the installer answered in a thread; the text stays in the portal (a link, no content). */
export function buildAnswerMail(options: { publicUrl: string; installerName: string; subject: string; threadPath: string; lang?: Language; firstName?: string | null }) {
  const lang = options.lang ?? 'de';
  const texts = {
    de: {
      subject: `Neue Nachricht zu „${options.subject}“`,
      heading: 'Du hast eine neue Nachricht',
      text: `wir haben Dir zu „${options.subject}“ geschrieben. Du kannst die Nachricht im Kundenportal lesen und dort antworten.`,
      button: 'Nachricht lesen',
      footer: 'Du bekommst diese E-Mail, weil Du im Kundenportal mit uns schreibst. Wir schicken höchstens eine E-Mail pro Stunde und Unterhaltung.',
    },
    en: {
      subject: `New message about “${options.subject}”`,
      heading: 'You have a new message',
      text: `We have written to you about “${options.subject}”. You can read the message in the customer portal and answer there.`,
      button: 'Read the message',
      footer: 'You are receiving this e-mail because you are writing with us in the customer portal. We send at most one e-mail per hour and conversation.',
    },
  }[lang];
  return renderCustomerMail({ lang, texts, name: options.firstName, blocks: [texts.text], href: new URL(options.threadPath, options.publicUrl).href, installerName: options.installerName });
}

/** Task confirmation (ActivityType SUCCESS_/FAILED_TASK_CONFIRMATION_EMAIL): the request arrived, who handles it. */
export function buildTaskConfirmationMail(options: { publicUrl: string; installerName: string; name: string; subject: string; taskId: string; threadPath: string; lang?: Language }) {
  const lang = options.lang ?? 'de';
  const texts = {
    de: {
      subject: `Wir haben Deine Nachricht erhalten: „${options.subject}“`,
      heading: 'Deine Nachricht ist angekommen',
      blocks: [
        `danke für Deine Nachricht zu „${options.subject}“ (Vorgang ${options.taskId}). Unser Team meldet sich so bald wie möglich, meist innerhalb von zwei Werktagen.`,
        'Sobald wir antworten, bekommst Du eine E-Mail und siehst die Antwort im Kundenportal unter „Nachrichten“.',
      ],
      button: 'Zur Nachricht',
      footer: 'Du bekommst diese E-Mail, weil Du uns im Kundenportal geschrieben hast.',
    },
    en: {
      subject: `We have received your message: “${options.subject}”`,
      heading: 'Your message has arrived',
      blocks: [
        `Thank you for your message about “${options.subject}” (case ${options.taskId}). Our team will get back to you as soon as possible, usually within two working days.`,
        'As soon as we answer, you get an e-mail and see the answer in the customer portal under “Messages”.',
      ],
      button: 'Go to the message',
      footer: 'You are receiving this e-mail because you wrote to us in the customer portal.',
    },
  }[lang];
  return renderCustomerMail({ lang, texts, name: options.name, blocks: texts.blocks, href: new URL(options.threadPath, options.publicUrl).href, installerName: options.installerName });
}
