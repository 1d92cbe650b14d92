import type { ActivityOrigin, ActivityType } from '../../contracts/activity.ts';
import type { ActivityDetail } from '../activity/activity-kinds.ts';

export interface ActivityEntry {
  type: ActivityType;
  origin: ActivityOrigin;
  userId: string | null;
  username: string | null;
  projectId: number | null;
  detail?: ActivityDetail;
  /** Further sub-logs of the same entry (DOCUMENT_DOWNLOADED: the document's source beside its category). */
  related?: ActivityDetail[];
}

export interface RecordedActivity extends ActivityEntry {
  /** Row id, for rows that refer to the activity (MailLog). */
  id: number;
  logId: string;
  createdAt: Date;
}

/** Persistence of activity logs; implemented in bff/db/repositories. */
export interface ActivityLogRepository {
  /** Writes the entry and its sub-log in one transaction. */
  record(entry: ActivityEntry): Promise<RecordedActivity>;
  /** Newest first; for the customer's own history and for tests. */
  listForUser(userId: string, limit?: number): Promise<RecordedActivity[]>;
}
