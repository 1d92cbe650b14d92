import * as z from 'zod/mini';

/**
 * Activity log (ActivityLog and ActivityType). The domain records one row per customer action with
 * `activity.record(user, type, detail)`; which sub-log a type writes is declared once in
 * bff/domain/activity/activity-kinds.ts.
 */

/** Where an activity was recorded: by the identity provider (its log stream) or by the portal itself. */
export const ActivityOriginSchema = z.enum(['IDENTITY_PROVIDER', 'PORTAL']);
export type ActivityOrigin = z.infer<typeof ActivityOriginSchema>;

const mailKinds = [
  'REMINDER',
  'FINISHED',
  'FUNNEL',
  'TASK_CONFIRMATION',
  'ID_INVITATION',
  'REVIEW',
  'UPDATE_EMAIL',
  'REFUND',
  'REFUND_SUBMIT',
  'FUNNEL_REFERRAL',
  'REFERRAL_REWARD',
] as const;
const mailActivityTypes = mailKinds.flatMap((kind) => [`SUCCESS_${kind}_EMAIL`, `FAILED_${kind}_EMAIL`] as const);

export const ActivityTypeSchema = z.enum([
  'AC_SURVEY_INVITATION_SENT',
  'AC_SURVEY_INVITATION_FAILED',
  'DC_SURVEY_INVITATION_SENT',
  'DC_SURVEY_INVITATION_FAILED',
  'PROJECT_LINK',
  'PASSWORDLESS_LOGIN_CODE',
  'MFA_EMAIL_SENT',
  'ACCOUNT_BLOCKED_NOTICE',
  'PASSWORD_CHANGE_REQUEST',
  'PASSWORD_CHANGE',
  'EMAIL_VERIFICATION',
  ...mailActivityTypes,
  'DOCUMENT_DOWNLOADED',
  'PAGE_VISITED',
  'SURVEY_COMPLETED',
  'INVITATION_LINK_CLICKED',
  'LEAD_VIDEO_PLAYED',
  'REFUND_COMPLETED',
  'DASHBOARD_TOUR_SEEN',
  'TWO_FA_CODE_CONFIRMED',
  'NEWSLETTER_BANNER_SEEN',
  'LOGIN',
  'SALES_PERSON_CONTACTED',
  'LEAD_CONTENT_CLICKED',
  'FAQ_CLICKED',
  'MESSAGE_SENT',
  'API_TOKEN_USED',
]);
export type ActivityType = z.infer<typeof ActivityTypeSchema>;
