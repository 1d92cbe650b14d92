import { createHash, randomBytes } from 'node:crypto';
import type { SessionUser } from '../../contracts/auth.ts';
import type { Mailer } from '../../ports/mailer.ts';
import type { ManagedProject, ManagementService } from '../../ports/management-service.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import { greeting, renderBrandedMail, signOff } from '../mail/mail-layout.ts';
import type { InvitationRepository } from '../repositories/invitations.ts';
import type { MailLogRepository } from '../repositories/mail-log.ts';

/** How long an invitation link works after its mail went out. */
export const INVITATION_VALID_DAYS = 60;
const DAY_MS = 86_400_000;

/** Where the invitation link points (the auth router takes it: click, then registration at the identity provider). */
export const INVITATION_PATH = '/api/auth/invitation';

export type InvitationClick =
  | { status: 'valid'; invitationId: number; projectId: number; email: string }
  | { status: 'invalid' | 'expired' | 'used' };

export type InvitationAcceptance = { status: 'accepted'; projectId: number } | { status: 'invalid' | 'expired' | 'used' };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Invitations (docs/jobs.md "Invitations"): a customer whose project no portal account is connected to yet gets one
 * personal mail (ID_INVITATION) with a link; the link (INVITATION_LINK_CLICKED) leads to the identity provider's
 * account creation and, after the first sign-in, connects the project to the new (or existing) account. The token is 32
 * random bytes, stored as its SHA-256 only; it works for INVITATION_VALID_DAYS and for one account. Like a link code,
 * possessing the mail proves the right to the project, so the account's address may differ from the invited one.
 */
export function createInvitationService(deps: {
  management: ManagementService;
  invitations: InvitationRepository;
  mailer: Mailer;
  mailLog: MailLogRepository;
  activity: ActivityService;
  publicUrl: string;
  installerName: string;
  now: () => Date;
  warn: (message: string, fields?: Record<string, unknown>) => void;
}) {
  const expired = (sentAt: Date | null) => !sentAt || deps.now().getTime() - sentAt.getTime() > INVITATION_VALID_DAYS * DAY_MS;

  function invitationMail(project: ManagedProject, token: string) {
    const link = new URL(INVITATION_PATH, deps.publicUrl);
    link.searchParams.set('token', token);
    const place = `${project.address.street} ${project.address.houseNumber}, ${project.address.zip} ${project.address.city}`;
    // The contact has no account yet, so no language setting: the invitation is in German with the same text in English.
    return renderBrandedMail({
      subject: `Dein Kundenportal für Projekt ${project.id} ist bereit / Your customer portal is ready`,
      heading: 'Verfolge Dein Projekt im Kundenportal',
      greeting: greeting('de', project.contact.name),
      blocks: [
        { paragraph: `für Deine Anlage in der ${place} (Projekt ${project.id}) steht Dein persönlicher Zugang zum Kundenportal bereit.` },
        {
          title: 'Im Portal kannst Du',
          items: [
            'jeden Schritt Deines Projekts verfolgen und sehen, auf wen er gerade wartet,',
            'Vollmachten online unterschreiben und Deine Dokumente abrufen,',
            'uns Fragen schreiben und Antworten bekommen,',
            'nach der Inbetriebnahme sehen, was Deine Anlage erzeugt.',
          ],
        },
        { paragraph: `Mit „Konto erstellen“ legst Du Dein Konto an; Dein Projekt ist danach gleich verknüpft. Hast Du schon ein Konto, meldest Du Dich dort einfach an. Der Link gilt ${INVITATION_VALID_DAYS} Tage.` },
        {
          title: 'In English',
          items: [
            `${greeting('en', project.contact.name)} your personal access to the customer portal for your installation at ${place} (project ${project.id}) is ready.`,
            'In the portal you can follow every step of your project, sign powers of attorney online, get your documents, write to us and, after commissioning, see what your installation produces.',
            `“Konto erstellen” (create account) sets up your account, and your project is linked right away. If you already have an account, simply sign in there. The link is valid for ${INVITATION_VALID_DAYS} days; the portal is in English too (“English” at the foot of every page).`,
          ],
        },
      ],
      button: { label: 'Konto erstellen / Create account', href: link.href },
      signOff: signOff('de', deps.installerName),
      footer: [
        'Du bekommst diese E-Mail einmal, weil Deine Adresse bei uns als Kontakt für dieses Projekt hinterlegt ist.',
        'Möchtest Du kein Konto, ignoriere sie einfach. Leite sie bitte nicht weiter: Der Link verknüpft Dein Projekt mit dem Konto, das ihn benutzt.',
        'You are receiving this e-mail once because your address is on file as the contact for this project. Please do not forward it: the link connects your project to the account that uses it.',
      ],
    });
  }

  return {
    /** Mails every due invitation; a mail that fails is tried again on the next run with a new token. */
    async sendDue(): Promise<{ projects: number; mailed: number; failed: number }> {
      const projects = await deps.management.projectsWithoutPortalAccount();
      let mailed = 0;
      let failed = 0;
      for (const project of projects) {
        const email = project.contact.emails[0]?.trim().toLowerCase();
        if (!email) continue;
        const token = randomBytes(32).toString('base64url');
        const id = await deps.invitations.claim(project.id, email, hashToken(token), deps.now());
        if (id === null) continue;
        const mail = invitationMail(project, token);
        try {
          await deps.mailer.send({ to: [email], ...mail });
        } catch (error) {
          failed += 1;
          deps.warn('invitation mail failed', { projectId: project.id, error });
          await deps.invitations.markUnsent(id);
          await deps.activity.recordForProject('FAILED_ID_INVITATION_EMAIL', { projectId: project.id });
          continue;
        }
        const activity = await deps.activity.recordForProject('SUCCESS_ID_INVITATION_EMAIL', { projectId: project.id });
        await deps.mailLog.record({ activityLogId: activity.id, sender: deps.mailer.from, receiver: email, subject: mail.subject, html: mail.html, text: mail.text });
        mailed += 1;
      }
      return { projects: projects.length, mailed, failed };
    },

    /** The link was opened: INVITATION_LINK_CLICKED, and what the invitation allows now. */
    async click(token: string): Promise<InvitationClick> {
      if (!/^[\w-]{43}$/.test(token)) return { status: 'invalid' };
      const invitation = await deps.invitations.byTokenHash(hashToken(token));
      if (!invitation) return { status: 'invalid' };
      if (invitation.acceptedBy) return { status: 'used' };
      if (expired(invitation.sentAt)) return { status: 'expired' };
      await deps.invitations.markClicked(invitation.id, deps.now());
      await deps.activity.recordForProject('INVITATION_LINK_CLICKED', { projectId: invitation.projectId });
      return { status: 'valid', invitationId: invitation.id, projectId: invitation.projectId, email: invitation.email };
    },

    /** After the sign-in that followed the link: connects the project to this account (once; the same account again is harmless). */
    async accept(invitationId: number, user: SessionUser): Promise<InvitationAcceptance> {
      const invitation = await deps.invitations.byId(invitationId);
      if (!invitation) return { status: 'invalid' };
      if (invitation.acceptedBy === user.id) return { status: 'accepted', projectId: invitation.projectId };
      if (invitation.acceptedBy) return { status: 'used' };
      if (expired(invitation.sentAt)) return { status: 'expired' };
      if (!(await deps.invitations.accept(invitation.id, user.id))) return { status: 'used' };
      try {
        await deps.management.connectUser(invitation.projectId, user.id);
      } catch (error) {
        await deps.invitations.release(invitation.id, user.id);
        throw error;
      }
      return { status: 'accepted', projectId: invitation.projectId };
    },
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
