import type { SessionUser } from '../../contracts/auth.ts';
import { LEAD_CONTENT_TOPICS, type LeadContentTopic } from '../../contracts/funnel.ts';
import { INTERNAL_API_BASE } from '../../contracts/http.ts';
import {
  LEAD_API,
  LEAD_PAGES,
  LEAD_TOUR_STATUS,
  type LeadContactDetails,
  type LeadContactView,
  type LeadContentEntry,
  type LeadDashboardView,
  type LeadPatch,
  type LeadSalesRep,
  type LeadServices,
  type LeadTourStep,
} from '../../contracts/lead.ts';
import { checkBaseData, encodeProblems, OnboardingErrors, type BaseData, type ContactMethod, type JourneyStatus } from '../../contracts/onboarding.ts';
import type { IdentityAdmin } from '../../ports/identity-admin.ts';
import type { ManagedProject, ManagementService } from '../../ports/management-service.ts';
import type { SalesLeadView, SalesMedia, SalesRep, SalesService } from '../../ports/sales-service.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import { AppError, notFound } from '../errors.ts';
import { formatPhone } from '../funnel/phone.ts';
import type { OnboardingRepository, ProfileRepository } from '../repositories/account.ts';
import type { FunnelLead, FunnelRepository } from '../repositories/funnel.ts';
import type { RequestContext } from '../request-context.ts';

export interface LeadDeps {
  leads: Pick<FunnelRepository, 'leadByAccount' | 'updateContact'>;
  sales: SalesService;
  identity: Pick<IdentityAdmin, 'makeCustomer' | 'changeName'>;
  /** The onboarding's UserMeta and two-factor state: the journey status moves only forward. */
  journey: Pick<OnboardingRepository, 'state' | 'advanceJourney' | 'confirm' | 'registerLead'>;
  /** The onboarding's base data: a lead's contact details are the base data a customer has. */
  profiles: ProfileRepository;
  /** The management service: the won sale's project (its address) is connected to the new customer's account. */
  projects: Pick<ManagementService, 'getProject' | 'connectUser'>;
  /** Lead contents of the CMS, cached (help service). */
  content: { leadContents(lang: 'de' | 'en'): Promise<LeadContentEntry[]> };
  activity: ActivityService;
  settings: { customerRoleId: string; leadRoleId: string };
  now?: () => Date;
  log: { info(message: string, fields?: Record<string, unknown>): void; warn(message: string, fields?: Record<string, unknown>): void };
}

const api = (path: string) => `${INTERNAL_API_BASE}/${path}`;
const digits = (phone: string) => phone.replace(/[^\d]/g, '');

/** Where a contact method's link leads: the phone app, WhatsApp's click-to-chat, the mail program. */
export function contactTarget(rep: Pick<SalesRep, 'phone' | 'whatsapp' | 'email'>, method: ContactMethod): string {
  switch (method) {
    case 'PHONE':
      return `tel:+${digits(rep.phone)}`;
    case 'WHATSAPP':
      return `https://wa.me/${digits(rep.whatsapp)}`;
    case 'MAIL':
      return `mailto:${rep.email}`;
  }
}

/** The lead's topics first (in the funnel's order), then the others (so a lead can discover more). */
export function orderedContent(entries: readonly LeadContentEntry[], topics: readonly LeadContentTopic[]): LeadContentEntry[] {
  const rank = (topic: LeadContentTopic) => (topics.includes(topic) ? topics.indexOf(topic) : topics.length + LEAD_CONTENT_TOPICS.indexOf(topic));
  return [...entries].sort((a, b) => rank(a.topic) - rank(b.topic));
}

/** Where the tour's plain forms lead next: slide after slide, then back to the dashboard. */
export function afterTourStep(step: LeadTourStep): string {
  switch (step) {
    case 'later':
      return LEAD_PAGES.dashboard;
    case 'start':
      return `${LEAD_PAGES.tour}?step=1`;
    case '1':
    case '2':
      return `${LEAD_PAGES.tour}?step=${Number(step) + 1}`;
    case '3':
      return `${LEAD_PAGES.dashboard}?tour=done`;
  }
}

function checkTopics(topics: readonly string[]): LeadContentTopic[] | null {
  const known = [...new Set(topics)].filter((topic): topic is LeadContentTopic => (LEAD_CONTENT_TOPICS as readonly string[]).includes(topic));
  return known.length === 0 || known.length !== new Set(topics).size ? null : known;
}

/**
 * The lead phase (docs/funnel.md "The lead phase"): the lead dashboard's data, the contact details,
 * the representative's media streamed through the portal (behind the sales token), what the lead does there
 * (LEAD_VIDEO_PLAYED, LEAD_CONTENT_CLICKED, SALES_PERSON_CONTACTED), the lead tour's journey statuses, and the sign-in
 * that turns a lead whose sale closed into a customer. Every call is about the signed-in lead's own lead: another
 * lead's id answers 404 like an unknown one.
 */
export function createLeadService(deps: LeadDeps) {
  const now = deps.now ?? (() => new Date());

  async function leadOf(user: SessionUser): Promise<FunnelLead> {
    const lead = await deps.leads.leadByAccount(user.id);
    if (!lead) throw notFound('Deine Anfrage haben wir nicht gefunden.');
    return lead;
  }

  /** The representative sales assigned (null: none yet); rejects with UPSTREAM.UNAVAILABLE when sales does not answer. */
  async function repOf(lead: FunnelLead, ctx?: RequestContext): Promise<SalesRep | null> {
    const salesLeadId = lead.salesLeadId;
    if (!salesLeadId) return null;
    const load = async () => (await deps.sales.lead(salesLeadId))?.salesRep ?? null;
    return ctx ? ctx.once(`sales-lead:${salesLeadId}`, load, 'sales') : load();
  }

  const toView = (rep: SalesRep): LeadSalesRep => ({
    name: rep.name,
    phone: rep.phone,
    whatsapp: rep.whatsapp,
    email: rep.email,
    photoSrc: api(LEAD_API.photo),
    video: rep.video ? { fileUuid: rep.video.fileUuid, src: api(LEAD_API.video(rep.video.fileUuid)), captionsSrc: api(LEAD_API.captions(rep.video.fileUuid)) } : null,
  });

  /** What the contact details form starts with: the saved details, else what the funnel knows. */
  async function contactValues(user: SessionUser, lead: FunnelLead): Promise<{ values: LeadContactView['values']; saved: boolean }> {
    const saved = await deps.profiles.get(user.id);
    if (saved) return { values: saved, saved: true };
    return {
      values: { salutation: null, firstName: lead.firstName, lastName: lead.lastName, phone: lead.phoneNumber, street: '', houseNumber: '', zip: '', city: '', preferredContact: null },
      saved: false,
    };
  }

  async function videoOf(user: SessionUser, fileUuid: string) {
    const rep = await repOf(await leadOf(user));
    if (!rep?.video || rep.video.fileUuid.toLowerCase() !== fileUuid.toLowerCase()) throw notFound('Dieses Video gibt es nicht.');
    return rep.video;
  }

  async function media(url: string, range?: string): Promise<SalesMedia> {
    const file = await deps.sales.media(url, range);
    if (!file) throw notFound('Diese Datei gibt es nicht.');
    return file;
  }

  type Carried = { project: ManagedProject | null; contact: SalesLeadView['contact'] };

  /** The won sale's project, connected to the account, and the contact details sales knows (docs/funnel.md). */
  async function carryOver(user: SessionUser, lead: FunnelLead): Promise<Carried> {
    const sold = lead.salesLeadId ? await deps.sales.lead(lead.salesLeadId) : null;
    const project = sold?.projectId ? await deps.projects.getProject(sold.projectId) : null;
    if (project) await deps.projects.connectUser(project.id, user.id);
    return { project, contact: sold?.contact ?? null };
  }

  /**
   * The base data the lead gave already (its contact details in the portal or to sales, the funnel's name and number,
   * the project's address) is saved as the customer's, so the onboarding does not ask for it again; when something is
   * missing (how to be contacted), the onboarding asks, prefilled with what is known.
   */
  async function knownBaseData(user: SessionUser, lead: FunnelLead, { project, contact }: Carried): Promise<void> {
    if (await deps.profiles.get(user.id)) return;
    const address = contact?.address ?? project?.address;
    const checked = checkBaseData({
      salutation: contact?.salutation ?? '',
      firstName: lead.firstName,
      lastName: lead.lastName,
      phone: contact?.phone ?? lead.phoneNumber,
      street: address?.street ?? '',
      houseNumber: address?.houseNumber ?? '',
      zip: address?.zip ?? '',
      city: address?.city ?? '',
      preferredContact: contact?.preferredContact ?? '',
    });
    if (!checked.ok) return;
    await deps.profiles.save(user.id, checked.data);
    await deps.journey.advanceJourney(user.id, 'CONTACT_DETAILS_COMPLETED');
  }

  return {
    /**
     * A lead signs in (bff/domain/auth/sign-in.ts): its UserMeta names the lead. When sales closed the sale since
     * (`lead.won`), the project the sale created is connected to the account, the account becomes a customer's at the
     * identity provider (phase PROJECT, customer number, the customer role instead of the lead role) and this sign-in
     * continues as the customer's; the address counts as confirmed (the lead signed in with the e-mail code) and the
     * base data already known is kept, so the onboarding asks only for what is missing. Should the management service
     * or the provider fail, the lead stays a lead until the next sign-in.
     */
    async atSignIn(user: SessionUser): Promise<SessionUser> {
      const lead = await deps.leads.leadByAccount(user.id);
      if (!lead) return user;
      await deps.journey.registerLead(user.id, lead.id);
      if (lead.status !== 'WON' || !lead.customerNumber) return user;
      let carried: Carried;
      try {
        // The project the sale created is connected first: a customer is never left without it (later sign-ins are a
        // customer's and do not come here again).
        carried = await carryOver(user, lead);
        await deps.identity.makeCustomer(user.id, { customerNumber: lead.customerNumber, customerRole: deps.settings.customerRoleId, leadRole: deps.settings.leadRoleId });
      } catch (error) {
        deps.log.warn('lead: sale closed, but the account is not a customer yet; the next sign-in tries again', { lead: lead.id, error });
        return user;
      }
      if (user.emailVerified !== false && !(await deps.journey.state(user.id)).twoFactor.confirmedAt) await deps.journey.confirm(user.id, now());
      await knownBaseData(user, lead, carried).catch((error: unknown) => deps.log.warn('lead: base data not carried over; the onboarding asks for it', { lead: lead.id, error }));
      deps.log.info('lead: became a customer at sign-in', { lead: lead.id, projectId: carried.project?.id ?? null });
      return { ...user, phase: 'PROJECT', customerNumber: lead.customerNumber };
    },

    /** `PATCH /user/lead/{id}` and the contact details form: checked field by field, strict body (the route). */
    async patchLead(user: SessionUser, leadId: string, patch: LeadPatch): Promise<LeadContactDetails> {
      const lead = await leadOf(user);
      if (lead.id !== leadId.toLowerCase()) throw notFound('Diese Anfrage haben wir nicht gefunden.');
      const { values } = await contactValues(user, lead);
      const { topics: patchedTopics, ...fields } = patch;
      const merged: Record<string, unknown> = { ...values, preferredContact: values.preferredContact ?? '', salutation: values.salutation ?? '' };
      for (const [name, value] of Object.entries(fields)) if (value !== undefined) merged[name] = value ?? '';
      const checked = checkBaseData(merged);
      const topics = checkTopics(patchedTopics ?? lead.topics);
      if (!checked.ok || !topics) {
        throw new AppError(OnboardingErrors.BASE_DATA_INVALID, {
          // The topics are a field of the form too: named among the problems, and (for scripts) as their own parameter.
          params: {
            problems: [checked.ok ? '' : encodeProblems(checked.problems), topics ? '' : 'topics:required'].filter(Boolean).join(','),
            ...(topics ? {} : { topics: 'required' }),
          },
        });
      }
      const data: BaseData = checked.data;
      if (lead.salesLeadId) {
        const { street, houseNumber, zip, city } = data;
        await deps.sales.updateLead(lead.salesLeadId, {
          salutation: data.salutation,
          firstName: data.firstName,
          lastName: data.lastName,
          phone: data.phone,
          address: { street, houseNumber, zip, city },
          preferredContact: data.preferredContact,
          topics,
        });
      }
      await deps.profiles.save(user.id, data);
      await deps.leads.updateContact(lead.id, { firstName: data.firstName, lastName: data.lastName, topics });
      if (data.firstName !== user.firstName || data.lastName !== user.lastName) {
        // The name at the identity provider is a convenience (greetings in its mails); the lead's data is saved.
        await deps.identity.changeName(user.id, data.firstName, data.lastName).catch((error: unknown) => deps.log.warn('lead: name not changed at the identity provider', { error }));
      }
      await deps.journey.advanceJourney(user.id, 'CONTACT_DETAILS_COMPLETED');
      return { ...data, topics };
    },

    /** `PATCH /user/lead/sales-rep-video/{fileUuid}`: the lead played its representative's video. */
    async videoPlayed(user: SessionUser, fileUuid: string): Promise<void> {
      await videoOf(user, fileUuid);
      await deps.activity.record(user, 'LEAD_VIDEO_PLAYED', {});
    },

    /** The representative's video (a byte range of it when asked), captions and photo, streamed from sales. */
    async video(user: SessionUser, fileUuid: string, range?: string): Promise<SalesMedia> {
      return media((await videoOf(user, fileUuid)).url, range);
    },
    async captions(user: SessionUser, fileUuid: string): Promise<SalesMedia> {
      return media((await videoOf(user, fileUuid)).captionsUrl);
    },
    async photo(user: SessionUser): Promise<SalesMedia> {
      const rep = await repOf(await leadOf(user));
      if (!rep) throw notFound('Dir ist noch keine Ansprechperson zugeordnet.');
      return media(rep.photoUrl);
    },

    /** A content card's link: LEAD_CONTENT_CLICKED with the topic; answers the content page. */
    async contentClicked(user: SessionUser, topic: LeadContentTopic, record = true): Promise<string> {
      await leadOf(user);
      if (record) await deps.activity.record(user, 'LEAD_CONTENT_CLICKED', { topic });
      return `${LEAD_PAGES.content}/${topic.toLowerCase()}`;
    },

    /**
     * A contact method's link: SALES_PERSON_CONTACTED with the method (unless `record` is false: the click did not come
     * from the portal's own page); answers where the browser goes.
     */
    async contacted(user: SessionUser, method: ContactMethod, record = true): Promise<string> {
      const rep = await repOf(await leadOf(user));
      if (!rep) throw notFound('Dir ist noch keine Ansprechperson zugeordnet.');
      if (record) await deps.activity.record(user, 'SALES_PERSON_CONTACTED', { method });
      return contactTarget(rep, method);
    },

    /** The tour's plain forms: the step's journey status, only forward (an earlier status leaves it as it is). */
    async tourStep(user: SessionUser, step: LeadTourStep): Promise<JourneyStatus> {
      await leadOf(user);
      return deps.journey.advanceJourney(user.id, LEAD_TOUR_STATUS[step]);
    },

    forRequest(ctx: RequestContext): LeadServices {
      const user = () => {
        if (!ctx.user) throw new Error('lead pages need a signed-in lead');
        return ctx.user;
      };
      const lead = () => ctx.once('lead', () => leadOf(user()));
      return {
        async dashboard(): Promise<LeadDashboardView> {
          const current = await lead();
          const [state, profile, rep, content] = await Promise.all([
            deps.journey.state(user().id),
            deps.profiles.get(user().id),
            repOf(current, ctx).then(
              (found) => ({ available: true, rep: found }),
              (error: unknown) => {
                deps.log.warn('lead: sales service does not answer; dashboard without the representative', { error });
                return { available: false, rep: null };
              },
            ),
            deps.content.leadContents(ctx.lang).catch((error: unknown) => {
              deps.log.warn('lead: lead contents not available', { error });
              return null;
            }),
          ]);
          const journeyStatus = state.journeyStatus ?? 'REGISTERED';
          return {
            leadId: current.id,
            firstName: current.firstName,
            journeyStatus,
            status: current.status,
            topics: current.topics,
            // Saved details, not the status: a status moved on by `PATCH /user/journey` alone fills in no address.
            contactDetailsComplete: profile !== null,
            salesRep: rep.rep ? toView(rep.rep) : null,
            salesAvailable: rep.available,
            content: content ? orderedContent(content, current.topics) : null,
          };
        },
        async contactDetails(): Promise<LeadContactView> {
          const current = await lead();
          const { values, saved } = await contactValues(user(), current);
          return { leadId: current.id, values, topics: current.topics, verifiedPhone: formatPhone(current.phoneNumber), saved };
        },
        async content(topic: LeadContentTopic): Promise<LeadContentEntry> {
          await lead();
          const entry = (await deps.content.leadContents(ctx.lang)).find((candidate) => candidate.topic === topic);
          if (!entry) throw notFound('Diesen Inhalt haben wir nicht gefunden.');
          return entry;
        },
      };
    },
  };
}

export type LeadService = ReturnType<typeof createLeadService>;
