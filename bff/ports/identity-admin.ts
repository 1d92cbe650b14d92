/** An account as the identity provider's admin API knows it. */
export interface IdentityAccount {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  enabled: boolean;
  phone: string | null;
  customerNumber: string | null;
}

/** A new account as the portal creates it (the lead funnel's lead after the verified SMS code; docs/funnel.md). */
export interface NewIdentityAccount {
  email: string;
  firstName: string;
  lastName: string;
  /** E.164. */
  phone: string;
  /** The app-metadata claim's phase and the realm roles the account gets. */
  phase: 'LEAD' | 'PROJECT';
  roles: string[];
}

/**
 * The identity provider's administration (Keycloak admin REST API, or Auth0's Management API) for what the customer
 * changes in the portal; the password itself is changed at the provider (IdentityProvider.startLogin with the
 * update-password action), never through this API. Adapter: adapters/identity-admin.http.ts. Every method rejects
 * with UpstreamUnavailable when the provider fails or does not answer in time.
 */
export interface IdentityAdmin {
  /** Null for an unknown (e.g. deleted) account. */
  account(userId: string): Promise<IdentityAccount | null>;
  /** The account's new sign-in address, verified (the customer confirmed it); 'taken' when another account has it. */
  changeEmail(userId: string, email: string): Promise<'changed' | 'taken'>;
  /** The address is confirmed (two-factor onboarding). */
  markEmailVerified(userId: string): Promise<void>;
  changeName(userId: string, firstName: string, lastName: string): Promise<void>;
  /** Whether the account has a password (an account made by the portal signs in with the e-mail code until it sets one). */
  hasPassword(userId: string): Promise<boolean>;
  /**
   * Ends every provider session of the account; the provider tells each client by back-channel logout. An unknown
   * account counts as signed out.
   */
  signOutEverywhere(userId: string): Promise<void>;
  /** The account's language (Keycloak: the user attribute `locale`): the provider's own mails follow it. */
  setLocale(userId: string, locale: 'de' | 'en'): Promise<void>;
  /** Deletes the account; an unknown account counts as deleted. */
  deleteAccount(userId: string): Promise<void>;
  /**
   * Creates an account without a password (it signs in with the provider's e-mail code) and an unverified address;
   * answers its subject, or 'taken' when the address has an account already (nothing is changed then).
   */
  createAccount(account: NewIdentityAccount): Promise<{ id: string } | 'taken'>;
  /** The account's id for an address, or null. */
  accountIdByEmail(email: string): Promise<string | null>;
  /**
   * Turns a lead's account into a customer's (the sale closed): phase PROJECT and the customer number in the
   * app-metadata claim, the customer role instead of the lead role. Idempotent.
   */
  makeCustomer(userId: string, change: { customerNumber: string; customerRole: string; leadRole: string }): Promise<void>;
}
