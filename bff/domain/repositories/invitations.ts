/** Invitations of customers whose projects have no portal account yet; bff/db/repositories/invitations.repository.ts. */

export interface Invitation {
  id: number;
  projectId: number;
  email: string;
  sentAt: Date | null;
  clickedAt: Date | null;
  /** The portal account that took the invitation (its OIDC subject). */
  acceptedBy: string | null;
}

export interface InvitationRepository {
  /**
   * Claims the invitation of this project and address with a new token hash, as sent at `at` (the link works as soon
   * as the mail can arrive): a new row, or the row of an earlier try whose mail did not go out. Null when the
   * invitation was sent already (one invitation per project and address).
   */
  claim(projectId: number, email: string, tokenHash: string, at: Date): Promise<number | null>;
  /** The mail did not go out: the next run may claim it again (with a new token). */
  markUnsent(id: number): Promise<void>;
  byTokenHash(tokenHash: string): Promise<Invitation | null>;
  byId(id: number): Promise<Invitation | null>;
  /** Keeps the first click only. */
  markClicked(id: number, at: Date): Promise<void>;
  /** Takes the invitation for this account; false when another account took it first. */
  accept(id: number, userId: string): Promise<boolean>;
  /** Gives a taken invitation back (the project could not be connected). */
  release(id: number, userId: string): Promise<void>;
}
