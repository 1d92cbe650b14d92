/**
 * The `jti`s of machine tokens already used on a state-changing route (docs/machine-api.md "Tokens"), so a captured
 * token cannot be sent again; kept until the token would have expired anyway. Implemented in bff/db.
 */
export interface MachineTokenUses {
  /** Records the use; false when this caller's `jti` was used before (a replay). */
  claim(caller: string, jti: string, expiresAt: Date): Promise<boolean>;
}
