import type { Language } from '../../contracts/auth.ts';
import {
  CLICK_ID_PARAMS,
  CONTACT_CONSENT_VERSION,
  EMPTY_DRAFT,
  FUNNEL_CODE,
  FUNNEL_LIMITS,
  FUNNEL_REQUEST_HOURS,
  FunnelErrors,
  URL_PARAM_PATTERN,
  type ClickIdType,
  type FunnelDetailsForm,
  type FunnelView,
  type SalesEvent,
} from '../../contracts/funnel.ts';
import type { ConversionTracking } from '../../ports/conversion-tracking.ts';
import type { IdentityAdmin } from '../../ports/identity-admin.ts';
import type { Mailer } from '../../ports/mailer.ts';
import type { SalesRep, SalesService } from '../../ports/sales-service.ts';
import type { SmsGateway } from '../../ports/sms-gateway.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import { AppError } from '../errors.ts';
import type { FunnelLead, FunnelRepository, FunnelRequest, LeadSource, LeadSourceRepository } from '../repositories/funnel.ts';
import type { MailLogRepository } from '../repositories/mail-log.ts';
import type { RateLimiter } from '../repositories/rate-limits.ts';
import { checkDetails, readDraft } from './details.ts';
import { buildBudgetAlertMail, buildBudgetWarningMail, buildFunnelConfirmationMail } from './funnel-mail.ts';
import { maskPhone, numberPrefix } from './phone.ts';
import { clientAddress } from '../rate-limits/client-address.ts';
import { FUNNEL_TOKEN_PATTERN, generateSmsCode, newFunnelToken, nonceOf, type SmsCodeHasher } from './sms-code.ts';

const MINUTE = 60_000;
const HOUR = 3600;
const DAY = 86_400;

export interface FunnelDeps {
  requests: FunnelRepository;
  sources: LeadSourceRepository;
  hasher: SmsCodeHasher;
  rateLimiter: RateLimiter;
  sms: SmsGateway;
  sales: SalesService;
  conversions: ConversionTracking;
  mailer: Mailer;
  mailLog: MailLogRepository;
  activity: ActivityService;
  /** The identity provider's admin API: the lead's account (phase B). */
  identity: Pick<IdentityAdmin, 'createAccount' | 'accountIdByEmail' | 'account'>;
  /** UserMeta of a new lead account: journeyStatus REGISTERED, journeyLeadId (the account's table). */
  leadAccounts: { registered(userId: string, leadId: string): Promise<void> };
  settings: {
    publicUrl: string;
    /** The realm role of a lead's account (LEAD_ROLE_ID). */
    leadRoleId: string;
    installerName: string;
    operatorEmail: string;
    dailySmsBudget: number;
    defaultLeadsourceId: string;
    /** The privacy policy's retention period; a lead sales closed as lost is deleted after it. */
    retentionMonths: number;
  };
  now: () => Date;
  log: { info(message: string, fields?: Record<string, unknown>): void; warn(message: string, fields?: Record<string, unknown>): void };
}

/** What the browser's visit brings besides the form: the address and the consent (docs/consent.md). */
export interface FunnelVisit {
  ip: string;
  /** The language the visitor uses the offer page in: the confirmation mail is written in it. */
  lang?: Language;
  /** The visitor's marketing consent (conversion tracking, click id). */
  marketing: boolean;
}

/** The cooldown before the next code, growing per send: 30 s after the first, then 60, 120, … (docs/funnel.md). */
export const resendCooldownSeconds = (sends: number) => FUNNEL_CODE.resendBaseSeconds * 2 ** Math.max(sends - 1, 0);

const rateLimited = (retryAfterSeconds: number) => new AppError(FunnelErrors.RATE_LIMITED, { retryAfterSeconds });

/**
 * The lead funnel (docs/funnel.md): details → SMS code → verified lead. Every answer is the same for a number
 * the portal knows (an earlier lead) and one it does not; nothing in a log names a full number or a code.
 */
export function createFunnelService(deps: FunnelDeps) {
  const { requests, rateLimiter } = deps;
  const ttlMs = FUNNEL_CODE.ttlMinutes * MINUTE;
  /** Lost leads unchanged since then are past the privacy policy's period. */
  const lostBefore = () => {
    const cutoff = new Date(deps.now());
    cutoff.setMonth(cutoff.getMonth() - deps.settings.retentionMonths);
    return cutoff;
  };

  async function requestOf(token: string | null): Promise<FunnelRequest | null> {
    if (!token || !FUNNEL_TOKEN_PATTERN.test(token)) return null;
    return requests.requestByNonce(nonceOf(token), deps.now());
  }

  /** The lead source of a `quelle` value; an unknown or inactive one still works with the default source, logged. */
  async function resolveSource(urlParam: string | undefined): Promise<Pick<LeadSource, 'leadsourceId' | 'externalId'>> {
    const fallback = { leadsourceId: deps.settings.defaultLeadsourceId, externalId: null };
    const param = (urlParam ?? '').trim().toLowerCase();
    if (!param) return fallback;
    const source = URL_PARAM_PATTERN.test(param) ? await deps.sources.byUrlParam(param) : null;
    if (!source || !source.isActive) {
      deps.log.warn('funnel: lead source unknown or inactive, default source used', { urlParam: param.slice(0, 64), known: Boolean(source) });
      return fallback;
    }
    return { leadsourceId: source.leadsourceId, externalId: source.externalId };
  }

  /** The click id of the ad, kept only with the marketing consent (it identifies a click at the advertising network). */
  function clickIdOf(form: FunnelDetailsForm, visit: FunnelVisit): { clickId: string | null; clickIdType: ClickIdType | null } {
    const type = CLICK_ID_PARAMS.find((name) => name === form.clickIdType);
    const id = form.clickId?.trim() ?? '';
    if (!visit.marketing || !type || !/^[A-Za-z0-9._~-]{8,200}$/.test(id)) return { clickId: null, clickIdType: null };
    return { clickId: id, clickIdType: type };
  }

  async function hitAll(limits: [key: string, limit: number, windowSeconds: number][]) {
    for (const [key, limit, windowSeconds] of limits) {
      const result = await rateLimiter.hit(key, limit, windowSeconds);
      if (!result.allowed) return result;
    }
    return null;
  }

  /**
   * The daily budget: past it nothing is sent, and the operator gets one alert a day. Before that, when the day's SMS
   * reach FUNNEL_LIMITS.budgetWarningShare of it, one warning a day, so someone can look before leads get no code.
   */
  async function spendBudget() {
    const budget = await rateLimiter.hit('funnel:sms-budget', deps.settings.dailySmsBudget, DAY);
    if (budget.allowed) {
      const warnAt = Math.max(1, Math.ceil(deps.settings.dailySmsBudget * FUNNEL_LIMITS.budgetWarningShare));
      if (budget.count >= warnAt && budget.count < deps.settings.dailySmsBudget && (await rateLimiter.hit('funnel:sms-budget-warning', 1, DAY)).allowed) {
        deps.log.warn('funnel: daily SMS budget nearly spent', { budget: deps.settings.dailySmsBudget, sent: budget.count });
        const mail = buildBudgetWarningMail({ budget: deps.settings.dailySmsBudget, sent: budget.count, day: deps.now().toISOString().slice(0, 10) });
        await deps.mailer.send({ to: [deps.settings.operatorEmail], ...mail }).catch((error: unknown) => deps.log.warn('funnel: budget warning mail failed', { error }));
      }
      return;
    }
    const firstAlert = await rateLimiter.hit('funnel:sms-budget-alert', 1, DAY);
    deps.log.warn('funnel: daily SMS budget spent, sending stopped', { budget: deps.settings.dailySmsBudget, alert: firstAlert.allowed });
    if (firstAlert.allowed) {
      const mail = buildBudgetAlertMail({ budget: deps.settings.dailySmsBudget, day: deps.now().toISOString().slice(0, 10), retryAfterSeconds: budget.retryAfterSeconds });
      await deps.mailer.send({ to: [deps.settings.operatorEmail], ...mail }).catch((error: unknown) => deps.log.warn('funnel: budget alert mail failed', { error }));
    }
    throw new AppError(FunnelErrors.SMS_PAUSED, { retryAfterSeconds: budget.retryAfterSeconds });
  }

  /** Sends a code for the request to the number, after the cooldown and every limit (docs/security.md). */
  async function sendCode(request: FunnelRequest, phoneNumber: string, visit: FunnelVisit) {
    if (request.lastSentAt && request.sends > 0) {
      const readyAt = request.lastSentAt.getTime() + resendCooldownSeconds(request.sends) * 1000;
      const wait = Math.ceil((readyAt - deps.now().getTime()) / 1000);
      if (wait > 0) throw new AppError(FunnelErrors.RESEND_TOO_EARLY, { retryAfterSeconds: wait });
    }
    if (request.sends >= FUNNEL_CODE.maxSendsPerRequest) throw rateLimited(Math.ceil((request.expiresAt.getTime() - deps.now().getTime()) / 1000));
    const number = deps.hasher.numberKey(phoneNumber);
    const address = clientAddress(visit.ip);
    const refused = await hitAll([
      [`funnel:ip:${address.client}`, FUNNEL_LIMITS.perIpHour, HOUR],
      ...(address.site ? [[`funnel:site:${address.site}`, FUNNEL_LIMITS.perSiteHour, HOUR] as [string, number, number]] : []),
      [`funnel:number10m:${number}`, FUNNEL_LIMITS.perNumber10Minutes, 600],
      [`funnel:numberday:${number}`, FUNNEL_LIMITS.perNumberDay, DAY],
      [`funnel:prefix:${deps.hasher.numberKey(numberPrefix(phoneNumber))}`, FUNNEL_LIMITS.perPrefixHour, HOUR],
    ]);
    if (refused) {
      deps.log.warn('funnel: SMS refused by a limit', { phone: maskPhone(phoneNumber), retryAfterSeconds: refused.retryAfterSeconds });
      throw rateLimited(refused.retryAfterSeconds);
    }
    await spendBudget();

    const code = generateSmsCode();
    const codeHash = deps.hasher.hash(request.nonce, phoneNumber, code);
    const issued = await requests.issueCode(request, { phoneNumber, codeHash, expiresAt: new Date(deps.now().getTime() + ttlMs) }, deps.now());
    if (!issued) {
      // A double submit: the other post of this request issued a code a moment ago and sends it; one SMS, one code.
      deps.log.info('funnel: concurrent post, code already on its way', { request: request.id });
      return;
    }
    const host = new URL(deps.settings.publicUrl).hostname;
    // The last line is the WebOTP format (`@host #code`): Chrome on Android offers the code for the form at this host.
    const text = `Dein Code für Deine Anfrage bei der ${deps.settings.installerName}: ${code}. Er gilt ${FUNNEL_CODE.ttlMinutes} Minuten. Gib ihn nicht weiter.\n\n@${host} #${code}`;
    try {
      await deps.sms.send({ to: phoneNumber, text });
    } catch (error) {
      await requests.withdrawCode(request, codeHash);
      throw error;
    }
    deps.log.info('funnel: code sent', { request: request.id, phone: maskPhone(phoneNumber), send: request.sends + 1 });
  }

  /**
   * The lead's account at the identity provider (phase B, docs/funnel.md "The lead's account"): phase LEAD, the lead
   * role, no password (it signs in with the provider's e-mail code, which also proves the address). One account per
   * lead: a lead linked already keeps it; an address with an account gets none (that account signs in instead), unless
   * it is the account made for this very number earlier (created, but the link was not stored). Answers the linked
   * account, or null. Never fails the funnel: the lead login tries again.
   */
  async function ensureAccount(lead: FunnelLead): Promise<string | null> {
    if (lead.accountUserId) return lead.accountUserId;
    try {
      const created = await deps.identity.createAccount({
        email: lead.email,
        firstName: lead.firstName,
        lastName: lead.lastName,
        phone: lead.phoneNumber,
        phase: 'LEAD',
        roles: [deps.settings.leadRoleId],
      });
      let userId: string | null = created === 'taken' ? null : created.id;
      if (created === 'taken') {
        const existing = await deps.identity.accountIdByEmail(lead.email);
        const account = existing ? await deps.identity.account(existing) : null;
        if (account && account.phone === lead.phoneNumber && !(await requests.leadByAccount(account.id))) userId = account.id;
        else {
          deps.log.info('funnel: the address has an account already; it signs in instead of a second one', { lead: lead.id });
          return null;
        }
      }
      if (!userId) return null;
      if (!(await requests.setAccount(lead.id, userId))) return (await requests.lead(lead.id))?.accountUserId ?? null;
      await deps.leadAccounts.registered(userId, lead.id);
      deps.log.info('funnel: lead account created', { lead: lead.id });
      return userId;
    } catch (error) {
      deps.log.warn('funnel: lead account not created yet; the lead login tries again', { lead: lead.id, error });
      return null;
    }
  }

  /** Makes the lead's account, hands the lead to sales, mails the confirmation, reports the conversion (each failure on its own). */
  async function afterValidation(lead: FunnelLead, request: FunnelRequest, visit: FunnelVisit): Promise<void> {
    await ensureAccount(lead);
    const salesRep = await forward(lead);
    const mail = buildFunnelConfirmationMail({
      firstName: lead.firstName,
      topics: lead.topics,
      phoneNumber: lead.phoneNumber,
      salesRep,
      installerName: deps.settings.installerName,
      privacyUrl: new URL('/privacy-policy', deps.settings.publicUrl).href,
      signInUrl: new URL('/api/auth/login-lead', deps.settings.publicUrl).href,
      lang: visit.lang ?? 'de',
    });
    try {
      await deps.mailer.send({ to: [lead.email], ...mail });
      const activity = await deps.activity.recordForContact('SUCCESS_FUNNEL_EMAIL', lead.email, {});
      await deps.mailLog.record({ activityLogId: activity.id, sender: deps.mailer.from, receiver: lead.email, subject: mail.subject, html: mail.html, text: mail.text });
    } catch (error) {
      deps.log.warn('funnel: confirmation mail failed', { lead: lead.id, error });
      await deps.activity.recordForContact('FAILED_FUNNEL_EMAIL', lead.email, {});
    }
    if (visit.marketing) await reportConversion(lead, request);
  }

  /** The sales service takes the lead; when it is down, the funnel job tries again (the visitor is not kept waiting). */
  async function forward(lead: FunnelLead): Promise<SalesRep | null> {
    try {
      const taken = await deps.sales.createLead({
        externalRef: lead.id,
        firstName: lead.firstName,
        lastName: lead.lastName,
        email: lead.email,
        phone: lead.phoneNumber,
        topics: lead.topics,
        leadsourceId: lead.leadsourceId,
        contactConsentAt: lead.contactConsentAt,
        verifiedAt: deps.now(),
      });
      await requests.markForwarded(lead.id, taken.id, deps.now());
      return taken.salesRep;
    } catch (error) {
      deps.log.warn('funnel: lead not forwarded to sales yet, the funnel job retries', { lead: lead.id, error });
      return null;
    }
  }

  /** Conversion tracking fires once per lead (claimed in the database), without name, e-mail or number. */
  async function reportConversion(lead: FunnelLead, request: FunnelRequest) {
    if (!(await requests.claimConversion(lead.id, deps.now()))) return;
    try {
      await deps.conversions.report({
        conversionId: lead.id,
        name: 'lead',
        occurredAt: deps.now(),
        clickId: request.clickId,
        clickIdType: request.clickIdType,
        campaign: request.externalId,
      });
    } catch (error) {
      await requests.releaseConversion(lead.id);
      deps.log.warn('funnel: conversion not reported', { lead: lead.id, error });
    }
  }

  return {
    /**
     * The browser's funnel request for a details post: its own while it runs, else a new one (a new token for the
     * cookie). A token the portal did not issue never names a request.
     */
    async begin(token: string | null, form: FunnelDetailsForm, visit: FunnelVisit): Promise<{ token: string; request: FunnelRequest }> {
      const refused = await hitAll([[`funnel:form:${clientAddress(visit.ip).client}`, FUNNEL_LIMITS.formPostsPerIpHour, HOUR]]);
      if (refused) throw rateLimited(refused.retryAfterSeconds);
      const running = await requestOf(token);
      if (token && running && running.status !== 'VALIDATED') return { token, request: running };
      const fresh = newFunnelToken();
      const source = await resolveSource(form.quelle);
      const request = await requests.createRequest({
        nonce: nonceOf(fresh),
        ...source,
        ...clickIdOf(form, visit),
        expiresAt: new Date(deps.now().getTime() + FUNNEL_REQUEST_HOURS * HOUR * 1000),
      });
      return { token: fresh, request };
    },

    /**
     * The details step: keeps what was typed, checks every field, and sends a code when all is well. A changed number
     * gets a new code (cooldown and limits apply); unchanged details with a live code go straight on.
     */
    async submitDetails(request: FunnelRequest, form: FunnelDetailsForm, visit: FunnelVisit): Promise<'code'> {
      const draft = readDraft(form);
      const checked = checkDetails(draft);
      const fields = Object.keys(checked.errors);
      await requests.saveDraft(request.id, draft, checked.errors);
      if (fields.length > 0 || !checked.phoneNumber) throw new AppError(FunnelErrors.INVALID, { params: { fields: fields.join(',') } });
      if (request.status === 'CODE_SENT' && request.phoneNumber === checked.phoneNumber) {
        const current = await requests.currentCode(request.nonce);
        if (current && current.expiresAt > deps.now() && current.failedAttempts < FUNNEL_CODE.maxAttempts) return 'code';
      }
      await sendCode(request, checked.phoneNumber, visit);
      return 'code';
    },

    /** "Neuen Code senden": replaces the code after the growing cooldown. */
    async resend(token: string | null, visit: FunnelVisit): Promise<void> {
      const request = await requestOf(token);
      if (!request || request.status !== 'CODE_SENT' || !request.phoneNumber) throw new AppError(FunnelErrors.NO_REQUEST);
      await sendCode(request, request.phoneNumber, visit);
    },

    /** The code step: five wrong codes kill the code (429), an expired one answers 410; a right one makes the lead. */
    async verify(token: string | null, input: string | undefined, visit: FunnelVisit): Promise<{ leadId: string }> {
      const request = await requestOf(token);
      if (request?.status === 'VALIDATED' && request.leadId) return { leadId: request.leadId };
      if (!request || request.status !== 'CODE_SENT' || !request.phoneNumber) throw new AppError(FunnelErrors.NO_REQUEST);
      const refused = await hitAll([[`funnel:verify:${clientAddress(visit.ip).client}`, FUNNEL_LIMITS.verifyPerIpHour, HOUR]]);
      if (refused) throw rateLimited(refused.retryAfterSeconds);
      const code = await requests.currentCode(request.nonce);
      if (!code) throw new AppError(FunnelErrors.NO_REQUEST);
      if (code.failedAttempts >= FUNNEL_CODE.maxAttempts) throw new AppError(FunnelErrors.TOO_MANY_ATTEMPTS);
      if (code.expiresAt.getTime() <= deps.now().getTime()) throw new AppError(FunnelErrors.CODE_EXPIRED);
      const typed = (input ?? '').replace(/[\s-]/g, '');
      // A code of the wrong shape is a typo, not a guess: it does not cost an attempt.
      if (!/^\d{6}$/.test(typed)) {
        throw new AppError(FunnelErrors.CODE_INVALID, { params: { attemptsLeft: FUNNEL_CODE.maxAttempts - code.failedAttempts, format: true } });
      }
      if (!deps.hasher.matches(code.code, request.nonce, request.phoneNumber, typed)) {
        const failures = await requests.recordFailure(code.id);
        deps.log.info('funnel: wrong code', { request: request.id, failures });
        if (failures >= FUNNEL_CODE.maxAttempts) throw new AppError(FunnelErrors.TOO_MANY_ATTEMPTS);
        throw new AppError(FunnelErrors.CODE_INVALID, { params: { attemptsLeft: FUNNEL_CODE.maxAttempts - failures } });
      }
      const checked = checkDetails(request.draft);
      const at = deps.now();
      const lead = await requests.validate(
        code.id,
        request.id,
        {
          phoneNumber: request.phoneNumber,
          ...checked.clean,
          topics: request.draft.topics,
          leadsourceId: request.leadsourceId,
          // The consent came with the details that sent this code.
          contactConsentAt: request.lastSentAt ?? at,
          contactConsentVersion: CONTACT_CONSENT_VERSION,
        },
        at,
      );
      // Used meanwhile (a second tab): the lead exists already, the work after it was done by the first.
      if (!lead) {
        const again = await requestOf(token);
        if (again?.leadId) return { leadId: again.leadId };
        throw new AppError(FunnelErrors.NO_REQUEST);
      }
      deps.log.info('funnel: number verified', { request: request.id, lead: lead.id, phone: maskPhone(lead.phoneNumber) });
      await afterValidation(lead, request, visit);
      return { leadId: lead.id };
    },

    /** Page services: what the funnel pages show for this browser. */
    forRequest() {
      return {
        page: async (token: string | null): Promise<FunnelView> => {
          const request = await requestOf(token);
          if (!request) return { state: 'none', draft: EMPTY_DRAFT, errors: {}, code: null, done: null };
          const base = { state: request.status, draft: request.draft, errors: request.errors, code: null, done: null };
          if (request.status === 'CODE_SENT' && request.phoneNumber) {
            const code = await requests.currentCode(request.nonce);
            const now = deps.now().getTime();
            const readyAt = request.lastSentAt ? request.lastSentAt.getTime() + resendCooldownSeconds(request.sends) * 1000 : now;
            return {
              ...base,
              code: {
                phoneMasked: maskPhone(request.phoneNumber),
                expiresAt: (code?.expiresAt ?? new Date(now)).toISOString(),
                resendAt: request.sends >= FUNNEL_CODE.maxSendsPerRequest ? null : new Date(Math.max(readyAt, now)).toISOString(),
                attemptsLeft: Math.max(FUNNEL_CODE.maxAttempts - (code?.failedAttempts ?? 0), 0),
                dead: !code || code.failedAttempts >= FUNNEL_CODE.maxAttempts,
                expired: !code || code.expiresAt.getTime() <= now,
              },
            };
          }
          if (request.status === 'VALIDATED' && request.leadId) {
            const lead = await requests.lead(request.leadId);
            const sales = lead?.salesLeadId ? await deps.sales.lead(lead.salesLeadId).catch(() => null) : null;
            const rep = sales?.salesRep;
            return { ...base, done: { firstName: lead?.firstName ?? request.draft.firstName, salesRep: rep ? { name: rep.name, phone: rep.phone, email: rep.email } : null } };
          }
          return base;
        },
      };
    },

    /**
     * The lead login (`/api/auth/login-lead`) for this browser's verified funnel request: the address to sign in
     * with (the account's, should the lead have typed another one this time), after making the account if the
     * identity provider was down at verification. Null without a verified request in this browser.
     */
    async signInFor(token: string | null): Promise<{ email: string } | null> {
      const request = await requestOf(token);
      if (request?.status !== 'VALIDATED' || !request.leadId) return null;
      const lead = await requests.lead(request.leadId);
      if (!lead) return null;
      const userId = await ensureAccount(lead);
      const account = userId ? await deps.identity.account(userId).catch(() => null) : null;
      return { email: account?.email ?? lead.email };
    },

    /** Lead sources (FunnelStore), maintained by the lead funnel through the machine endpoint. */
    sources: {
      list: () => deps.sources.list(),
      upsert: (urlParam: string, source: { leadsourceId: string; externalId?: string | null | undefined; isActive: boolean }) =>
        deps.sources.upsert({ urlParam, leadsourceId: source.leadsourceId, externalId: source.externalId ?? null, isActive: source.isActive }),
    },

    /**
     * An event of the sales service about one of the funnel's leads: `lead.won` marks the sale closed (the lead becomes a
     * customer at the next sign-in, phase B), `lead.lost` closes it. Idempotent: the same event twice changes nothing.
     */
    async salesEvent(event: SalesEvent): Promise<{ leadId: string; status: string }> {
      const lead = await requests.leadBySalesId(event.data.salesLeadId);
      if (!lead) throw new AppError(FunnelErrors.UNKNOWN_LEAD);
      if (event.event === 'lead.won') {
        if (lead.status !== 'WON') await requests.markWon(lead.id, event.data.customerNumber, deps.now());
        return { leadId: lead.id, status: 'WON' };
      }
      if (lead.status === 'OPEN') await requests.markLost(lead.id);
      return { leadId: lead.id, status: lead.status === 'WON' ? 'WON' : 'LOST' };
    },

    /** The accounts of leads lost longer than the privacy policy's period (the funnel job erases them first). */
    lostLeadAccounts: () => requests.lostLeadAccounts(lostBefore()),

    /**
     * The funnel job: expired requests go, lost leads go after the retention period (open ones stay with sales, won
     * ones become customers), leads the sales service missed are handed over again.
     */
    async housekeeping(): Promise<{ deleted: number; lostLeadsDeleted: number; forwarded: number; pending: number }> {
      const deleted = await requests.deleteExpired(deps.now());
      const lostLeadsDeleted = await requests.deleteLostLeads(lostBefore());
      const pending = await requests.unforwarded(50);
      for (const lead of pending) await forward(lead);
      const stillPending = (await requests.unforwarded(50)).length;
      return { deleted, lostLeadsDeleted, forwarded: pending.length - stillPending, pending: stillPending };
    },
  };
}

export type FunnelService = ReturnType<typeof createFunnelService>;
