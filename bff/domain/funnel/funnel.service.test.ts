import { beforeEach, describe, expect, it } from 'vitest';
import { FUNNEL_CODE, type FunnelDetailsForm } from '../../contracts/funnel.ts';
import type { ConversionTracking } from '../../ports/conversion-tracking.ts';
import type { OutgoingMail } from '../../ports/mailer.ts';
import type { NewSalesLead } from '../../ports/sales-service.ts';
import { createActivityService } from '../activity/activity.service.ts';
import { AppError } from '../errors.ts';
import type { FunnelLead, FunnelRepository, FunnelRequest, FunnelSmsCode, LeadSource } from '../repositories/funnel.ts';
import type { RateLimiter } from '../repositories/rate-limits.ts';
import { createFunnelService, resendCooldownSeconds, type FunnelVisit } from './funnel.service.ts';
import { createSmsCodeHasher, nonceOf } from './sms-code.ts';

/** In-memory stand-ins for PostgreSQL with a clock the test moves (the real ones are covered by the integration test). */
function memoryRepository(): FunnelRepository & { codes: FunnelSmsCode[]; leads: FunnelLead[] } {
  const requests: FunnelRequest[] = [];
  const codes: FunnelSmsCode[] = [];
  const leads: FunnelLead[] = [];
  const requestOf = (id: number) => requests.find((r) => r.id === id) as FunnelRequest;
  return {
    codes,
    leads,
    async createRequest(input) {
      const request: FunnelRequest = { ...input, id: requests.length + 1, draft: { firstName: '', lastName: '', email: '', phoneCountry: 'DE', phone: '', topics: [], contactConsent: false }, errors: {}, phoneNumber: null, status: 'DRAFT', sends: 0, lastSentAt: null, validatedAt: null, leadId: null };
      requests.push(request);
      return { ...request };
    },
    async requestByNonce(nonce, now) {
      const found = requests.find((r) => r.nonce === nonce && r.expiresAt > now);
      return found ? structuredClone(found) : null;
    },
    async saveDraft(id, draft, errors) {
      Object.assign(requestOf(id), { draft, errors });
    },
    async issueCode(request, code, sentAt) {
      if (requestOf(request.id).sends !== request.sends) return false;
      for (const old of codes) if (old.nonce === request.nonce && !old.replacedAt) old.replacedAt = sentAt;
      codes.push({ id: codes.length + 1, nonce: request.nonce, phoneNumber: code.phoneNumber, code: code.codeHash, expiresAt: code.expiresAt, failedAttempts: 0, replacedAt: null, validatedAt: null, createdAt: sentAt });
      Object.assign(requestOf(request.id), { phoneNumber: code.phoneNumber, status: 'CODE_SENT', lastSentAt: sentAt, sends: requestOf(request.id).sends + 1, errors: {} });
      return true;
    },
    async withdrawCode(request, codeHash) {
      codes.splice(codes.findIndex((c) => c.code === codeHash), 1);
      requestOf(request.id).sends -= 1;
    },
    async currentCode(nonce) {
      return codes.filter((c) => c.nonce === nonce && !c.replacedAt).at(-1) ?? null;
    },
    async recordFailure(codeId) {
      const code = codes.find((c) => c.id === codeId) as FunnelSmsCode;
      return ++code.failedAttempts;
    },
    async validate(codeId, requestId, lead, at) {
      const code = codes.find((c) => c.id === codeId) as FunnelSmsCode;
      if (code.validatedAt || code.replacedAt) return null;
      code.validatedAt = at;
      let stored = leads.find((l) => l.phoneNumber === lead.phoneNumber);
      if (stored) Object.assign(stored, lead);
      else {
        stored = { ...lead, id: `lead-${leads.length + 1}`, salesLeadId: null, salesForwardedAt: null, conversionReportedAt: null, status: 'OPEN', customerNumber: null, wonAt: null, accountUserId: null, createdAt: at };
        leads.push(stored);
      }
      Object.assign(requestOf(requestId), { status: 'VALIDATED', validatedAt: at, leadId: stored.id });
      return { ...stored };
    },
    lead: async (id) => leads.find((l) => l.id === id) ?? null,
    leadBySalesId: async (id) => leads.find((l) => l.salesLeadId === id) ?? null,
    async markForwarded(id, salesLeadId, at) {
      Object.assign(leads.find((l) => l.id === id) as FunnelLead, { salesLeadId, salesForwardedAt: at });
    },
    unforwarded: async () => leads.filter((l) => !l.salesForwardedAt),
    async claimConversion(id, at) {
      const lead = leads.find((l) => l.id === id) as FunnelLead;
      if (lead.conversionReportedAt) return false;
      lead.conversionReportedAt = at;
      return true;
    },
    async releaseConversion(id) {
      (leads.find((l) => l.id === id) as FunnelLead).conversionReportedAt = null;
    },
    async markWon(id, customerNumber, at) {
      Object.assign(leads.find((l) => l.id === id) as FunnelLead, { status: 'WON', customerNumber, wonAt: at });
    },
    async markLost(id) {
      (leads.find((l) => l.id === id) as FunnelLead).status = 'LOST';
    },
    leadByAccount: async (userId) => leads.find((l) => l.accountUserId === userId) ?? null,
    async setAccount(id, userId) {
      const lead = leads.find((l) => l.id === id) as FunnelLead;
      if (lead.accountUserId) return false;
      lead.accountUserId = userId;
      return true;
    },
    async updateContact(id, contact) {
      Object.assign(leads.find((l) => l.id === id) as FunnelLead, contact);
    },
    deleteLostLeads: async () => 0,
    lostLeadAccounts: async () => [],
    deleteExpired: async () => 0,
  };
}

/** Fixed windows like the PostgreSQL limiter, on the test's clock. */
function memoryLimiter(now: () => Date): RateLimiter {
  const counts = new Map<string, number>();
  return {
    async hit(key, limit, windowSeconds) {
      const start = Math.floor(now().getTime() / (windowSeconds * 1000)) * windowSeconds * 1000;
      const count = (counts.get(`${key}@${start}`) ?? 0) + 1;
      counts.set(`${key}@${start}`, count);
      return { count, allowed: count <= limit, retryAfterSeconds: Math.ceil((start + windowSeconds * 1000 - now().getTime()) / 1000) };
    },
  };
}

const SOURCES: LeadSource[] = [
  { id: 1, leadsourceId: 'LS-2101', externalId: 'gads-cmp-1', urlParam: 'google-pv', isActive: true },
  { id: 2, leadsourceId: 'LS-2050', externalId: 'gads-old', urlParam: 'messe-alt', isActive: false },
];

let clock: Date;
let repo: ReturnType<typeof memoryRepository>;
let sms: { to: string; text: string }[];
let mails: OutgoingMail[];
let salesLeads: NewSalesLead[];
let conversions: Parameters<ConversionTracking['report']>[0][];
let logLines: string[];
let budget: number;
let service: ReturnType<typeof createFunnelService>;
let ipCounter = 0;
let identityAccounts: { id: string; email: string; firstName: string; lastName: string; phone: string; phase: string; roles: string[] }[];
let registered: [string, string][];
let identityDown: boolean;

function build() {
  service = createFunnelService({
    requests: repo,
    sources: { byUrlParam: async (p) => SOURCES.find((s) => s.urlParam === p) ?? null, list: async () => SOURCES, upsert: async (s) => ({ ...s, id: 9 }) },
    hasher: createSmsCodeHasher('test-secret-test-secret-test-secret-1234'),
    rateLimiter: memoryLimiter(() => clock),
    sms: { send: async (message) => (sms.push(message), { id: `b${sms.length}` }) },
    sales: {
      createLead: async (lead) => (salesLeads.push(lead), { id: `L-${salesLeads.length}`, status: 'NEW', salesRep: null }),
      lead: async () => null,
      updateLead: async () => true,
      media: async () => null,
    },
    conversions: { report: async (c) => void conversions.push(c) },
    mailer: { from: 'portal@example.de', send: async (mail) => void mails.push(mail) },
    mailLog: { record: async () => undefined } as never,
    activity: createActivityService({ record: async (entry) => ({ ...entry, id: 1, logId: 'x', createdAt: clock }), listForUser: async () => [] }),
    identity: {
      async createAccount(account) {
        if (identityDown) throw new Error('identity provider down');
        if (identityAccounts.some((a) => a.email === account.email)) return 'taken';
        const created = { ...account, id: `kp|${identityAccounts.length + 1}` };
        identityAccounts.push(created);
        return { id: created.id };
      },
      accountIdByEmail: async (email) => identityAccounts.find((a) => a.email === email)?.id ?? null,
      async account(id) {
        const found = identityAccounts.find((a) => a.id === id);
        return found ? { id, email: found.email, emailVerified: false, firstName: found.firstName, lastName: found.lastName, enabled: true, phone: found.phone, customerNumber: null } : null;
      },
    },
    leadAccounts: { registered: async (userId, leadId) => void registered.push([userId, leadId]) },
    settings: { publicUrl: 'https://portal.example.de', leadRoleId: 'rol_interessent', installerName: 'Beispiel Solar GmbH', operatorEmail: 'betrieb@example.de', dailySmsBudget: budget, defaultLeadsourceId: 'LS-1000', retentionMonths: 24 },
    now: () => clock,
    log: { info: (m, f) => logLines.push(`${m} ${JSON.stringify(f)}`), warn: (m, f) => logLines.push(`${m} ${JSON.stringify(f)}`) },
  });
}

beforeEach(() => {
  clock = new Date('2026-11-25T09:00:00Z');
  repo = memoryRepository();
  sms = [];
  mails = [];
  salesLeads = [];
  conversions = [];
  logLines = [];
  budget = 500;
  identityAccounts = [];
  registered = [];
  identityDown = false;
  build();
});

const form = (overrides: Partial<FunnelDetailsForm> = {}): FunnelDetailsForm => ({
  firstName: 'Lena',
  lastName: 'Krüger',
  email: 'lena@example.de',
  phoneCountry: 'DE',
  phone: '0171 1234567',
  topics: ['SOLAR', 'STORAGE'],
  contactConsent: 'yes',
  quelle: 'google-pv',
  ...overrides,
});
/** Each browser a new address unless a test says otherwise (the per-IP limit has its own test). */
const visit = (overrides: Partial<FunnelVisit> = {}): FunnelVisit => ({ ip: `10.0.0.${++ipCounter}`, marketing: false, ...overrides });
const later = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));
const lastCode = () => /: (\d{6})\./.exec(sms.at(-1)?.text ?? '')?.[1] as string;

async function start(overrides: Partial<FunnelDetailsForm> = {}, by = visit()) {
  const { token, request } = await service.begin(null, form(overrides), by);
  await service.submitDetails(request, form(overrides), by);
  return { token, by };
}
async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('funnel SMS codes', () => {
  it('sends six CSPRNG digits by SMS and stores only an HMAC bound to the request and number', async () => {
    const { token } = await start();
    const code = lastCode();
    expect(code).toMatch(/^\d{6}$/);
    expect(sms[0]?.to).toBe('+491711234567');
    expect(sms[0]?.text).toContain(`@portal.example.de #${code}`);
    const stored = repo.codes[0] as FunnelSmsCode;
    expect(stored.code).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(repo.codes)).not.toContain(code);
    expect(stored.nonce).toBe(nonceOf(token));
    expect(logLines.join('\n')).not.toContain(code);
    expect(logLines.join('\n')).not.toContain('1234567');
  });

  it('validates the right code once and makes the lead', async () => {
    const { token, by } = await start();
    expect(await service.verify(token, ` ${lastCode()} `, by)).toEqual({ leadId: 'lead-1' });
    expect(repo.leads[0]).toMatchObject({ phoneNumber: '+491711234567', firstName: 'Lena', topics: ['SOLAR', 'STORAGE'], leadsourceId: 'LS-2101' });
    expect(salesLeads).toHaveLength(1);
    expect(mails.map((m) => m.to)).toEqual([['lena@example.de']]);
    expect(mails[0]?.text).toContain('+49 171 ••••• 67');
  });

  it('sends no second SMS for a second press of the button while the code is live (a double submit)', async () => {
    const by = visit();
    const { token, request } = await service.begin(null, form(), by);
    await service.submitDetails(request, form(), by);
    const again = await service.begin(token, form(), by);
    expect(again.token).toBe(token);
    expect(await service.submitDetails(again.request, form({ email: 'lena.neu@example.de' }), by)).toBe('code');
    expect(sms).toHaveLength(1);
    expect((await service.forRequest().page(token)).draft.email).toBe('lena.neu@example.de');
    // A changed number is a new code, after the cooldown.
    const changed = await service.begin(token, form({ phone: '0160 7654321' }), by);
    expect((await failure(service.submitDetails(changed.request, form({ phone: '0160 7654321' }), by))).code).toBe('FUNNEL.RESEND_TOO_EARLY');
    later(30);
    await service.submitDetails((await service.begin(token, form(), by)).request, form({ phone: '0160 7654321' }), by);
    expect(sms.map((m) => m.to)).toEqual(['+491711234567', '+491607654321']);
  });

  it('sends one SMS when two posts of the same request arrive at the same time (a double click)', async () => {
    const by = visit();
    const { token, request } = await service.begin(null, form(), by);
    // Both posts read the request before either issued a code.
    const [first, second] = [structuredClone(request), structuredClone(request)];
    expect(await Promise.all([service.submitDetails(first, form(), by), service.submitDetails(second, form(), by)])).toEqual(['code', 'code']);
    expect(sms).toHaveLength(1);
    expect(repo.codes.filter((c) => !c.replacedAt)).toHaveLength(1);
    expect(await service.verify(token, lastCode(), by)).toEqual({ leadId: 'lead-1' });
  });

  it('binds a code to its request: the same code does not open another browser’s request', async () => {
    const first = await start();
    const code = lastCode();
    const second = await start({ phone: '0171 7654321' });
    expect((await failure(service.verify(second.token, code === '000000' ? '000001' : code, second.by))).code).toBe('FUNNEL.CODE_INVALID');
    expect(await service.verify(first.token, code, first.by)).toEqual({ leadId: 'lead-1' });
  });

  it('expires a code after ten minutes (410)', async () => {
    const { token, by } = await start();
    later(FUNNEL_CODE.ttlMinutes * 60);
    const error = await failure(service.verify(token, lastCode(), by));
    expect([error.code, error.status]).toEqual(['FUNNEL.CODE_EXPIRED', 410]);
  });

  it('kills the code after five wrong attempts (429), also for the right code; a typo of the wrong length costs nothing', async () => {
    const { token, by } = await start();
    const right = lastCode();
    const wrong = right === '111111' ? '222222' : '111111';
    expect((await failure(service.verify(token, '12345', by))).params).toMatchObject({ attemptsLeft: 5, format: true });
    for (let attempt = 1; attempt <= 4; attempt++) {
      const error = await failure(service.verify(token, wrong, by));
      expect([error.code, error.status, error.params.attemptsLeft]).toEqual(['FUNNEL.CODE_INVALID', 422, 5 - attempt]);
    }
    const fifth = await failure(service.verify(token, wrong, by));
    expect([fifth.code, fifth.status]).toEqual(['FUNNEL.TOO_MANY_ATTEMPTS', 429]);
    expect((await failure(service.verify(token, right, by))).code).toBe('FUNNEL.TOO_MANY_ATTEMPTS');
    expect(repo.leads).toEqual([]);
  });

  it('lets a resend wait longer each time (Retry-After) and replaces the previous code', async () => {
    const { token, by } = await start();
    const first = lastCode();
    expect([resendCooldownSeconds(1), resendCooldownSeconds(2), resendCooldownSeconds(3)]).toEqual([30, 60, 120]);
    const early = await failure(service.resend(token, by));
    expect([early.code, early.status, early.retryAfterSeconds]).toEqual(['FUNNEL.RESEND_TOO_EARLY', 429, 30]);
    later(30);
    await service.resend(token, by);
    const second = lastCode();
    later(59);
    expect((await failure(service.resend(token, by))).retryAfterSeconds).toBe(1);
    later(1);
    await service.resend(token, by);
    expect(sms).toHaveLength(3);
    if (first !== lastCode()) expect((await failure(service.verify(token, first, by))).code).toBe('FUNNEL.CODE_INVALID');
    if (second !== lastCode()) expect((await failure(service.verify(token, second, by))).code).toBe('FUNNEL.CODE_INVALID');
    expect(await service.verify(token, lastCode(), by)).toEqual({ leadId: 'lead-1' });
  });
});

describe('SMS limits (counted like in PostgreSQL, fixed windows)', () => {
  it('sends a number at most 3 codes in 10 minutes and 5 a day', async () => {
    for (let i = 0; i < 3; i++) await start();
    const fourth = await failure(start());
    expect([fourth.code, fourth.status]).toEqual(['FUNNEL.RATE_LIMITED', 429]);
    expect(fourth.retryAfterSeconds).toBeGreaterThan(0);
    later(600);
    await start();
    await start();
    expect((await failure(start())).code).toBe('FUNNEL.RATE_LIMITED');
    later(600);
    expect((await failure(start())).code).toBe('FUNNEL.RATE_LIMITED');
    expect(sms).toHaveLength(5);
  });

  it('sends at most 10 codes an hour for one client address', async () => {
    const by = visit();
    for (let i = 0; i < 10; i++) await start({ phone: `0171 12${i}4567` }, by);
    expect((await failure(start({ phone: '0160 9876543' }, by))).code).toBe('FUNNEL.RATE_LIMITED');
    await start({ phone: '0160 9876543' });
  });

  it('sends at most 5 codes an hour into one block of 10,000 numbers (SMS pumping)', async () => {
    for (let i = 0; i < 5; i++) await start({ phone: `0171 123${i}000` });
    expect((await failure(start({ phone: '0171 1239999' }))).code).toBe('FUNNEL.RATE_LIMITED');
    await start({ phone: '0171 1240000' });
  });

  it('counts an IPv6 client by its /64: rotating addresses inside it does not reset the limit', async () => {
    for (let i = 0; i < 10; i++) await start({ phone: `0171 13${i}4567` }, visit({ ip: `2001:db8:1:1::${(i + 1).toString(16)}` }));
    const rotated = visit({ ip: '2001:db8:1:1:abcd:ef01:2345:6789' });
    expect((await failure(start({ phone: '0160 9876541' }, rotated))).code).toBe('FUNNEL.RATE_LIMITED');
    // Its neighbour /64 is another client.
    await start({ phone: '0160 9876541' }, visit({ ip: '2001:db8:1:2::1' }));
  });

  it('counts a whole IPv6 /48 with a stricter limit of its own: 20 codes an hour, however many /64s send them', async () => {
    for (let i = 0; i < 20; i++) await start({ phone: `0172 ${i + 20}14567` }, visit({ ip: `2001:db8:7:${(i + 1).toString(16)}::1` }));
    expect((await failure(start({ phone: '0160 9876542' }, visit({ ip: '2001:db8:7:ff::1' })))).code).toBe('FUNNEL.RATE_LIMITED');
    await start({ phone: '0160 9876542' }, visit({ ip: '2001:db8:8:1::1' }));
  });

  it('warns the operator once before the daily budget runs out, while codes still go out', async () => {
    budget = 10;
    build();
    const warnings = () => mails.filter((m) => m.subject === '[Kundenportal] SMS-Tagesbudget fast aufgebraucht');
    for (let i = 0; i < 7; i++) await start({ phone: `0171 15${i}4567` });
    expect(warnings()).toHaveLength(0);
    await start({ phone: '0171 1574567' });
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]?.to).toEqual(['betrieb@example.de']);
    expect(warnings()[0]?.text).toContain('8 von 10 SMS');
    await start({ phone: '0171 1584567' });
    await start({ phone: '0171 1594567' });
    expect(sms).toHaveLength(10);
    expect(warnings()).toHaveLength(1);
  });

  it('stops sending when the daily budget is spent and alerts the operator once', async () => {
    budget = 2;
    build();
    await start({ phone: '0171 1000001' });
    await start({ phone: '0160 2000002' });
    const paused = await failure(start({ phone: '0176 3000003' }));
    expect([paused.code, paused.status]).toEqual(['FUNNEL.SMS_PAUSED', 503]);
    expect((await failure(start({ phone: '0151 40000004' }))).code).toBe('FUNNEL.SMS_PAUSED');
    expect(sms).toHaveLength(2);
    expect(mails.filter((m) => m.to.includes('betrieb@example.de')).map((m) => m.subject)).toEqual(['[Kundenportal] SMS-Tagesbudget erreicht – Versand gestoppt']);
    later(86_400);
    await start({ phone: '0176 3000003' });
    expect(sms).toHaveLength(3);
  });

  it('answers a number the funnel knows exactly like a new one', async () => {
    const known = await start();
    await service.verify(known.token, lastCode(), known.by);
    later(3600);
    const again = await service.begin(null, form(), visit());
    const fresh = await service.begin(null, form({ phone: '0160 7777777' }), visit());
    expect(await service.submitDetails(again.request, form(), visit())).toBe(await service.submitDetails(fresh.request, form({ phone: '0160 7777777' }), visit()));
    const views = await Promise.all([service.forRequest().page(again.token), service.forRequest().page(fresh.token)]);
    expect(views.map((v) => [v.state, v.code?.attemptsLeft, v.code?.resendAt, v.errors])).toEqual([
      ['CODE_SENT', 5, views[0]?.code?.resendAt, {}],
      ['CODE_SENT', 5, views[0]?.code?.resendAt, {}],
    ]);
    expect(sms.slice(-2).map((m) => m.text.replace(/\d{6}/g, 'CODE'))).toEqual([sms.at(-1)?.text.replace(/\d{6}/g, 'CODE'), sms.at(-1)?.text.replace(/\d{6}/g, 'CODE')]);
  });
});

describe('funnel details and lead sources', () => {
  it('keeps what was typed and names every wrong field', async () => {
    const { token, request } = await service.begin(null, form(), visit());
    const wrong = form({ firstName: ' ', email: 'lena@', phone: '0171-123', topics: undefined, contactConsent: undefined });
    const error = await failure(service.submitDetails(request, wrong, visit()));
    expect([error.code, error.status, error.params.fields]).toEqual(['FUNNEL.INVALID', 422, 'firstName,email,phone,topics,contactConsent']);
    const view = await service.forRequest().page(token);
    expect(view.draft).toMatchObject({ lastName: 'Krüger', email: 'lena@', phone: '0171-123', topics: [], contactConsent: false });
    expect(view.errors).toEqual({ firstName: 'required', email: 'email', phone: 'phoneInvalid', topics: 'topics', contactConsent: 'consent' });
    expect(sms).toEqual([]);
  });

  it('uses the default source for an unknown or inactive parameter and logs it', async () => {
    for (const quelle of ['gibt-es-nicht', 'messe-alt']) {
      const { request } = await service.begin(null, form({ quelle }), visit());
      expect(request.leadsourceId).toBe('LS-1000');
    }
    expect(logLines.filter((line) => line.startsWith('funnel: lead source unknown or inactive'))).toHaveLength(2);
    expect((await service.begin(null, form(), visit())).request).toMatchObject({ leadsourceId: 'LS-2101', externalId: 'gads-cmp-1' });
  });
});

describe('conversion tracking', () => {
  it('reports a verified lead once, only with the marketing consent, without personal data', async () => {
    const withoutConsent = await start({ phone: '0171 5550001' });
    await service.verify(withoutConsent.token, lastCode(), withoutConsent.by);
    expect(conversions).toEqual([]);

    const by = visit({ marketing: true });
    const { token, request } = await service.begin(null, form({ phone: '0171 5550002', clickId: 'Cj0KCQiA-test-click', clickIdType: 'gclid' }), by);
    await service.submitDetails(request, form({ phone: '0171 5550002' }), by);
    await service.verify(token, lastCode(), by);
    expect(conversions).toEqual([{ conversionId: 'lead-2', name: 'lead', occurredAt: clock, clickId: 'Cj0KCQiA-test-click', clickIdType: 'gclid', campaign: 'gads-cmp-1' }]);

    later(3600);
    const again = await start({ phone: '0171 5550002' }, visit({ marketing: true }));
    await service.verify(again.token, lastCode(), again.by);
    expect(conversions).toHaveLength(1);
    expect(JSON.stringify(conversions)).not.toMatch(/Lena|lena@|5550002/);
  });
});

describe('the lead account (phase B)', () => {
  it('creates one passwordless LEAD account with the lead role after the code, and UserMeta names the lead', async () => {
    const first = await start({ phone: '0171 5550101', email: 'lena.a@example.de' });
    await service.verify(first.token, lastCode(), first.by);
    expect(identityAccounts).toEqual([expect.objectContaining({ email: 'lena.a@example.de', phone: '+491715550101', phase: 'LEAD', roles: ['rol_interessent'] })]);
    expect(repo.leads[0]?.accountUserId).toBe('kp|1');
    expect(registered).toEqual([['kp|1', 'lead-1']]);
    // The confirmation mail leads into the lead's area.
    expect(mails[0]?.text).toContain('Zu Deinem Bereich: https://portal.example.de/api/auth/login-lead');

    // The same number verified again: the same lead and its account, no second one.
    later(3600);
    const again = await start({ phone: '0171 5550101', email: 'lena.a@example.de' });
    await service.verify(again.token, lastCode(), again.by);
    expect(identityAccounts).toHaveLength(1);
    expect(registered).toHaveLength(1);
    expect(await service.signInFor(again.token)).toEqual({ email: 'lena.a@example.de' });
  });

  it('makes no second account for an address that has one: that account signs in instead', async () => {
    identityAccounts.push({ id: 'kp|kunde', email: 'anna@example.de', firstName: 'Anna', lastName: 'S', phone: '+49301234567', phase: 'PROJECT', roles: ['rol_kunde'] });
    const { token, by } = await start({ phone: '0171 5550102', email: 'anna@example.de' });
    await service.verify(token, lastCode(), by);
    expect(identityAccounts).toHaveLength(1);
    expect(repo.leads[0]?.accountUserId).toBeNull();
    expect(registered).toEqual([]);
    expect(await service.signInFor(token)).toEqual({ email: 'anna@example.de' });
  });

  it('links the account made earlier for this very number when only the link was lost', async () => {
    identityAccounts.push({ id: 'kp|vorher', email: 'lena.b@example.de', firstName: 'Lena', lastName: 'K', phone: '+491715550103', phase: 'LEAD', roles: ['rol_interessent'] });
    const { token, by } = await start({ phone: '0171 5550103', email: 'lena.b@example.de' });
    await service.verify(token, lastCode(), by);
    expect(identityAccounts).toHaveLength(1);
    expect(repo.leads[0]?.accountUserId).toBe('kp|vorher');
    expect(registered).toEqual([['kp|vorher', 'lead-1']]);
  });

  it('still makes the lead when the identity provider is down, and the lead login makes the account later', async () => {
    identityDown = true;
    const { token, by } = await start({ phone: '0171 5550104', email: 'lena.c@example.de' });
    expect(await service.verify(token, lastCode(), by)).toEqual({ leadId: 'lead-1' });
    expect(repo.leads[0]?.accountUserId).toBeNull();
    expect(mails).toHaveLength(1);
    expect(logLines.some((line) => line.startsWith('funnel: lead account not created yet'))).toBe(true);

    identityDown = false;
    expect(await service.signInFor(token)).toEqual({ email: 'lena.c@example.de' });
    expect(repo.leads[0]?.accountUserId).toBe('kp|1');
    expect(registered).toEqual([['kp|1', 'lead-1']]);
    expect(await service.signInFor(null)).toBeNull();
  });
});
