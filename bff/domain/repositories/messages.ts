/** The portal's own state around the task service's threads; implemented in bff/db/repositories. */
export interface MessagesRepository {
  /** TaskPath rows: the support question's titles, top level first. */
  saveTaskPath(taskId: string, path: readonly string[]): Promise<void>;
  /** When each of these threads was last opened by the user. */
  readAt(userId: string, taskIds: readonly string[]): Promise<Map<string, Date>>;
  markRead(userId: string, taskId: string, at: Date): Promise<void>;
  /** Claims the answer mail of a thread unless one went out within the last `windowMs`; true when this one may go. */
  claimThreadMail(taskId: string, now: Date, windowMs: number): Promise<boolean>;
}

/** Which notifications a user has seen. */
export interface NotificationSeenRepository {
  seen(userId: string, ids: readonly string[]): Promise<Set<string>>;
  markSeen(userId: string, id: string): Promise<void>;
}
