import { STEP_PAGES, isJourneyStep } from '../../contracts/journey.ts';
import { threadHref } from '../../contracts/messages.ts';
import { renderBrandedMail } from '../mail/mail-layout.ts';
import type { JobDefinition, JobDeps } from './job.ts';

/** Issue 14: the first reminder after three days, then weekly, at most three. */
export const REMINDER_RULES = { firstAfterDays: 3, everyDays: 7, max: 3 } as const;
const DAY_MS = 86_400_000;

/** A customer action the installer waits for: a journey step waiting for the customer, or an open to-do. */
export interface OpenAction {
  key: string;
  title: string;
  href: string;
  openSince: Date;
}

/** Which reminder is due now (1..3), or null: none yet, not yet the next, or all sent. */
export function dueReminder(openSince: Date, sent: { count: number; lastSentAt: Date | null }, now: Date): number | null {
  if (sent.count >= REMINDER_RULES.max) return null;
  if (sent.count === 0) return now.getTime() - openSince.getTime() >= REMINDER_RULES.firstAfterDays * DAY_MS ? 1 : null;
  if (!sent.lastSentAt) return null;
  return now.getTime() - sent.lastSentAt.getTime() >= REMINDER_RULES.everyDays * DAY_MS ? sent.count + 1 : null;
}

const STEP_TITLES: Record<string, string> = {
  OFFER_CONFIRMATION: 'Auftrag bestätigen',
  POWER_OF_ATTORNEY: 'Vollmacht für den Netzbetreiber unterschreiben',
  POWER_OF_ATTORNEY_MASTR: 'Vollmacht für das Marktstammdatenregister',
  PLANNING_CONCLUSION: 'Planung abschließen',
  DELIVERY: 'Lieferung bestätigen',
  DC: 'DC-Montage vorbereiten',
  AC: 'AC-Montage vorbereiten',
  ASSEMBLY_CONCLUSION: 'Abschluss der Montage',
};

async function openActions(deps: JobDeps, projectId: number): Promise<OpenAction[]> {
  const actions: OpenAction[] = [];
  const journey = await deps.journeys.journey(projectId);
  for (const step of journey?.steps ?? []) {
    if (step.status === 'ACTIVE' && step.waitingFor === 'CUSTOMER' && step.startedAt && isJourneyStep(step.step)) {
      actions.push({ key: `step:${step.step}`, title: STEP_TITLES[step.step] ?? step.step, href: STEP_PAGES[step.step], openSince: new Date(step.startedAt) });
    }
  }
  for (const task of await deps.tasks.tasksOfProject(projectId)) {
    if (task.type === 'TODO' && task.status !== 'DONE') actions.push({ key: `task:${task.id}`, title: task.subject, href: threadHref(task.id), openSince: new Date(task.createdAt) });
  }
  return actions;
}

function reminderMail(deps: JobDeps, action: OpenAction, projectId: number, sequence: number) {
  return renderBrandedMail({
    subject: `Erinnerung: ${action.title} (Projekt ${projectId})`,
    heading: 'Wir warten noch auf Dich',
    greeting: 'Hallo,',
    blocks: [
      { paragraph: `für Dein Projekt ${projectId} fehlt noch ein Schritt von Dir: „${action.title}“. Sobald er erledigt ist, geht es weiter.` },
      { paragraph: sequence < REMINDER_RULES.max ? 'Falls Du Fragen hast, schreib uns im Kundenportal unter „Nachrichten“.' : 'Das ist unsere letzte Erinnerung dazu. Wenn etwas unklar ist, schreib uns im Kundenportal unter „Nachrichten“.' },
    ],
    button: { label: 'Jetzt erledigen', href: new URL(action.href, deps.settings.publicUrl).href },
    signOff: `Dein Team der ${deps.settings.installerName}`,
    footer: [`Erinnerung ${sequence} von höchstens ${REMINDER_RULES.max}. Du bekommst sie, weil in Deinem Projekt ein Schritt auf Dich wartet.`],
  });
}

/**
 * Reminders (issue 14): for every portal customer and project, each open customer action gets its first reminder after
 * three days, then one a week, at most three (SUCCESS_/FAILED_REMINDER_EMAIL, MailLog). A reminder is claimed by a
 * unique row before it is mailed, so a second run (or instance) never mails twice.
 */
export const remindersJob: JobDefinition = {
  name: 'reminders',
  description: 'Erinnert Kundinnen und Kunden an offene Schritte (nach 3 Tagen, dann wöchentlich, höchstens 3-mal).',
  cron: '0 9 * * *',
  retryLimit: 3,
  retryDelaySeconds: 600,
  async run(deps) {
    const now = deps.now();
    let mailed = 0;
    let failed = 0;
    let checked = 0;
    for (const customer of await deps.exports.customers()) {
      if (!customer.email) continue;
      let projects;
      try {
        projects = await deps.projects.projectsOf(customer.userId);
      } catch (error) {
        deps.warn('reminders: projects not readable', { userId: customer.userId, error });
        throw error;
      }
      for (const project of projects) {
        for (const action of await openActions(deps, project.id)) {
          checked += 1;
          const sequence = dueReminder(action.openSince, await deps.reminders.sent(customer.userId, project.id, action.key), now);
          if (sequence === null || !(await deps.reminders.claim(customer.userId, project.id, action.key, sequence))) continue;
          const mail = reminderMail(deps, action, project.id, sequence);
          const user = { id: customer.userId, email: customer.email };
          try {
            await deps.mailer.send({ to: [customer.email], ...mail });
          } catch (error) {
            failed += 1;
            deps.warn('reminder mail failed', { projectId: project.id, action: action.key, error });
            await deps.activity.recordForUser(user, 'FAILED_REMINDER_EMAIL', { projectId: project.id });
            continue;
          }
          await deps.reminders.markDelivered(customer.userId, project.id, action.key, sequence);
          const activity = await deps.activity.recordForUser(user, 'SUCCESS_REMINDER_EMAIL', { projectId: project.id });
          await deps.mailLog.record({ activityLogId: activity.id, sender: deps.mailer.from, receiver: customer.email, subject: mail.subject, html: mail.html, text: mail.text });
          mailed += 1;
        }
      }
    }
    return { checked, mailed, failed };
  },
};
