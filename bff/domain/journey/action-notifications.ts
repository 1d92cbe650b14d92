import { createHash } from 'node:crypto';
import type { JourneyStep, NextAction, ProjectJourney } from '../../contracts/journey.ts';
import type { PortalNotification } from '../../contracts/notifications.ts';
import { renderBrandedMail } from '../mail/mail-layout.ts';

type Texts = { de: string; en: string };

const STEP_NAMES: Record<JourneyStep, Texts> = {
  OFFER_CONFIRMATION: { de: 'Auftragsbestätigung', en: 'order confirmation' },
  POWER_OF_ATTORNEY: { de: 'Vollmacht Netzbetreiber', en: 'grid operator power of attorney' },
  POWER_OF_ATTORNEY_MASTR: { de: 'Vollmacht Marktstammdatenregister', en: 'market register authorisation' },
  PLANNING_CONCLUSION: { de: 'Abschluss der Planung', en: 'end of planning' },
  DELIVERY: { de: 'Lieferung', en: 'delivery' },
  DC: { de: 'DC-Montage', en: 'DC installation' },
  AC: { de: 'AC-Montage', en: 'AC installation' },
  ASSEMBLY_CONCLUSION: { de: 'Abschluss der Montage', en: 'end of installation' },
};

/** What the action asks for, as a title (the bell's entry, the mail's list). */
function titleOf(action: NextAction): Texts {
  switch (action.kind) {
    case 'CONFIRM_ORDER':
      return { de: 'Auftrag bestätigen', en: 'Confirm your order' };
    case 'CONFIRM_DELIVERY':
      return { de: 'Lieferung bestätigen', en: 'Confirm the delivery' };
    case 'MOVE_MASTR':
      return { de: 'Registrierung übertragen', en: 'Transfer your registration' };
    case 'REGISTER_MASTR':
      return { de: 'MaStR-Nummern eintragen', en: 'Enter your MaStR numbers' };
    case 'SEND_INFORMATION':
      return { de: 'Unterlagen für den Netzbetreiber schicken', en: 'Send documents for the grid operator' };
    case 'ANSWER_REQUEST':
      return { de: 'Rückfrage beantworten', en: 'Answer our request' };
    case 'SIGN':
      switch (action.signingType) {
        case 'MARKET_REGISTER_AUTHORIZATION':
          return { de: 'Vollmacht für das Marktstammdatenregister unterschreiben', en: 'Sign the market register authorisation' };
        case 'DC_REPRESENTATIVE_POA':
          return { de: 'Vertretung für die DC-Montage bevollmächtigen', en: 'Authorise a representative for the DC installation' };
        case 'AC_REPRESENTATIVE_POA':
          return { de: 'Vertretung für die AC-Montage bevollmächtigen', en: 'Authorise a representative for the AC installation' };
        default:
          return { de: 'Vollmacht für den Netzbetreiber unterschreiben', en: 'Sign the grid operator power of attorney' };
      }
  }
}

/** One sentence on why, or the installer's own words when they asked for something. */
function textOf(action: NextAction): Texts {
  if (action.request) return { de: `„${action.request}“`, en: `Our request (in German): “${action.request}”` };
  switch (action.kind) {
    case 'CONFIRM_ORDER':
      return { de: 'Mit Deiner Bestätigung starten wir die Planung.', en: 'With your confirmation we start planning.' };
    case 'CONFIRM_DELIVERY':
      return { de: 'Die Ware ist da: Bitte bestätige, dass alles angekommen ist.', en: 'The goods have arrived: please confirm that everything is there.' };
    case 'MOVE_MASTR':
      return {
        de: 'Bitte übertrag Deine bestehende Registrierung im Marktstammdatenregister an uns.',
        en: 'Please transfer your existing registration in the Marktstammdatenregister to us.',
      };
    case 'REGISTER_MASTR':
      return {
        de: 'Bitte registriere Deine Anlage im Marktstammdatenregister und trag die Nummern im Portal ein.',
        en: 'Please register your installation in the Marktstammdatenregister and enter the numbers in the portal.',
      };
    case 'SEND_INFORMATION':
      return { de: 'Der Netzbetreiber braucht noch etwas von Dir.', en: 'The grid operator needs something from you.' };
    case 'ANSWER_REQUEST': {
      const step = action.step ? STEP_NAMES[action.step] : null;
      return step
        ? { de: `Für den Schritt „${step.de}“ brauchen wir etwas von Dir.`, en: `For the step “${step.en}” we need something from you.` }
        : { de: 'Wir brauchen etwas von Dir.', en: 'We need something from you.' };
    }
    case 'SIGN':
      return action.signingType === 'NETWORK_OPERATOR_POWER_OF_ATTORNEY'
        ? { de: 'Damit beantragen wir Deinen Netzanschluss.', en: 'With it we apply for your grid connection.' }
        : action.signingType === 'MARKET_REGISTER_AUTHORIZATION'
          ? { de: 'Damit registrieren wir Deine Anlage für Dich – oder Du registrierst sie selbst.', en: 'With it we register your installation for you – or you register it yourself.' }
          : { de: 'Die Person vertritt Dich beim Montagetermin.', en: 'The person represents you at the installation appointment.' };
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
      return step?.customerRequest?.at ?? step?.startedAt ?? '';
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
    title: titleOf(action),
    text: textOf(action),
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
    subject: actions.length === 1 && first ? `Du bist dran: ${titleOf(first).de} (Projekt ${journey.project.id})` : `Du bist dran: ${actions.length} Schritte (Projekt ${journey.project.id})`,
    heading: 'Für Dein Projekt brauchen wir Dich',
    greeting: 'Hallo,',
    blocks: [
      { paragraph: `in Deinem Projekt ${journey.project.id} (${place}) wartet etwas auf Dich. Sobald es erledigt ist, geht es weiter.` },
      { title: 'Das ist zu tun', items: actions.map((a) => `${titleOf(a).de}: ${textOf(a).de}`) },
      { paragraph: `Fragen beantwortet Dir ${journey.contactPerson.name} (${journey.contactPerson.phone}) oder schreib uns im Kundenportal unter „Nachrichten“.` },
    ],
    button: { label: 'Im Kundenportal erledigen', href: new URL(first?.href ?? '/home/dashboard', options.publicUrl).href },
    signOff: `Dein Team der ${options.installerName}`,
    footer: ['Du bekommst diese E-Mail einmal für jeden neuen Schritt, der auf Dich wartet. Erinnerungen kommen frühestens nach drei Tagen.'],
  });
}
