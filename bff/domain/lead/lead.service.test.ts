import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contracts/auth.ts';
import type { LeadContentEntry } from '../../contracts/lead.ts';
import type { BaseData, JourneyStatus } from '../../contracts/onboarding.ts';
import { JOURNEY_STATUSES, journeyRank } from '../../contracts/onboarding.ts';
import { createActivityService } from '../activity/activity.service.ts';
import { AppError } from '../errors.ts';
import type { SalesLeadView } from '../../ports/sales-service.ts';
import type { FunnelLead } from '../repositories/funnel.ts';
import { afterTourStep, contactTarget, createLeadService, orderedContent } from './lead.service.ts';
import { managedProject } from '../../../tests/support/managed-project.ts';

const entry = (topic: LeadContentEntry['topic']): LeadContentEntry => ({ topic, title: topic, text: [], image: null, lang: 'de' });

describe('lead dashboard helpers', () => {
  it('shows the lead’s topics first, in its order, then the others', () => {
    const all = (['IQ', 'SOLAR', 'STORAGE', 'CHARGE', 'OFFGRID'] as const).map(entry);
    expect(orderedContent(all, ['STORAGE', 'CHARGE']).map((e) => e.topic)).toEqual(['STORAGE', 'CHARGE', 'IQ', 'SOLAR', 'OFFGRID']);
  });

  it('leads each contact method to its app', () => {
    const rep = { phone: '+49 341 9876543-14', whatsapp: '+49 160 98765414', email: 'tobias@example.de' };
    expect(contactTarget(rep, 'PHONE')).toBe('tel:+49341987654314');
    expect(contactTarget(rep, 'WHATSAPP')).toBe('https://wa.me/4916098765414');
    expect(contactTarget(rep, 'MAIL')).toBe('mailto:tobias@example.de');
  });

  it('walks the tour pages slide by slide back to the dashboard', () => {
    expect(['later', 'start', '1', '2', '3'].map((step) => afterTourStep(step as never))).toEqual([
      '/home/lead',
      '/home/lead/tour?step=1',
      '/home/lead/tour?step=2',
      '/home/lead/tour?step=3',
      '/home/lead?tour=done',
    ]);
  });
});

const lead = (overrides: Partial<FunnelLead> = {}): FunnelLead => ({
  id: '0b6f5d1e-0000-4000-8000-000000000001',
  phoneNumber: '+491711234567',
  firstName: 'Lena',
  lastName: 'Krüger',
  email: 'lena@example.de',
  topics: ['SOLAR'],
  leadsourceId: 'LS-1000',
  contactConsentAt: new Date(),
  contactConsentVersion: '2026-11',
  salesLeadId: 'L-2001',
  salesForwardedAt: new Date(),
  conversionReportedAt: null,
  status: 'OPEN',
  customerNumber: null,
  wonAt: null,
  accountUserId: 'kp|lena',
  createdAt: new Date(),
  ...overrides,
});
const user: SessionUser = { id: 'kp|lena', email: 'lena@example.de', firstName: 'Lena', lastName: 'Krüger', customerNumber: null, phase: 'LEAD', emailVerified: true };

const soldProject = managedProject({ id: 900123, customerNumber: '781234', address: { street: 'Lindenallee', houseNumber: '7', zip: '04109', city: 'Leipzig' }, step: 'OFFER_CONFIRMATION' });

function service(options: { lead?: FunnelLead | null; makeCustomer?: () => Promise<void>; sold?: Partial<SalesLeadView> | null; connect?: () => Promise<void> } = {}) {
  const state = {
    journey: null as JourneyStatus | null,
    confirmed: null as Date | null,
    registered: [] as string[],
    profile: null as BaseData | null,
    salesUpdates: 0,
    warnings: [] as string[],
    connected: [] as string[],
  };
  const current = options.lead === undefined ? lead() : options.lead;
  const lead$ = createLeadService({
    leads: { leadByAccount: async (id) => (current?.accountUserId === id ? current : null), updateContact: async () => undefined },
    sales: {
      createLead: async () => ({ id: 'L-1', status: 'NEW', salesRep: null }),
      lead: async (id) => (options.sold ? { id, status: 'WON', customerNumber: '781234', projectId: null, contact: null, salesRep: null, ...options.sold } : null),
      updateLead: async () => ((state.salesUpdates += 1), true),
      media: async () => null,
    },
    identity: { makeCustomer: options.makeCustomer ?? (async () => undefined), changeName: async () => undefined },
    journey: {
      state: async () => ({ twoFactor: { codeHash: null, codeCreatedAt: null, confirmedAt: state.confirmed, failedAttempts: 0, sends: 0 }, journeyStatus: state.journey, tourSeenAt: null, bannerSeenAt: null }),
      async advanceJourney(_id, status) {
        if (journeyRank(status) > journeyRank(state.journey)) state.journey = status;
        return state.journey ?? JOURNEY_STATUSES[0];
      },
      confirm: async (_id, at) => void (state.confirmed = at),
      registerLead: async (id, leadId) => void state.registered.push(`${id}:${leadId}`),
    },
    profiles: { get: async () => state.profile, save: async (_id, data) => void (state.profile = data) },
    projects: {
      getProject: async (id) => (id === soldProject.id ? soldProject : null),
      connectUser: options.connect ?? (async (projectId, userId) => void state.connected.push(`${projectId}:${userId}`)),
    },
    content: { leadContents: async () => [] },
    activity: createActivityService({ record: async (e) => ({ ...e, id: 1, logId: 'x', createdAt: new Date() }), listForUser: async () => [] }),
    settings: { customerRoleId: 'rol_kunde', leadRoleId: 'rol_interessent' },
    log: { info: () => undefined, warn: (message) => void state.warnings.push(message) },
  });
  return { lead: lead$, state };
}

describe('the lead’s sign-in', () => {
  it('stays a lead while the sale is open, and names its lead in UserMeta', async () => {
    const { lead: leads, state } = service();
    expect(await leads.atSignIn(user)).toEqual(user);
    expect(state.registered).toEqual(['kp|lena:0b6f5d1e-0000-4000-8000-000000000001']);
  });

  it('becomes a customer once the sale closed: customer number, phase PROJECT, the address confirmed', async () => {
    const made: unknown[] = [];
    const { lead: leads, state } = service({ lead: lead({ status: 'WON', customerNumber: '781234' }), makeCustomer: async () => void made.push('made') });
    expect(await leads.atSignIn(user)).toEqual({ ...user, phase: 'PROJECT', customerNumber: '781234' });
    expect(made).toEqual(['made']);
    expect(state.confirmed).not.toBeNull();
  });

  it('carries the won sale over: its project is connected, and base data already known is not asked again', async () => {
    const { lead: leads, state } = service({
      lead: lead({ status: 'WON', customerNumber: '781234' }),
      sold: { projectId: soldProject.id, contact: { salutation: 'MS', phone: '+49 341 2223334', address: soldProject.address, preferredContact: 'PHONE' } },
    });
    expect((await leads.atSignIn(user)).phase).toBe('PROJECT');
    expect(state.connected).toEqual([`${soldProject.id}:kp|lena`]);
    expect(state.profile).toEqual({
      salutation: 'MS',
      firstName: 'Lena',
      lastName: 'Krüger',
      phone: '+493412223334',
      street: 'Lindenallee',
      houseNumber: '7',
      zip: '04109',
      city: 'Leipzig',
      preferredContact: 'PHONE',
    });
    expect(journeyRank(state.journey)).toBeGreaterThanOrEqual(journeyRank('CONTACT_DETAILS_COMPLETED'));
  });

  it('connects the project but leaves the base data to the onboarding when how to reach the customer is unknown', async () => {
    const { lead: leads, state } = service({ lead: lead({ status: 'WON', customerNumber: '781234' }), sold: { projectId: soldProject.id } });
    expect((await leads.atSignIn(user)).phase).toBe('PROJECT');
    expect(state.connected).toEqual([`${soldProject.id}:kp|lena`]);
    expect(state.profile).toBeNull();
    expect(state.journey).toBeNull();
  });

  it('stays a lead when the project cannot be connected, so the next sign-in tries again', async () => {
    const made: unknown[] = [];
    const { lead: leads } = service({
      lead: lead({ status: 'WON', customerNumber: '781234' }),
      sold: { projectId: soldProject.id },
      connect: async () => Promise.reject(new Error('management down')),
      makeCustomer: async () => void made.push('made'),
    });
    expect((await leads.atSignIn(user)).phase).toBe('LEAD');
    expect(made).toEqual([]);
  });

  it('stays a lead when the identity provider fails, so the next sign-in tries again', async () => {
    const { lead: leads, state } = service({ lead: lead({ status: 'WON', customerNumber: '781234' }), makeCustomer: async () => Promise.reject(new Error('down')) });
    expect((await leads.atSignIn(user)).phase).toBe('LEAD');
    expect(state.confirmed).toBeNull();
    expect(state.warnings).toEqual(['lead: sale closed, but the account is not a customer yet; the next sign-in tries again']);
  });
});

describe('the lead’s contact details', () => {
  const details = { firstName: 'Lena', lastName: 'Krüger', phone: '0171 2223334', street: 'Lindenallee', houseNumber: '7', zip: '04109', city: 'Leipzig', preferredContact: 'PHONE' };

  it('merges a PATCH with what is saved, checks every field and the topics, and never moves the journey back', async () => {
    const { lead: leads, state } = service();
    const failure = await leads.patchLead(user, lead().id, { ...details, zip: 'x', topics: ['HEAT_PUMP'] }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).params).toEqual({ problems: 'zip:format,topics:required', topics: 'required' });
    expect(state.salesUpdates).toBe(0);

    state.journey = 'LEAD_PHASE_TOUR_SLIDE_2';
    expect(await leads.patchLead(user, lead().id.toUpperCase(), details)).toMatchObject({ zip: '04109', topics: ['SOLAR'], salutation: null });
    expect((await leads.patchLead(user, lead().id, { topics: ['SOLAR', 'SOLAR', 'IQ'] })).topics).toEqual(['SOLAR', 'IQ']);
    expect(await leads.patchLead(user, lead().id, { topics: [] }).catch((error: unknown) => (error as AppError).params)).toEqual({ problems: 'topics:required', topics: 'required' });
    expect(await leads.patchLead(user, lead().id, { city: 'Markkleeberg' })).toMatchObject({ city: 'Markkleeberg', street: 'Lindenallee' });
    expect(state.journey).toBe('LEAD_PHASE_TOUR_SLIDE_2');
    expect(state.salesUpdates).toBe(3);
  });

  it('answers another lead’s id like an unknown one (404)', async () => {
    const { lead: leads } = service();
    const failure = (await leads.patchLead(user, '0b6f5d1e-0000-4000-8000-000000000002', details).catch((error: unknown) => error)) as AppError;
    expect(failure.status).toBe(404);
  });
});
