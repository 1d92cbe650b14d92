import { z } from 'zod';

/** Enumerations of spec section 3. */

export const PhaseSchema = z.enum(['LEAD', 'PROJECT']);
export type Phase = z.infer<typeof PhaseSchema>;

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
]);
export type ActivityType = z.infer<typeof ActivityTypeSchema>;

export const ContactMethodSchema = z.enum(['WHATSAPP', 'PHONE', 'MAIL']);
export const LeadContentTopicSchema = z.enum(['IQ', 'SOLAR', 'STORAGE', 'CHARGE', 'OFFGRID']);
export const SurveyNameSchema = z.enum([
  'AC_INSTALLATION',
  'DC_INSTALLATION',
  'INSTALLATION_FEEDBACK',
  'CUSTOMER_SATISFACTION_FOLLOW_UP',
]);

/**
 * Paths under /home/app whose visits are logged as PAGE_VISITED (spec section 2), and no others.
 */
export const LOGGED_PAGE_PATHS = [
  '/home/app/profile',
  '/home/app/messages',
  '/home/app/monitoring',
  '/home/app/my-project',
  '/home/app/my-project/planning-phase/offer-confirmation',
  '/home/app/my-project/planning-phase/power-of-attorney',
  '/home/app/my-project/planning-phase/power-of-attorney-mastr',
  '/home/app/my-project/planning-phase/conclusion',
  '/home/app/my-project/assembly-phase/delivery',
  '/home/app/my-project/assembly-phase/dc',
  '/home/app/my-project/assembly-phase/ac',
  '/home/app/my-project/assembly-phase/conclusion',
  '/home/app/files/documents',
  '/home/app/files/gallery',
  '/home/app/files/instructions',
] as const;
