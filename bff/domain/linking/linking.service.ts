import {
  LINK_CODE_MAX_ATTEMPTS,
  LINK_CODE_TTL_MINUTES,
  LinkErrors,
  type ConfirmLinkRequest,
  type LinkProjectRequest,
  type LinkProjectResponse,
  type LinkResult,
} from '../../contracts/linking.ts';
import type { Language, SessionUser } from '../../contracts/auth.ts';
import type { Mailer } from '../../ports/mailer.ts';
import type { ManagedProject, ManagementService } from '../../ports/management-service.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import { AppError, upstreamUnavailable } from '../errors.ts';
import type { LinkCodeRepository } from '../repositories/link-codes.ts';
import type { MailLogRepository } from '../repositories/mail-log.ts';
import type { RateLimiter } from '../repositories/rate-limits.ts';
import { generateLinkCode, maskEmail, type CodeHasher } from './link-code.ts';
import { clientAddress } from '../rate-limits/client-address.ts';
import { buildLinkMail, REDACTED_CODE, type LinkMailEntry } from './link-mail.ts';

/** Link requests per customer and per IP address and hour (docs/security.md: linking attempts are rate limited). */
export const LINK_REQUESTS_PER_USER_HOUR = 10;
export const LINK_REQUESTS_PER_IP_HOUR = 30;
/** An IPv6 /48 (a site with up to 65,536 /64 clients) together, per hour: stricter than its clients' sum. */
export const LINK_REQUESTS_PER_SITE_HOUR = 60;
/** Linking mails per contact address and hour, across all requesters: nobody can flood a customer's inbox. */
export const LINK_MAILS_PER_ADDRESS_HOUR = 5;

export interface LinkingDeps {
  /** The requester's language: the linking mail is written in it. */
  languageOf: (userId: string) => Promise<Language>;
  management: ManagementService;
  codes: LinkCodeRepository;
  hasher: CodeHasher;
  mailer: Mailer;
  mailLog: MailLogRepository;
  activity: ActivityService;
  rateLimiter: RateLimiter;
  publicUrl: string;
  now?: () => Date;
}

const notFound = () => new AppError(LinkErrors.PROJECT_NOT_FOUND);

/**
 * Project linking (docs/security.md "One-time codes"): a customer proves access to a project by the
 * code mailed to the project's contact address on file, never to an address the requester supplies.
 */
export function createLinkingService(deps: LinkingDeps) {
  const now = deps.now ?? (() => new Date());
  const ttlMs = LINK_CODE_TTL_MINUTES * 60_000;

  async function limit(user: SessionUser, ip: string) {
    const address = clientAddress(ip);
    const results = await Promise.all([
      deps.rateLimiter.hit(`link:user:${user.id}`, LINK_REQUESTS_PER_USER_HOUR, 3600),
      deps.rateLimiter.hit(`link:ip:${address.client}`, LINK_REQUESTS_PER_IP_HOUR, 3600),
      ...(address.site ? [deps.rateLimiter.hit(`link:site:${address.site}`, LINK_REQUESTS_PER_SITE_HOUR, 3600)] : []),
    ]);
    const refused = results.find((r) => !r.allowed);
    if (refused) {
      throw new AppError(LinkErrors.RATE_LIMITED, { retryAfterSeconds: refused.retryAfterSeconds });
    }
  }

  async function findProjects(request: LinkProjectRequest): Promise<ManagedProject[]> {
    if ('projectId' in request) {
      const project = await deps.management.getProject(request.projectId);
      return project ? [project] : [];
    }
    // A wrong zip answers exactly like an unknown customer number: the search needs both to match.
    return deps.management.findByCustomer(request.customerNumber, request.zip);
  }

  async function sendMails(user: SessionUser, byAddress: Map<string, LinkMailEntry[]>) {
    // The contact address on file is, as a rule, the requester's own: the mail is in the requester's language.
    const lang = await deps.languageOf(user.id);
    for (const [address, entries] of byAddress) {
      const contactName = entries[0]?.project.contact.name ?? '';
      const mail = buildLinkMail(deps.publicUrl, contactName, entries, lang);
      await deps.mailer.send({ to: [address], ...mail });
      const activities = [];
      for (const entry of entries) activities.push(await deps.activity.record(user, 'PROJECT_LINK', { projectId: entry.project.id }));
      const redacted = buildLinkMail(
        deps.publicUrl,
        contactName,
        entries.map((e) => ({ ...e, code: REDACTED_CODE })),
        lang,
      );
      await deps.mailLog.record({
        activityLogId: activities[0]?.id ?? null,
        sender: deps.mailer.from,
        receiver: address,
        subject: redacted.subject,
        html: redacted.html,
        text: redacted.text,
      });
    }
  }

  return {
    async requestLink(user: SessionUser, request: LinkProjectRequest, ip: string): Promise<LinkProjectResponse> {
      await limit(user, ip);
      const projects = await findProjects(request);
      if (projects.length === 0) throw notFound();

      const open = projects.filter((p) => !p.portalUserIds.includes(user.id));
      if (open.length === 0) {
        throw new AppError(LinkErrors.ALREADY_CONNECTED);
      }

      const issuedAt = await Promise.all(open.map((p) => deps.codes.lastIssuedAt(user.id, p.id)));
      const recent = issuedAt.filter((at): at is Date => at !== null && now().getTime() - at.getTime() < ttlMs);
      if (recent.length > 0) {
        const newest = Math.max(...recent.map((at) => at.getTime()));
        throw new AppError(LinkErrors.EMAIL_ALREADY_SENT, {
          retryAfterSeconds: Math.ceil((newest + ttlMs - now().getTime()) / 1000),
        });
      }

      const addresses = [...new Set(open.flatMap((p) => p.contact.emails[0]?.trim().toLowerCase() ?? []))];
      const perAddress = await Promise.all(
        addresses.map((address) => deps.rateLimiter.hit(`link:address:${address}`, LINK_MAILS_PER_ADDRESS_HOUR, 3600)),
      );
      const flooded = perAddress.find((r) => !r.allowed);
      if (flooded) throw new AppError(LinkErrors.RATE_LIMITED, { retryAfterSeconds: flooded.retryAfterSeconds });

      const response: LinkProjectResponse = {};
      const byAddress = new Map<string, LinkMailEntry[]>();
      for (const project of open) {
        const address = project.contact.emails[0]?.trim().toLowerCase();
        if (!address) {
          response[String(project.id)] = { code: 404, emailAddress: null };
          continue;
        }
        const code = generateLinkCode();
        await deps.codes.issue({
          userId: user.id,
          projectId: project.id,
          codeHash: deps.hasher.hash(user.id, project.id, code),
          expiresAt: new Date(now().getTime() + ttlMs),
        });
        byAddress.set(address, [...(byAddress.get(address) ?? []), { project, code }]);
        response[String(project.id)] = { code: 200, emailAddress: maskEmail(address) };
      }

      try {
        await sendMails(user, byAddress);
      } catch (cause) {
        // Without the mail the codes are useless; withdraw them so the customer may try again at once.
        await deps.codes.withdraw(user.id, open.map((p) => p.id));
        throw upstreamUnavailable({ name: 'mail', label: 'Der E-Mail-Versand' }, cause);
      }
      return response;
    },

    async confirm(user: SessionUser, request: ConfirmLinkRequest): Promise<LinkResult> {
      const project = await deps.management.getProject(request.projectId);
      const pending = await deps.codes.findPending(user.id, request.projectId);
      // No project, or no code of this customer for it: the same answer, so ids reveal nothing.
      if (!project || !pending) return 'PROJECT_NOT_FOUND';
      if (project.portalUserIds.includes(user.id)) {
        await deps.codes.consume(pending.id);
        return 'PROJECT_ALREADY_CONNECTED';
      }
      if (pending.failedAttempts >= LINK_CODE_MAX_ATTEMPTS) throw tooManyAttempts();
      if (pending.expiresAt.getTime() <= now().getTime()) return 'CODE_EXPIRED';

      if (!deps.hasher.matches(pending.codeHash, user.id, request.projectId, request.code)) {
        const failures = await deps.codes.recordFailure(pending.id);
        if (failures >= LINK_CODE_MAX_ATTEMPTS) throw tooManyAttempts();
        const left = LINK_CODE_MAX_ATTEMPTS - failures;
        throw new AppError(LinkErrors.CODE_INVALID, {
          message: `Der Code stimmt nicht. Du hast noch ${left} ${left === 1 ? 'Versuch' : 'Versuche'}.`,
          params: { attemptsLeft: left },
        });
      }
      await deps.codes.consume(pending.id);
      await deps.management.connectUser(request.projectId, user.id);
      return 'PROJECT_CONNECTED';
    },
  };
}

const tooManyAttempts = () => new AppError(LinkErrors.TOO_MANY_ATTEMPTS);

export type LinkingService = ReturnType<typeof createLinkingService>;
