import * as z from 'zod/mini';
import { defineErrors } from './errors.ts';
import type { NewsletterState } from './newsletter.ts';
import { definePages } from './routes.ts';

/**
 * The customer's account: settings (e-mail, password, language, newsletter), the data export (GDPR Art. 15
 * and 20) and the account deletion (Art. 17). Paths on the internal base, among them `POST /user/email` and
 * `POST /user/password` (which starts the identity provider's update-password action; docs/account.md).
 */
export const ACCOUNT_API = {
  email: 'user/email',
  emailConfirm: 'user/email/confirm',
  password: 'user/password',
  dataExport: 'user/data-export',
  dataExportDownload: 'user/data-export/:id',
  deletion: 'user/delete-account',
} as const;

export const SETTINGS_PATH = '/home/app/settings';
/** The profile page: the customer's base data and the ways to the money pages. */
export const PROFILE_PATH = '/home/app/profile';
export const DELETE_ACCOUNT_PATH = '/home/app/settings/delete-account';
/** The customer's account: the profile, the settings with the data export and the deletion. */
export const ACCOUNT_PAGE_ROUTES = definePages([
  { path: PROFILE_PATH, access: 'customer', logVisit: true, nav: { labelKey: 'nav.profile', order: 60, group: 'account' } },
  { path: SETTINGS_PATH, access: 'customer', nav: { labelKey: 'nav.settings', order: 62, group: 'account' } },
  // Deleting the account is open to a lead too (GDPR Art. 17).
  { path: DELETE_ACCOUNT_PATH, access: 'account' },
]);
/** The confirmation link of an e-mail change opens the settings with this parameter. */
export const EMAIL_CHANGE_PARAM = 'emailChange';

export const EMAIL_CHANGE_TTL_HOURS = 24;
/**
 * What the customer types to confirm the deletion (the page asks for the word of its language, in capitals). Exactly
 * that word: "löschen" in lower case is not it, so nothing is deleted by a half-read instruction (docs/account.md).
 * Spaces around it do not count.
 */
export const DELETE_CONFIRMATION_WORDS = { de: 'LÖSCHEN', en: 'DELETE' } as const;
export const isDeleteConfirmation = (value: string) => (Object.values(DELETE_CONFIRMATION_WORDS) as string[]).includes(value.trim());

const email = z.pipe(z.string(), z.pipe(z.transform((value: string) => value.trim().toLowerCase()), z.email().check(z.maxLength(254))));

export const EmailChangeSchema = z.strictObject({ email });
export const EmailConfirmSchema = z.strictObject({ uuid: z.uuid() });
export const DeleteAccountSchema = z.strictObject({ confirmation: z.string().check(z.maxLength(40)) });

export const AccountErrors = defineErrors({
  EMAIL_SAME: { code: 'ACCOUNT.EMAIL_SAME', status: 422, message: 'Das ist schon Deine E-Mail-Adresse.' },
  EMAIL_INVALID: { code: 'ACCOUNT.EMAIL_INVALID', status: 422, message: 'Bitte gib eine gültige E-Mail-Adresse ein.' },
  EMAIL_TAKEN: { code: 'ACCOUNT.EMAIL_TAKEN', status: 409, message: 'Diese E-Mail-Adresse gehört schon zu einem anderen Konto.' },
  EMAIL_LINK_INVALID: { code: 'ACCOUNT.EMAIL_LINK_INVALID', status: 404, message: 'Dieser Bestätigungslink gilt nicht (mehr).' },
  EMAIL_LINK_EXPIRED: { code: 'ACCOUNT.EMAIL_LINK_EXPIRED', status: 410, message: 'Dieser Bestätigungslink ist abgelaufen.' },
  /** The provider's update-password action came back without a change (an error there, or another account). */
  PASSWORD_NOT_CHANGED: { code: 'ACCOUNT.PASSWORD_NOT_CHANGED', status: 409, message: 'Dein Passwort wurde nicht geändert.' },
  RATE_LIMITED: { code: 'ACCOUNT.RATE_LIMITED', status: 429, message: 'Zu viele Versuche. Bitte warte etwas.' },
  DELETE_CONFIRMATION: { code: 'ACCOUNT.DELETE_CONFIRMATION', status: 422, message: 'Bitte tippe das Wort zur Bestätigung genau so ab.' },
  EXPORT_NOT_FOUND: { code: 'ACCOUNT.EXPORT_NOT_FOUND', status: 404, message: 'Diesen Export gibt es nicht (mehr).' },
});

declare module './errors.ts' {
  interface ErrorTables {
    account: typeof AccountErrors;
  }
}

export interface DataExportStatus {
  id: string;
  status: 'PENDING' | 'READY' | 'FAILED';
  createdAt: string;
  expiresAt: string;
  /** Download path while READY. */
  href: string | null;
}

export interface SettingsView {
  email: string;
  /**
   * Whether the sign-in account has a password (`NONE`: it signs in with the e-mail code and can set one), null when the
   * identity provider did not say.
   */
  password: 'SET' | 'NONE' | null;
  /** An e-mail change waiting for its confirmation link. */
  pendingEmail: { email: string; expiresAt: string } | null;
  newsletter: NewsletterState | null;
  dataExport: DataExportStatus | null;
}

/** The confirmation box of an e-mail change link (`/home/app/settings?emailChange=<uuid>`). */
export type EmailChangeLinkView = { state: 'VALID'; email: string } | { state: 'EXPIRED' | 'INVALID' | 'CONFIRMED' };

/** What stays after a deletion and why (from the account-data registry; shown on the deletion page). */
export interface RetainedDataView {
  name: string;
  reason: { de: string; en: string };
}

export interface AccountServices {
  settings(): Promise<SettingsView>;
  emailChangeLink(uuid: string): Promise<EmailChangeLinkView>;
  retained(): RetainedDataView[];
}
