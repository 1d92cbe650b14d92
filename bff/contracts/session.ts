import { z } from 'zod';
import { PhaseSchema } from './enums.ts';
import type { HelpServices } from './help.ts';
import type { MonitoringServices } from './monitoring.ts';
import type { UserProjectsResponse } from './projects.ts';

/**
 * The signed-in customer as the portal knows them: built from the ID token's claims at login and kept in the
 * server session. `GET /api/auth/me` answers this shape (200) or 204 when nobody is signed in.
 * Tokens are never part of it (security.md: tokens never reach the browser).
 */
export const SessionUserSchema = z.object({
  /** The identity provider's subject (`sub`). */
  id: z.string().min(1),
  email: z.email(),
  firstName: z.string(),
  lastName: z.string(),
  /** The installer's customer number from the app-metadata claim; null for a customer without one yet. */
  customerNumber: z.string().nullable(),
  phase: PhaseSchema,
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const LanguageSchema = z.enum(['de', 'en']);
export type Language = z.infer<typeof LanguageSchema>;
export const DEFAULT_LANGUAGE: Language = 'de';

/**
 * Domain services a page calls in-process (ARCHITECTURE.md: no page fetches its own server over HTTP), already bound
 * to the request's customer. They reject with an Error whose `code` is `UPSTREAM.UNAVAILABLE` when an external
 * service does not answer, so a page can show a German message instead of breaking.
 */
export interface PortalServices {
  /** The customer's linked projects and the session's current project; empty for visitors. */
  myProjects(): Promise<UserProjectsResponse>;
  /** Help content from the CMS, cached; rejects with code CONTENT.UNAVAILABLE when nothing can be served. */
  help: HelpServices;
  /** Installation monitoring for the customer's projects. */
  monitoring: MonitoringServices;
}

/** What the BFF hands to every Astro page as `Astro.locals` (see site/env.d.ts). */
export interface PortalLocals {
  /** The signed-in customer, or null on public pages. */
  user: SessionUser | null;
  /** UI language chosen by the `lang` cookie; German unless the customer picked English. */
  lang: Language;
  /** Where "Anmelden" points; configurable via LOGIN_URL (spec section 2). */
  loginUrl: string;
  services: PortalServices;
}
