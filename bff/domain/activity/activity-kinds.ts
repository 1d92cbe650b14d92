import type { ActivityType } from '../../contracts/activity.ts';
import type { Phase } from '../../contracts/auth.ts';

/**
 * The sub-logs of the ActivityLog, declared once: each kind with its fields. A capability that needs a
 * new kind adds one line here, its table in bff/db (SUB_LOG_TABLES, compile-checked) and a migration.
 */
export interface SubLogFields {
  pageVisit: { path: string };
  login: { phase: Phase };
  faq: { question: string };
  /** MESSAGE_SENT: the support question's path (titles joined with " › ") and the number of attachments. */
  message: { taskPath: string; attachmentCount: number };
  leadContent: { topic: string };
  contact: { method: string };
  /** DOCUMENT_DOWNLOADED: the document's category, plus one of the three source sub-logs below. */
  document: { category: string };
  cmsFileDocument: { fileId: string };
  documentServiceDocument: { documentUuid: string };
  managementDocument: { hash: string; projectId: number };
  /** SURVEY_COMPLETED and the survey invitations: which survey (its name). */
  survey: { surveyName: string };
}
export type SubLogKind = keyof SubLogFields;

/**
 * Which sub-log each recorded ActivityType writes (null: the row alone). One line per type a capability records;
 * `activity.record` accepts only the types listed here, with exactly their kind's fields.
 */
export const ACTIVITY_KINDS = {
  PAGE_VISITED: 'pageVisit',
  LOGIN: 'login',
  FAQ_CLICKED: 'faq',
  PROJECT_LINK: null,
  MESSAGE_SENT: 'message',
  LEAD_CONTENT_CLICKED: 'leadContent',
  SALES_PERSON_CONTACTED: 'contact',
  LEAD_VIDEO_PLAYED: null,
  SUCCESS_TASK_CONFIRMATION_EMAIL: null,
  FAILED_TASK_CONFIRMATION_EMAIL: null,
  SUCCESS_FINISHED_EMAIL: null,
  FAILED_FINISHED_EMAIL: null,
  SUCCESS_REMINDER_EMAIL: null,
  FAILED_REMINDER_EMAIL: null,
  SUCCESS_ID_INVITATION_EMAIL: null,
  FAILED_ID_INVITATION_EMAIL: null,
  INVITATION_LINK_CLICKED: null,
  SURVEY_COMPLETED: 'survey',
  AC_SURVEY_INVITATION_SENT: 'survey',
  AC_SURVEY_INVITATION_FAILED: 'survey',
  DC_SURVEY_INVITATION_SENT: 'survey',
  DC_SURVEY_INVITATION_FAILED: 'survey',
  SUCCESS_REVIEW_EMAIL: null,
  FAILED_REVIEW_EMAIL: null,
  SUCCESS_FUNNEL_EMAIL: null,
  FAILED_FUNNEL_EMAIL: null,
  /** Money (docs/money.md): no sub-log; bank details never go into the activity log. */
  REFUND_COMPLETED: null,
  SUCCESS_REFUND_EMAIL: null,
  FAILED_REFUND_EMAIL: null,
  SUCCESS_REFUND_SUBMIT_EMAIL: null,
  FAILED_REFUND_SUBMIT_EMAIL: null,
  SUCCESS_REFERRAL_REWARD_EMAIL: null,
  FAILED_REFERRAL_REWARD_EMAIL: null,
  SUCCESS_FUNNEL_REFERRAL_EMAIL: null,
  FAILED_FUNNEL_REFERRAL_EMAIL: null,
  // The customer's account (docs/account.md): onboarding, settings, and what the identity provider reports.
  MFA_EMAIL_SENT: null,
  TWO_FA_CODE_CONFIRMED: null,
  DASHBOARD_TOUR_SEEN: null,
  NEWSLETTER_BANNER_SEEN: null,
  SUCCESS_UPDATE_EMAIL_EMAIL: null,
  FAILED_UPDATE_EMAIL_EMAIL: null,
  EMAIL_VERIFICATION: null,
  PASSWORD_CHANGE: null,
  PASSWORDLESS_LOGIN_CODE: null,
  ACCOUNT_BLOCKED_NOTICE: null,
  /** The category sub-log, and the sub-log of the document's source (exactly one of the three). */
  /** Exports (docs/exports.md): a call of the token API with a personal token (the project it asked for, if any). */
  API_TOKEN_USED: null,
  DOCUMENT_DOWNLOADED: ['document', 'cmsFileDocument', 'documentServiceDocument', 'managementDocument'],
} as const satisfies Partial<Record<ActivityType, SubLogKind | readonly [SubLogKind, ...SubLogKind[]] | null>>;

export type RecordedType = keyof typeof ACTIVITY_KINDS;
type KindOf<T extends RecordedType> = (typeof ACTIVITY_KINDS)[T];
/** The detail a type takes: its kind's fields (if any) and the project it concerns (if any). */
export type ActivityDetailOf<T extends RecordedType> = (KindOf<T> extends SubLogKind
  ? SubLogFields[KindOf<T>]
  : KindOf<T> extends readonly [infer First extends SubLogKind, ...infer Rest extends SubLogKind[]]
    ? { [K in First]: SubLogFields[K] } & { [K in Rest[number]]?: SubLogFields[K] }
    : object) & {
  projectId?: number;
};

/** A sub-log as stored: its kind and fields. */
export type ActivityDetail = { [K in SubLogKind]: { kind: K } & SubLogFields[K] }[SubLogKind];
