/** Customers known to the portal; implemented in bff/db/repositories. */
export interface UserAccounts {
  /** Creates the user row on first sign-in; idempotent. */
  ensure(userId: string): Promise<unknown>;
}
