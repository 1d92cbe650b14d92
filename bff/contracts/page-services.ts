import type { AccountServices } from './account.ts';
import type { Language, SessionUser } from './auth.ts';
import type { ConsentChoice } from './consent.ts';
import type { DocumentsServices } from './documents.ts';
import type { FormFlash } from './form-flash.ts';
import type { FunnelServices } from './funnel.ts';
import type { HelpServices } from './help.ts';
import type { LeadServices } from './lead.ts';
import type { JourneyServices } from './journey.ts';
import type { MessagesServices } from './messages.ts';
import type { MeterChangeServices } from './meter-change.ts';
import type { MoneyServices } from './money.ts';
import type { NotificationsResponse } from './notifications.ts';
import type { ExportsServices } from './exports.ts';
import type { MonitoringServices } from './monitoring.ts';
import type { EnergyValueServices } from './energy-value.ts';
import type { NewsletterServices } from './newsletter.ts';
import type { OnboardingServices } from './onboarding.ts';
import type { MyProjects, ProjectsServices } from './projects.ts';
import type { RouteTable } from './routes.ts';
import type { SurveysServices } from './surveys.ts';
import type { YieldServices } from './yield.ts';

/** What the layout shows around every signed-in page; it loads this itself (pages never pass layout data). */
export interface LayoutView {
  user: SessionUser;
  /** The customer's projects for the project switcher (shown from two projects on). */
  projects: MyProjects;
  /** The bell: the session project's notifications (null where the layout has none to show). */
  notifications: NotificationsResponse | null;
}

export interface LayoutServices {
  /** Null for a visitor. Never rejects: what cannot be loaded is left out. */
  view(): Promise<LayoutView | null>;
}

/**
 * The domain services a page calls in-process (docs/architecture.md: no page fetches its own server over HTTP), bound to
 * the request's customer and built per request with a memo, so the layout and the page share one projects call.
 * One entry per capability; bff/composition/page-services.ts builds them.
 */
export interface PortalServices {
  layout: LayoutServices;
  projects: ProjectsServices;
  help: HelpServices;
  monitoring: MonitoringServices;
  energyValue: EnergyValueServices;
  yield: YieldServices;
  journey: JourneyServices;
  messages: MessagesServices;
  documents: DocumentsServices;
  meterChange: MeterChangeServices;
  surveys: SurveysServices;
  money: MoneyServices;
  externalMedia: ExternalMediaServices;
  funnel: FunnelServices;
  lead: LeadServices;
  onboarding: OnboardingServices;
  newsletter: NewsletterServices;
  account: AccountServices;
  dataExports: ExportsServices;
}

/** External media a page shows only with that consent (docs/consent.md). */
export interface ExternalMediaServices {
  reviews(): Promise<{ rating: number; count: number; profileUrl: string; reviewUrl: string } | null>;
}

/** What the BFF hands to every Astro page as `Astro.locals` (see site/env.d.ts). */
export interface PortalLocals {
  /** The signed-in customer, or null on public pages. */
  user: SessionUser | null;
  /** UI language chosen by the `lang` cookie; German unless the customer picked English. */
  lang: Language;
  /** The visitor's consent (docs/consent.md); null until they chose (the banner shows). */
  consent: ConsentChoice | null;
  /** Where "Anmelden" points; configurable via LOGIN_URL. */
  loginUrl: string;
  /** The session-replay vendor's recorder, loaded only with that consent. */
  replayScriptUrl: string;
  /**
   * The route table, derived from the capability list (docs/architecture.md "The route table"): the navigation, who may
   * open a path, whether a path has a page. The site reads it here, never from a list of its own.
   */
  routes: RouteTable;
  services: PortalServices;
  /** What a refused plain form of this page held (docs/architecture.md "Forms without JavaScript"); null otherwise. */
  formFlash: FormFlash | null;
}
