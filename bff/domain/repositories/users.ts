import type { Language } from '../../contracts/auth.ts';

/** One recipient of a mail: written in their language, greeting them by name where it is known. */
export interface MailRecipient {
  userId: string;
  email: string;
  lang: Language;
  firstName: string | null;
}

/** Customers known to the portal; implemented in bff/db/repositories. */
export interface UserAccounts {
  /** Creates the user row on first sign-in (and notes the address and language signed in with); idempotent. */
  ensure(userId: string, email?: string, language?: Language): Promise<unknown>;
  /** The language the customer uses the portal in: every mail to them is written in it (German when unknown). */
  languageOf(userId: string): Promise<Language>;
  /** The customer switched the language while signed in. */
  setLanguage(userId: string, language: Language): Promise<void>;
  /**
   * Who a mail to these users goes to: the address each signed in with, their language and first name (from the base
   * data, null when unknown). Unknown users are left out; one entry per address.
   */
  recipientsOf(userIds: readonly string[]): Promise<MailRecipient[]>;
  /** The addresses these users signed in with (unknown ones are left out). */
  emailsOf(userIds: readonly string[]): Promise<string[]>;
}
