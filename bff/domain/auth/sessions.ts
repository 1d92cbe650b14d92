/**
 * Ending portal sessions for good (docs/account.md "Sessions"): after a password or e-mail change the customer's other
 * sessions, after an account deletion all of them, after a back-channel logout those of one provider session (or of a
 * subject). Whatever such a session is doing at that moment, its next request is signed out and nothing it saves brings
 * it back. Implementation: bff/http/session.ts.
 */
export interface SessionRevocation {
  /** The customer's current session generation (a new session starts with it). */
  generationOf(userId: string): Promise<number>;
  /** Ends every session of the customer; answers how many rows went. */
  endAll(userId: string): Promise<number>;
  /** Ends every session of the customer but `keepSid`, which carries the new generation from now on. */
  endOthers(userId: string, keepSid: string): Promise<{ ended: number; generation: number }>;
  /** Ends the sessions that came from this provider session (of this subject, if named). */
  endProviderSession(sid: string, sub?: string): Promise<number>;
  /** Records a logout token's `jti`; false when it was used before (a replay). */
  firstUseOfLogoutToken(jti: string, until: Date): Promise<boolean>;
}
