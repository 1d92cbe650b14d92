import type { YieldAlertKind } from '../../contracts/yield.ts';

/** One alert of an installation (docs/monitoring.md "The alert rule"). */
export interface YieldAlert {
  id: string;
  siteId: string;
  projectId: number;
  kind: YieldAlertKind;
  /** The short day's date, or the last report before the silence (ISO) / `none` when none ever came. */
  incident: string;
  day: string | null;
  actualKwh: number | null;
  targetKwh: number | null;
  irradiationKwhPerM2: number | null;
  lastSeenAt: Date | null;
  taskId: string | null;
  mailedAt: Date | null;
  createdAt: Date;
}

export type NewYieldAlert = Omit<YieldAlert, 'id' | 'taskId' | 'mailedAt' | 'createdAt'>;

export interface YieldAlertRepository {
  /** Inserts the alert unless its (site, kind, incident) exists; answers the row either way, and whether it is new. */
  claim(alert: NewYieldAlert): Promise<{ alert: YieldAlert; created: boolean }>;
  setTask(id: string, taskId: string): Promise<void>;
  /** Marks the alert mailed if it was not yet; false when another run did it first. */
  claimMail(id: string, at: Date): Promise<boolean>;
  /** Undoes `claimMail` after the mail could not be sent, so the next run tries again. */
  releaseMail(id: string): Promise<void>;
  /** The projects' alerts created since `since`, newest first. */
  ofProjects(projectIds: readonly number[], since: Date): Promise<YieldAlert[]>;
}
