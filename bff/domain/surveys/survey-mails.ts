import type { SurveyType } from '../../contracts/surveys.ts';
import { renderBrandedMail } from '../mail/mail-layout.ts';

/** The mails of the surveys (issue 15): invitation, one reminder, and the one review invitation after the survey. */

interface MailContext {
  publicUrl: string;
  installerName: string;
}

/** `done` continues "für Dein Projekt 100240 …", so it starts with the verb (German word order after an adverbial). */
const WHAT: Record<SurveyType, { short: string; done: string; subject: string }> = {
  DC: {
    short: 'DC-Montage',
    done: 'hat unser Montageteam die Solarmodule auf Deinem Dach montiert (DC-Montage).',
    subject: 'Wie war die Montage auf Deinem Dach?',
  },
  AC: {
    short: 'AC-Montage',
    done: 'hat unsere Elektrikerin oder unser Elektriker Deine Anlage angeschlossen und in Betrieb genommen (AC-Montage).',
    subject: 'Wie war der Anschluss Deiner Anlage?',
  },
};

export function buildInvitationMail(ctx: MailContext & { surveyType: SurveyType; projectId: number; surveyPath: string; reminder: boolean }) {
  const what = WHAT[ctx.surveyType];
  return renderBrandedMail({
    subject: `${ctx.reminder ? 'Erinnerung: ' : ''}${what.subject} (Projekt ${ctx.projectId})`,
    heading: `Deine Meinung zur ${what.short}`,
    greeting: 'Hallo,',
    blocks: [
      { paragraph: `${ctx.reminder ? 'vor einer Woche haben wir Dich gefragt: ' : ''}für Dein Projekt ${ctx.projectId} ${what.done} Wie zufrieden warst Du?` },
      { paragraph: 'Die Umfrage hat ein paar kurze Fragen und dauert etwa zwei Minuten. Deine Antworten helfen unseren Teams, besser zu werden.' },
    ],
    button: { label: 'Zur Umfrage', href: new URL(ctx.surveyPath, ctx.publicUrl).href },
    signOff: `Dein Team der ${ctx.installerName}`,
    footer: [
      ctx.reminder
        ? 'Das ist unsere einzige Erinnerung an diese Umfrage.'
        : 'Du bekommst diese E-Mail, weil Dein Projekt im Kundenportal verknüpft ist. Wir erinnern Dich höchstens einmal.',
    ],
  });
}

/**
 * The review invitation by mail (only with the customer's consent from the survey, BGH VI ZR 225/17): neutral wording,
 * the same for every respondent whatever they answered, no incentive (UWG section 5b; the platforms forbid gating).
 */
export function buildReviewMail(ctx: MailContext & { link: string }) {
  return renderBrandedMail({
    subject: `Wie gefällt Dir Deine Anlage? Erzähl es anderen`,
    heading: 'Teile Deine Erfahrung',
    greeting: 'Hallo,',
    blocks: [
      { paragraph: `danke, dass Du an unserer Umfrage teilgenommen hast. Wenn Du magst, schreib auf unserer Bewertungsplattform, wie Du die ${ctx.installerName} erlebt hast – ob gut oder weniger gut.` },
      { paragraph: 'Deine ehrliche Bewertung hilft anderen bei ihrer Entscheidung. Sie ist freiwillig, und es gibt dafür keine Gegenleistung.' },
    ],
    button: { label: 'Bewertung schreiben', href: ctx.link },
    signOff: `Dein Team der ${ctx.installerName}`,
    footer: ['Du bekommst diese E-Mail einmal, weil Du in der Umfrage zugestimmt hast. Weitere E-Mails zu Bewertungen schicken wir Dir nicht.'],
  });
}
