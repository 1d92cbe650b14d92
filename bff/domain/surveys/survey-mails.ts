import type { Language } from '../../contracts/auth.ts';
import type { SurveyType } from '../../contracts/surveys.ts';
import { renderCustomerMail } from '../mail/mail-layout.ts';

/** The survey mails (docs/surveys.md): invitation, one reminder, and the one review invitation after the survey. */

interface MailContext {
  publicUrl: string;
  installerName: string;
  /** The recipient's language and first name (null: greeted without a name). */
  lang?: Language;
  firstName?: string | null;
}


const WHAT: Record<Language, Record<SurveyType, { short: string; done: string; subject: string }>> = {
  de: {
    DC: { short: 'DC-Montage', done: 'hat unser Montageteam die Solarmodule auf Deinem Dach montiert (DC-Montage).', subject: 'Wie war die Montage auf Deinem Dach?' },
    AC: {
      short: 'AC-Montage',
      done: 'hat unsere Elektrikerin oder unser Elektriker Deine Anlage angeschlossen und in Betrieb genommen (AC-Montage).',
      subject: 'Wie war der Anschluss Deiner Anlage?',
    },
  },
  en: {
    DC: { short: 'DC installation', done: 'our installation team mounted the solar modules on your roof (DC installation).', subject: 'How was the installation on your roof?' },
    AC: { short: 'AC installation', done: 'our electrician connected your installation and put it into operation (AC installation).', subject: 'How was the connection of your installation?' },
  },
};

export function buildInvitationMail(ctx: MailContext & { surveyType: SurveyType; projectId: number; surveyPath: string; reminder: boolean }) {
  const lang = ctx.lang ?? 'de';
  const what = WHAT[lang][ctx.surveyType];
  const texts = {
    de: {
      subject: `${ctx.reminder ? 'Erinnerung: ' : ''}${what.subject} (Projekt ${ctx.projectId})`,
      heading: `Deine Meinung zur ${what.short}`,
      // `done` continues "für Dein Projekt 100240 …", so it starts with the verb (German word order after an adverbial).
      asked: `${ctx.reminder ? 'vor einer Woche haben wir Dich gefragt: für' : 'für'} Dein Projekt ${ctx.projectId} ${what.done} Wie zufrieden warst Du?`,
      short: 'Die Umfrage hat ein paar kurze Fragen und dauert etwa zwei Minuten. Deine Antworten helfen unseren Teams, besser zu werden.',
      button: 'Zur Umfrage',
      footer: ctx.reminder ? 'Das ist unsere einzige Erinnerung an diese Umfrage.' : 'Du bekommst diese E-Mail, weil Dein Projekt im Kundenportal verknüpft ist. Wir erinnern Dich höchstens einmal.',
    },
    en: {
      subject: `${ctx.reminder ? 'Reminder: ' : ''}${what.subject} (project ${ctx.projectId})`,
      heading: `Your opinion on the ${what.short}`,
      asked: `${ctx.reminder ? 'A week ago we asked you: for' : 'For'} your project ${ctx.projectId}, ${what.done} How satisfied were you?`,
      short: 'The survey has a few short questions and takes about two minutes. Your answers help our teams get better.',
      button: 'Go to the survey',
      footer: ctx.reminder ? 'This is our only reminder of this survey.' : 'You are receiving this e-mail because your project is linked in the customer portal. We remind you at most once.',
    },
  }[lang];
  return renderCustomerMail({ lang, texts, name: ctx.firstName, blocks: [texts.asked, texts.short], href: new URL(ctx.surveyPath, ctx.publicUrl).href, installerName: ctx.installerName });
}

/**
 * The review invitation by mail (only with the customer's consent from the survey, BGH VI ZR 225/17): neutral wording,
 * the same for every respondent whatever they answered, no incentive (UWG section 5b; the platforms forbid gating).
 */
export function buildReviewMail(ctx: MailContext & { link: string }) {
  const lang = ctx.lang ?? 'de';
  const texts = {
    de: {
      subject: 'Wie gefällt Dir Deine Anlage? Erzähl es anderen',
      heading: 'Teile Deine Erfahrung',
      blocks: [
        `danke, dass Du an unserer Umfrage teilgenommen hast. Wenn Du magst, schreib auf unserer Bewertungsplattform, wie Du die ${ctx.installerName} erlebt hast – ob gut oder weniger gut.`,
        'Deine ehrliche Bewertung hilft anderen bei ihrer Entscheidung. Sie ist freiwillig, und es gibt dafür keine Gegenleistung.',
      ],
      button: 'Bewertung schreiben',
      footer: 'Du bekommst diese E-Mail einmal, weil Du in der Umfrage zugestimmt hast. Weitere E-Mails zu Bewertungen schicken wir Dir nicht.',
    },
    en: {
      subject: 'How do you like your installation? Tell others',
      heading: 'Share your experience',
      blocks: [
        `Thank you for taking part in our survey. If you like, write on our review platform how you experienced ${ctx.installerName} – whether good or less good.`,
        'Your honest review helps others decide. It is voluntary, and there is nothing in return for it.',
      ],
      button: 'Write a review',
      footer: 'You are receiving this e-mail once because you agreed to it in the survey. We will not send you further e-mails about reviews.',
    },
  }[lang];
  return renderCustomerMail({ lang, texts, name: ctx.firstName, blocks: texts.blocks, href: ctx.link, installerName: ctx.installerName });
}
