import type { Language, SessionUser } from '../../contracts/auth.ts';
import {
  checkBaseData,
  encodeProblems,
  journeyRank,
  OnboardingErrors,
  resendCooldownSeconds,
  TWO_FACTOR,
  type BaseData,
  type BaseDataView,
  type JourneyStatus,
  type OnboardingServices,
  type OnboardingStep,
  type TwoFactorView,
} from '../../contracts/onboarding.ts';
import type { IdentityAdmin } from '../../ports/identity-admin.ts';
import type { Mailer } from '../../ports/mailer.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import { generateCode, type KeyedHasher } from '../codes/one-time-code.ts';
import { AppError, upstreamUnavailable } from '../errors.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import type { OnboardingRepository, OnboardingState, ProfileRepository } from '../repositories/account.ts';
import type { MailLogRepository } from '../repositories/mail-log.ts';
import type { RequestContext } from '../request-context.ts';
import { buildTwoFactorMail } from './two-factor-mail.ts';

export interface OnboardingDeps {
  /** The customer's language: the code mail is written in it. */
  languageOf: (userId: string) => Promise<Language>;
  repository: OnboardingRepository;
  profiles: ProfileRepository;
  identityAdmin: IdentityAdmin;
  projects: ProjectAccess;
  mailer: Mailer;
  mailLog: MailLogRepository;
  activity: ActivityService;
  /** Keyed hash of two-factor codes (purpose-bound, bff/domain/codes/one-time-code.ts). */
  hasher: KeyedHasher;
  /** The mobile number a former lead verified in the funnel, if any (the base data's prefill). */
  funnelPhone?: (userId: string) => Promise<string | null>;
  publicUrl: string;
  now?: () => Date;
  warn: (message: string, fields?: Record<string, unknown>) => void;
}

const TTL_MS = TWO_FACTOR.ttlMinutes * 60_000;
const SERIES_MS = TWO_FACTOR.seriesResetMinutes * 60_000;

/** The first open step of a state (docs/account.md: two-factor, then base data, then the tour). */
export function stepOf(state: OnboardingState): OnboardingStep | null {
  if (!state.twoFactor.confirmedAt) return 'two-factor';
  if (journeyRank(state.journeyStatus) < journeyRank('CONTACT_DETAILS_COMPLETED')) return 'base-data';
  if (!state.tourSeenAt) return 'tour';
  return null;
}

/** Codes sent in the current series: a series ends an hour after its last code. */
const sendsInSeries = (state: OnboardingState, now: Date) =>
  state.twoFactor.codeCreatedAt && now.getTime() - state.twoFactor.codeCreatedAt.getTime() < SERIES_MS ? state.twoFactor.sends : 0;

/** When the next code may be sent (null: now). */
function resendAvailableAt(state: OnboardingState, now: Date): Date | null {
  const sends = sendsInSeries(state, now);
  if (sends === 0 || !state.twoFactor.codeCreatedAt) return null;
  const at = new Date(state.twoFactor.codeCreatedAt.getTime() + resendCooldownSeconds(sends) * 1000);
  return at > now ? at : null;
}

const livePending = (state: OnboardingState, now: Date) =>
  state.twoFactor.codeHash !== null &&
  state.twoFactor.codeCreatedAt !== null &&
  now.getTime() - state.twoFactor.codeCreatedAt.getTime() < TTL_MS &&
  state.twoFactor.failedAttempts < TWO_FACTOR.maxAttempts;

/**
 * Onboarding on the first sign-in (docs/account.md): the two-factor code by e-mail confirms the address
 * (docs/security.md one-time codes: six digits, hashed and bound to the user and the address, single use, ten minutes,
 * five attempts, a resend replaces the code and waits longer each time), the base data, the tour, and the journey
 * status.
 */
export function createOnboardingService(deps: OnboardingDeps) {
  const now = deps.now ?? (() => new Date());
  const state = (userId: string) => deps.repository.state(userId);

  async function sendCode(user: SessionUser, current: OnboardingState): Promise<{ resendAvailableAt: Date }> {
    if (current.twoFactor.confirmedAt) throw new AppError(OnboardingErrors.ALREADY_CONFIRMED);
    const at = now();
    const wait = resendAvailableAt(current, at);
    if (wait) throw new AppError(OnboardingErrors.RESEND_COOLDOWN, { retryAfterSeconds: Math.ceil((wait.getTime() - at.getTime()) / 1000) });
    const sends = sendsInSeries(current, at) + 1;
    const code = generateCode(TWO_FACTOR.codeLength);
    await deps.repository.storeCode(user.id, deps.hasher.hash(user.id, user.email, code), at, sends);
    const lang = await deps.languageOf(user.id);
    const mail = buildTwoFactorMail({ publicUrl: deps.publicUrl, firstName: user.firstName, code, lang });
    try {
      await deps.mailer.send({ to: [user.email], ...mail });
    } catch (cause) {
      // Without the mail the code is useless: the customer may ask again at once.
      await deps.repository.storeCode(user.id, deps.hasher.hash(user.id, user.email, generateCode(TWO_FACTOR.codeLength)), new Date(0), 0);
      throw upstreamUnavailable({ name: 'mail', label: 'Der E-Mail-Versand' }, cause);
    }
    const activity = await deps.activity.record(user, 'MFA_EMAIL_SENT', {});
    const redacted = buildTwoFactorMail({ publicUrl: deps.publicUrl, firstName: user.firstName, code: '••••••', lang });
    await deps.mailLog.record({ activityLogId: activity.id, sender: deps.mailer.from, receiver: user.email, subject: redacted.subject, html: redacted.html, text: redacted.text });
    return { resendAvailableAt: new Date(at.getTime() + resendCooldownSeconds(sends) * 1000) };
  }

  async function twoFactorView(user: SessionUser): Promise<TwoFactorView> {
    const current = await state(user.id);
    const at = now();
    return {
      email: user.email,
      confirmed: current.twoFactor.confirmedAt !== null,
      codePending: livePending(current, at),
      attemptsLeft: Math.max(0, TWO_FACTOR.maxAttempts - current.twoFactor.failedAttempts),
      resendAvailableAt: resendAvailableAt(current, at)?.toISOString() ?? null,
    };
  }

  async function baseDataView(user: SessionUser, ctx?: RequestContext): Promise<BaseDataView> {
    const saved = await deps.profiles.get(user.id);
    if (saved) return { values: saved, saved: true, addressFromProject: null };
    // What is known already: the name from the sign-in, the phone from the identity provider (or the funnel, for a
    // former lead), the address of the first linked project. Each is a convenience: a failing service leaves the field
    // empty.
    const [account, projects, funnelPhone] = await Promise.all([
      deps.identityAdmin.account(user.id).catch(() => null),
      deps.projects.projectsOf(user.id, ctx).catch(() => []),
      deps.funnelPhone ? deps.funnelPhone(user.id).catch(() => null) : Promise.resolve(null),
    ]);
    const project = projects[0];
    return {
      values: {
        salutation: null,
        firstName: user.firstName,
        lastName: user.lastName,
        phone: account?.phone || funnelPhone || '',
        street: project?.address.street ?? '',
        houseNumber: project?.address.houseNumber ?? '',
        zip: project?.address.zip ?? '',
        city: project?.address.city ?? '',
        preferredContact: null,
      },
      saved: false,
      addressFromProject: project?.id ?? null,
    };
  }

  return {
    stepOf: async (userId: string) => stepOf(await state(userId)),

    /**
     * After the identity provider verified a sign-in: an account it marks as onboarded (migrated customers) counts as
     * onboarded; a customer who starts the two-factor step gets a code at once (unless one is still valid or the
     * cooldown runs). Never fails the sign-in: a mail that does not go out can be asked for again on the page.
     */
    async afterSignIn(user: SessionUser, options: { onboarded: boolean }): Promise<OnboardingStep | null> {
      let current = await state(user.id);
      if (options.onboarded && stepOf(current) !== null) {
        await deps.repository.markOnboarded(user.id, now());
        current = await state(user.id);
      }
      if (current.journeyStatus === null) await deps.repository.advanceJourney(user.id, 'REGISTERED');
      const step = stepOf(current);
      if (step === 'two-factor' && !livePending(current, now()) && !resendAvailableAt(current, now())) {
        await sendCode(user, current).catch((error: unknown) => deps.warn('two-factor code not sent at sign-in', { error }));
      }
      return step;
    },

    async sendTwoFactorCode(user: SessionUser) {
      return sendCode(user, await state(user.id));
    },

    /** Confirms the address with the code; answers the next open step. */
    async confirmTwoFactor(user: SessionUser, code: string): Promise<OnboardingStep | null> {
      const current = await state(user.id);
      if (current.twoFactor.confirmedAt) return stepOf(current);
      const { codeHash, codeCreatedAt, failedAttempts } = current.twoFactor;
      if (!codeHash || !codeCreatedAt) throw new AppError(OnboardingErrors.NO_CODE);
      if (failedAttempts >= TWO_FACTOR.maxAttempts) throw new AppError(OnboardingErrors.TOO_MANY_ATTEMPTS);
      if (now().getTime() - codeCreatedAt.getTime() >= TTL_MS) throw new AppError(OnboardingErrors.CODE_EXPIRED);
      if (!deps.hasher.matches(codeHash, user.id, user.email, code)) {
        const failures = await deps.repository.recordFailure(user.id);
        if (failures >= TWO_FACTOR.maxAttempts) throw new AppError(OnboardingErrors.TOO_MANY_ATTEMPTS);
        const left = TWO_FACTOR.maxAttempts - failures;
        throw new AppError(OnboardingErrors.CODE_INVALID, { message: `Der Code stimmt nicht. Du hast noch ${left} ${left === 1 ? 'Versuch' : 'Versuche'}.`, params: { attemptsLeft: left } });
      }
      await deps.repository.confirm(user.id, now());
      await deps.activity.record(user, 'TWO_FA_CODE_CONFIRMED', {});
      // The address is confirmed: the identity provider learns it too (no MAIL_NOT_VERIFIED any more).
      await deps.identityAdmin.markEmailVerified(user.id).catch((error: unknown) => deps.warn('identity provider not told that the address is confirmed', { error }));
      return stepOf(await state(user.id));
    },

    /**
     * Saves the base data (checked field by field; the name also at the identity provider, so mails and the header
     * agree) and moves the journey to CONTACT_DETAILS_COMPLETED. Answers the saved data and the next open step.
     */
    async saveBaseData(user: SessionUser, input: Record<string, unknown>): Promise<{ data: BaseData; step: OnboardingStep | null }> {
      const checked = checkBaseData(input);
      if (!checked.ok) throw new AppError(OnboardingErrors.BASE_DATA_INVALID, { params: { problems: encodeProblems(checked.problems) } });
      const { data } = checked;
      if (data.firstName !== user.firstName || data.lastName !== user.lastName) {
        await deps.identityAdmin.changeName(user.id, data.firstName, data.lastName);
      }
      await deps.profiles.save(user.id, data);
      await deps.repository.advanceJourney(user.id, 'CONTACT_DETAILS_COMPLETED');
      return { data, step: stepOf(await state(user.id)) };
    },

    /** The tour was seen (finished or skipped, on the onboarding page or the dashboard); DASHBOARD_TOUR_SEEN once. */
    async tourSeen(user: SessionUser): Promise<OnboardingStep | null> {
      if (await deps.repository.markTourSeen(user.id, now())) await deps.activity.record(user, 'DASHBOARD_TOUR_SEEN', {});
      return stepOf(await state(user.id));
    },

    /** `PATCH /user/journey`: forward only; the same status again is fine, an earlier one is refused. */
    async patchJourney(user: SessionUser, status: JourneyStatus): Promise<JourneyStatus> {
      const result = await deps.repository.advanceJourney(user.id, status);
      if (journeyRank(result) > journeyRank(status)) throw new AppError(OnboardingErrors.JOURNEY_BACKWARDS, { params: { journeyStatus: result } });
      return result;
    },

    forRequest(ctx: RequestContext): OnboardingServices {
      const user = () => {
        if (!ctx.user) throw new Error('onboarding pages need a signed-in customer');
        return ctx.user;
      };
      return {
        step: async () => stepOf(await state(user().id)),
        twoFactor: () => twoFactorView(user()),
        baseData: () => baseDataView(user(), ctx),
      };
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
