/** Every mail the portal sends writes one MailLog row, linked to its activity. */
export interface MailLogEntry {
  activityLogId: number | null;
  sender: string;
  receiver: string;
  subject: string;
  html: string;
  text: string;
}

export interface MailLogRepository {
  record(entry: MailLogEntry): Promise<void>;
}
