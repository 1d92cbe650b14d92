import { createHash } from 'node:crypto';
import type { JourneyStep, NextAction, ProjectJourney } from '../../contracts/journey.ts';
import { message, type MessageText } from '../../contracts/message-text.ts';
import type { PortalNotification } from '../../contracts/notifications.ts';
import { renderBrandedMail, signOff } from '../mail/mail-layout.ts';

/**
 * One text of an action in its two uses: the message the bell's entry names (the site words it, German and English;
 * docs/messages.md "Notifications") and the German words of the to-do mail, which the BFF writes itself.
 */
interface Worded {
  notice: MessageText;
  mail: string;
}
const worded = (notice: MessageText, mail: string): Worded => ({ notice, mail });

const STEP_NAMES: Record<JourneyStep, Worded> = {
  OFFER_CONFIRMATION: worded(message('journey.noticeStepOfferConfirmation'), 'Auftragsbestätigung'),
  POWER_OF_ATTORNEY: worded(message('journey.noticeStepPowerOfAttorney'), 'Vollmacht Netzbetreiber'),
  POWER_OF_ATTORNEY_MASTR: worded(message('journey.noticeStepPowerOfAttorneyMastr'), 'Vollmacht Marktstammdatenregister'),
  PLANNING_CONCLUSION: worded(message('journey.noticeStepPlanningConclusion'), 'Abschluss der Planung'),
  DELIVERY: worded(message('journey.noticeStepDelivery'), 'Lieferung'),
  DC: worded(message('journey.noticeStepDc'), 'DC-Montage'),
  AC: worded(message('journey.noticeStepAc'), 'AC-Montage'),
  ASSEMBLY_CONCLUSION: worded(message('journey.noticeStepAssemblyConclusion'), 'Abschluss der Montage'),
};

/** What the action asks for, as a title (the bell's entry, the mail's list). */
function titleOf(action: NextAction): Worded {
  switch (action.kind) {
    case 'CONFIRM_ORDER':
      return worded(message('journey.noticeConfirmOrderTitle'), 'Auftrag bestätigen');
    case 'CONFIRM_DELIVERY':
      return worded(message('journey.noticeConfirmDeliveryTitle'), 'Lieferung bestätigen');
    case 'MOVE_MASTR':
      return worded(message('journey.noticeMoveMastrTitle'), 'Registrierung übertragen');
    case 'REGISTER_MASTR':
      return worded(message('journey.noticeRegisterMastrTitle'), 'MaStR-Nummern eintragen');
    case 'SEND_INFORMATION':
      return worded(message('journey.noticeSendInformationTitle'), 'Unterlagen für den Netzbetreiber schicken');
    case 'ANSWER_REQUEST':
      return worded(message('journey.noticeAnswerRequestTitle'), 'Rückfrage beantworten');
    case 'SIGN':
      switch (action.signingType) {
        case 'MARKET_REGISTER_AUTHORIZATION':
          return worded(message('journey.noticeSignMastrTitle'), 'Vollmacht für das Marktstammdatenregister unterschreiben');
        case 'DC_REPRESENTATIVE_POA':
          return worded(message('journey.noticeSignDcRepresentativeTitle'), 'Vertretung für die DC-Montage bevollmächtigen');
        case 'AC_REPRESENTATIVE_POA':
          return worded(message('journey.noticeSignAcRepresentativeTitle'), 'Vertretung für die AC-Montage bevollmächtigen');
        default:
          return worded(message('journey.noticeSignNetworkOperatorTitle'), 'Vollmacht für den Netzbetreiber unterschreiben');
      }
  }
}

/** One sentence on why, or the installer's own words when they asked for something. */
function textOf(action: NextAction): Worded {
  if (action.request) return worded(message('journey.noticeRequestText', { request: action.request }), `„${action.request}“`);
  switch (action.kind) {
    case 'CONFIRM_ORDER':
      return worded(message('journey.noticeConfirmOrderText'), 'Mit Deiner Bestätigung starten wir die Planung.');
    case 'CONFIRM_DELIVERY':
      return worded(message('journey.noticeConfirmDeliveryText'), 'Die Ware ist da: Bitte bestätige, dass alles angekommen ist.');
    case 'MOVE_MASTR':
      return worded(message('journey.noticeMoveMastrText'), 'Bitte übertrag Deine bestehende Registrierung im Marktstammdatenregister an uns.');
    case 'REGISTER_MASTR':
      return worded(message('journey.noticeRegisterMastrText'), 'Bitte registriere Deine Anlage im Marktstammdatenregister und trag die Nummern im Portal ein.');
    case 'SEND_INFORMATION':
      return worded(message('journey.noticeSendInformationText'), 'Der Netzbetreiber braucht noch etwas von Dir.');
    case 'ANSWER_REQUEST': {
      const step = action.step ? STEP_NAMES[action.step] : null;
      return step
        ? worded(message('journey.noticeAnswerRequestStepText', { step: step.notice }), `Für den Schritt „${step.mail}“ brauchen wir etwas von Dir.`)
        : worded(message('journey.noticeAnswerRequestText'), 'Wir brauchen etwas von Dir.');
    }
    case 'SIGN':
      return action.signingType === 'NETWORK_OPERATOR_POWER_OF_ATTORNEY'
        ? worded(message('journey.noticeSignNetworkOperatorText'), 'Damit beantragen wir Deinen Netzanschluss.')
        : action.signingType === 'MARKET_REGISTER_AUTHORIZATION'
          ? worded(message('journey.noticeSignMastrText'), 'Damit registrieren wir Deine Anlage für Dich – oder Du registrierst sie selbst.')
          : worded(message('journey.noticeSignRepresentativeText'), 'Die Person vertritt Dich beim Montagetermin.');
  }
}

/** Since when the action is open: the installer's request, the step's start, the grid operator's request, commissioning. */
function openSince(journey: ProjectJourney, action: NextAction): string {
  const step = action.step ? journey.steps.find((s) => s.step === action.step) : undefined;
  switch (action.kind) {
    case 'SEND_INFORMATION':
      return journey.gridOperator.requestedInformation?.at ?? step?.startedAt ?? '';
    case 'MOVE_MASTR':
    case 'REGISTER_MASTR':
      return journey.commissionedAt ?? journey.current?.startedAt ?? '';
    default:
      // Without a step of its own the action belongs to the step after commissioning waiting on the customer.
      return step?.customerRequest?.at ?? step?.startedAt ?? journey.afterCommissioning.find((s) => s.state === 'CURRENT')?.since ?? '';
  }
}

/**
 * The action's key: the same open action keeps it (so "seen" in the bell and "mailed once" stick), a new occasion
 * (the step waits on the customer again, a new request) gets a new one.
 */
export function actionKey(journey: ProjectJourney, action: NextAction): string {
  return [journey.project.id, action.kind, action.step ?? '-', action.signingType ?? '-', openSince(journey, action)].join(':');
}

/** The bell's entry for a demanded action of the journey. */
export function actionNotification(journey: ProjectJourney, action: NextAction): Omit<PortalNotification, 'seen'> {
  const since = openSince(journey, action);
  return {
    // The transfer keeps the id it always had, so an entry seen before stays seen.
    id: action.kind === 'MOVE_MASTR' ? `MOVE_MASTR:${journey.project.id}` : `JOURNEY_ACTION:${actionKey(journey, action)}`,
    type: action.kind === 'MOVE_MASTR' ? 'MOVE_MASTR' : 'JOURNEY_ACTION',
    projectId: journey.project.id,
    title: titleOf(action).notice,
    text: textOf(action).notice,
    href: action.href,
    createdAt: since && !Number.isNaN(Date.parse(since)) ? new Date(since).toISOString() : new Date(0).toISOString(),
  };
}

/**
 * The milestone a to-do mail claims (the table keeps 32 characters): a digest of the action's key, so each new
 * to-do is mailed once, however often the installer's system reports the project.
 */
export const todoMilestone = (key: string) => `TODO:${createHash('sha256').update(key).digest('base64url').slice(0, 27)}`;

/**
 * The mail for new to-dos of a project (ActivityType SUCCESS_/FAILED_REMINDER_EMAIL: it is the first notice of the
 * open actions the reminders later repeat). German, informal "Du".
 */
export function buildTodoMail(options: { publicUrl: string; installerName: string; journey: ProjectJourney; actions: NextAction[] }) {
  const { journey, actions } = options;
  const place = `${journey.project.address.contact.street} ${journey.project.address.contact.houseNumber}, ${journey.project.address.contact.city}`;
  const first = actions[0];
  return renderBrandedMail({
    subject: actions.length === 1 && first ? `Du bist dran: ${titleOf(first).mail} (Projekt ${journey.project.id})` : `Du bist dran: ${actions.length} Schritte (Projekt ${journey.project.id})`,
    heading: 'Für Dein Projekt brauchen wir Dich',
    greeting: 'Hallo,',
    blocks: [
      { paragraph: `in Deinem Projekt ${journey.project.id} (${place}) wartet etwas auf Dich. Sobald es erledigt ist, geht es weiter.` },
      { title: 'Das ist zu tun', items: actions.map((a) => `${titleOf(a).mail}: ${textOf(a).mail}`) },
      { paragraph: `Fragen beantwortet Dir ${journey.contactPerson.name} (${journey.contactPerson.phone}) oder schreib uns im Kundenportal unter „Nachrichten“.` },
    ],
    button: { label: 'Im Kundenportal erledigen', href: new URL(first?.href ?? '/home/dashboard', options.publicUrl).href },
    signOff: signOff('de', options.installerName),
    footer: ['Du bekommst diese E-Mail einmal für jeden neuen Schritt, der auf Dich wartet. Erinnerungen kommen frühestens nach drei Tagen.'],
  });
}
