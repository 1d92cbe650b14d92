import { STEP_PAGES, isJourneyStep } from '../../contracts/journey.ts';
import { threadHref } from '../../contracts/messages.ts';
import type { Language } from '../../contracts/auth.ts';
import { renderCustomerMail } from '../mail/mail-layout.ts';
import type { MailRecipient } from '../repositories/users.ts';
import type { Mailer } from '../../ports/mailer.ts';
import type { ManagementJourneys } from '../../ports/management-service.ts';
import type { TaskService } from '../../ports/task-service.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import type { ExportRepository, ReminderRepository } from '../repositories/jobs.ts';
import type { MailLogRepository } from '../repositories/mail-log.ts';
import type { UserAccounts } from '../repositories/users.ts';
import type { JobSettings, JobSpec } from './job.ts';

/** What the reminders job works with. */
export interface RemindersJobDeps {
  now: () => Date;
  reminders: ReminderRepository;
  /** Who a mail goes to: address, language, first name (mails are written in the customer's language). */
  users: Pick<UserAccounts, 'recipientsOf'>;
  exports: ExportRepository;
  projects: ProjectAccess;
  journeys: ManagementJourneys;
  tasks: TaskService;
  mailer: Mailer;
  mailLog: MailLogRepository;
  activity: ActivityService;
  settings: Pick<JobSettings, 'publicUrl' | 'installerName'>;
  warn: (message: string, fields?: Record<string, unknown>) => void;
}

/** The first reminder after three days, then weekly, at most three (docs/jobs.md "Jobs"). */
export const REMINDER_RULES = { firstAfterDays: 3, everyDays: 7, max: 3 } as const;
const DAY_MS = 86_400_000;

/** A customer action the installer waits for: a journey step waiting for the customer, or an open to-do. */
export interface OpenAction {
  key: string;
  title: Record<Language, string>;
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

const STEP_TITLES: Record<Language, Record<string, string>> = {
  de: {
    OFFER_CONFIRMATION: 'Auftrag bestätigen',
    POWER_OF_ATTORNEY: 'Vollmacht für den Netzbetreiber unterschreiben',
    POWER_OF_ATTORNEY_MASTR: 'Vollmacht für das Marktstammdatenregister',
    PLANNING_CONCLUSION: 'Planung abschließen',
    DELIVERY: 'Lieferung bestätigen',
    DC: 'DC-Montage vorbereiten',
    AC: 'AC-Montage vorbereiten',
    ASSEMBLY_CONCLUSION: 'Abschluss der Montage',
  },
  en: {
    OFFER_CONFIRMATION: 'Confirm the order',
    POWER_OF_ATTORNEY: 'Sign the power of attorney for the grid operator',
    POWER_OF_ATTORNEY_MASTR: 'Power of attorney for the market master data register',
    PLANNING_CONCLUSION: 'Complete the planning',
    DELIVERY: 'Confirm the delivery',
    DC: 'Prepare the DC installation',
    AC: 'Prepare the AC installation',
    ASSEMBLY_CONCLUSION: 'Completion of the installation',
  },
};

async function openActions(deps: RemindersJobDeps, projectId: number): Promise<OpenAction[]> {
  const actions: OpenAction[] = [];
  const journey = await deps.journeys.journey(projectId);
  for (const step of journey?.steps ?? []) {
    if (step.status === 'ACTIVE' && step.waitingFor === 'CUSTOMER' && step.startedAt && isJourneyStep(step.step)) {
      actions.push({ key: `step:${step.step}`, title: { de: STEP_TITLES.de[step.step] ?? step.step, en: STEP_TITLES.en[step.step] ?? step.step }, href: STEP_PAGES[step.step], openSince: new Date(step.startedAt) });
    }
  }
  for (const task of await deps.tasks.tasksOfProject(projectId)) {
    // The installer writes to-dos in German: the subject stays as written.
    if (task.type === 'TODO' && task.status !== 'DONE') actions.push({ key: `task:${task.id}`, title: { de: task.subject, en: task.subject }, href: threadHref(task.id), openSince: new Date(task.createdAt) });
  }
  return actions;
}

export function reminderMail(settings: { publicUrl: string; installerName: string }, action: OpenAction, projectId: number, sequence: number, to: Pick<MailRecipient, 'lang' | 'firstName'>) {
  const { lang } = to;
  const title = action.title[lang];
  const last = sequence >= REMINDER_RULES.max;
  const texts = {
    de: {
      subject: `Erinnerung: ${title} (Projekt ${projectId})`,
      heading: 'Wir warten noch auf Dich',
      step: `für Dein Projekt ${projectId} fehlt noch ein Schritt von Dir: „${title}“. Sobald er erledigt ist, geht es weiter.`,
      questions: last ? 'Das ist unsere letzte Erinnerung dazu. Wenn etwas unklar ist, schreib uns im Kundenportal unter „Nachrichten“.' : 'Falls Du Fragen hast, schreib uns im Kundenportal unter „Nachrichten“.',
      button: 'Jetzt erledigen',
      footer: `Erinnerung ${sequence} von höchstens ${REMINDER_RULES.max}. Du bekommst sie, weil in Deinem Projekt ein Schritt auf Dich wartet.`,
    },
    en: {
      subject: `Reminder: ${title} (project ${projectId})`,
      heading: 'We are still waiting for you',
      step: `One step of yours is still missing for your project ${projectId}: “${title}”. As soon as it is done, things move on.`,
      questions: last ? 'This is our last reminder about it. If anything is unclear, write to us in the customer portal under “Messages”.' : 'If you have questions, write to us in the customer portal under “Messages”.',
      button: 'Do it now',
      footer: `Reminder ${sequence} of at most ${REMINDER_RULES.max}. You are receiving it because a step in your project is waiting for you.`,
    },
  }[lang];
  return renderCustomerMail({ lang, texts, name: to.firstName, blocks: [texts.step, texts.questions], href: new URL(action.href, settings.publicUrl).href, installerName: settings.installerName });
}

/**
 * Reminders (docs/jobs.md): for every portal customer and project, each open customer action gets its first reminder
 * after three days, then one a week, at most three (SUCCESS_/FAILED_REMINDER_EMAIL, MailLog). A reminder is claimed by
 * a unique row before it is mailed, so a second run (or instance) never mails twice.
 */
export const remindersJob: JobSpec<RemindersJobDeps> = {
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
      const [recipient] = await deps.users.recipientsOf([customer.userId]);
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
          const mail = reminderMail(deps.settings, action, project.id, sequence, recipient ?? { lang: 'de', firstName: null });
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
