import type { PortalNotification } from '../../contracts/notifications.ts';

/** What the notification sources answered last for one customer (docs/messages.md "Notifications"). */
export interface KeptFeed {
  entries: Omit<PortalNotification, 'seen'>[];
  /** Which of the entries the customer has seen (read in the same statement). */
  seen: Set<string>;
  dataVersion: number;
  refreshedAt: Date;
  /** An installer's event of one of its projects arrived since. */
  stale: boolean;
}

/** The bell's kept feed per customer; implemented in bff/db/repositories. */
export interface NotificationFeedRepository {
  /** One statement: the kept feed with its seen marks, or null. */
  read(userId: string): Promise<KeptFeed | null>;
  write(userId: string, feed: { entries: readonly Omit<PortalNotification, 'seen'>[]; projectIds: readonly number[]; dataVersion: number; at: Date }): Promise<void>;
  /** Marks every feed covering the project stale. */
  markStale(projectId: number, at: Date): Promise<void>;
  erase(userId: string): Promise<number>;
}
