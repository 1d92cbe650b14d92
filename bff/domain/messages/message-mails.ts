import { renderBrandedMail } from '../mail/mail-layout.ts';

/** "Neue Antwort" mail: the installer answered in a thread; the text stays in the portal (a link, no content). */
export function buildAnswerMail(options: { publicUrl: string; installerName: string; subject: string; threadPath: string; to: string }) {
  return renderBrandedMail({
    subject: `Neue Nachricht zu „${options.subject}“`,
    heading: 'Du hast eine neue Nachricht',
    greeting: 'Hallo,',
    blocks: [{ paragraph: `wir haben Dir zu „${options.subject}“ geschrieben. Du kannst die Nachricht im Kundenportal lesen und dort antworten.` }],
    button: { label: 'Nachricht lesen', href: new URL(options.threadPath, options.publicUrl).href },
    signOff: `Dein Team der ${options.installerName}`,
    footer: ['Du bekommst diese E-Mail, weil Du im Kundenportal mit uns schreibst. Wir schicken höchstens eine E-Mail pro Stunde und Unterhaltung.'],
  });
}

/** Task confirmation (ActivityType SUCCESS_/FAILED_TASK_CONFIRMATION_EMAIL): the request arrived, who handles it. */
export function buildTaskConfirmationMail(options: { publicUrl: string; installerName: string; name: string; subject: string; taskId: string; threadPath: string }) {
  return renderBrandedMail({
    subject: `Wir haben Deine Nachricht erhalten: „${options.subject}“`,
    heading: 'Deine Nachricht ist angekommen',
    greeting: `Hallo ${options.name},`,
    blocks: [
      { paragraph: `danke für Deine Nachricht zu „${options.subject}“ (Vorgang ${options.taskId}). Unser Team meldet sich so bald wie möglich, meist innerhalb von zwei Werktagen.` },
      { paragraph: 'Sobald wir antworten, bekommst Du eine E-Mail und siehst die Antwort im Kundenportal unter „Nachrichten“.' },
    ],
    button: { label: 'Zur Nachricht', href: new URL(options.threadPath, options.publicUrl).href },
    signOff: `Dein Team der ${options.installerName}`,
    footer: ['Du bekommst diese E-Mail, weil Du uns im Kundenportal geschrieben hast.'],
  });
}
