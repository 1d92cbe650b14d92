import * as z from 'zod/mini';
import type { MessageText } from './message-text.ts';

/**
 * Notification types (docs/messages.md "Notifications"). Each capability fills its own through one registration
 * (bff/composition).
 */
export const NotificationTypeSchema = z.enum([
  'MAIL_NOT_VERIFIED',
  'MOVE_MASTR',
  'REFUND_POSITIVE_PAYOUT',
  'REFUND_NEGATIVE_PAYOUT',
  'AC_SURVEY',
  'DC_SURVEY',
  'UNREAD_MESSAGE',
  'SEPA_MANDATE',
  'REFERRAL_REWARD',
  // A journey step waits on the customer (confirm, sign, answer the installer's request; docs/journey.md "Actions").
  'JOURNEY_ACTION',
  // The monitoring's alert: a day fell short of its target, or data stopped arriving (docs/monitoring.md).
  'YIELD_ALERT',
]);
export type NotificationType = z.infer<typeof NotificationTypeSchema>;

/**
 * One notification of one of the customer's projects (`projectId`) or of the account (null); the bell lists every
 * project's, whichever project is selected. `id` is stable for the same occasion (e.g. the newest unread answer of a
 * thread), so "seen" sticks until something new happens. Title and text are message keys with their values, which
 * the site words in the page's language (docs/messages.md "Notifications").
 */
export interface PortalNotification {
  id: string;
  type: NotificationType;
  projectId: number | null;
  title: MessageText;
  text: MessageText;
  /** Where the notification leads (a portal path). */
  href: string;
  createdAt: string;
  seen: boolean;
}

export interface NotificationsResponse {
  notifications: PortalNotification[];
  unseen: number;
}

/** `POST /api/v2/app/notification`: marks one as seen, named by its notificationId. */
export const MarkNotificationSchema = z.strictObject({ notificationId: z.string().check(z.minLength(1), z.maxLength(200)) });

export const NOTIFICATIONS_PATH = 'notification';

/** The layout's bell loads this itself (no JavaScript needed to see the count). */
export interface NotificationsServices {
  /** Never rejects: a failing source is left out. */
  mine(): Promise<NotificationsResponse>;
}
