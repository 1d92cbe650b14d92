/** Customers known to the portal; implemented in bff/db/repositories. */
export interface UserAccounts {
  /** Creates the user row on first sign-in; idempotent. */
  ensure(userId: string, email?: string): Promise<unknown>;
  /** The addresses these users signed in with (unknown ones are left out). */
  emailsOf(userIds: readonly string[]): Promise<string[]>;
}
