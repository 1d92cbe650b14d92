import type { ActivityOrigin, ActivityType, Phase } from '../../contracts/enums.ts';

/** The sub-log that details an activity (spec section 3, ActivityLog). At most one per entry. */
export type ActivityDetail =
  | { kind: 'survey'; surveyName: string }
  | { kind: 'pageVisit'; path: string }
  | { kind: 'login'; phase: Phase }
  | { kind: 'document'; category: string }
  | { kind: 'cmsFile'; fileId: string }
  | { kind: 'documentService'; documentUuid: string }
  | { kind: 'managementDocument'; hash: string; projectId: number }
  | { kind: 'contact'; method: string }
  | { kind: 'leadContent'; topic: string }
  | { kind: 'faq'; question: string }
  | { kind: 'message'; taskPath: string; attachmentCount: number };

export interface ActivityEntry {
  type: ActivityType;
  origin: ActivityOrigin;
  userId: string | null;
  username: string | null;
  projectId: number | null;
  detail?: ActivityDetail;
}

export interface RecordedActivity extends ActivityEntry {
  /** Row id, for rows that refer to the activity (MailLog). */
  id: number;
  logId: string;
  createdAt: Date;
}

/** Persistence of activity logs; implemented in bff/db. */
export interface ActivityLogRepository {
  /** Writes the entry and its sub-log in one transaction; returns the public log id. */
  record(entry: ActivityEntry): Promise<RecordedActivity>;
  /** Newest first; for the customer's own history and for tests. */
  listForUser(userId: string, limit?: number): Promise<RecordedActivity[]>;
}
