import type { ReviewClickedOn, SurveyAnswers, SurveyFieldErrors, SurveyFormValues, SurveyType } from '../../contracts/surveys.ts';

/** Persistence of surveys and review invitations; implemented in bff/db/repositories/surveys.repository.ts. */

/** A survey row (Survey) with the portal's own columns. */
export interface SurveyRow {
  id: number;
  projectId: number;
  surveyType: SurveyType;
  netPromoterScore: number | null;
  contactEmail: string | null;
  contactPhone: string | null;
  additionalMessage: string | null;
  contactRequested: boolean;
  reviewMailConsent: boolean;
  completedAt: Date | null;
  completedBy: string | null;
  followUp: boolean;
  serviceTaskId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A stored star question (StarQuestion): what was asked, in the words the customer saw. */
export interface StarQuestionRow {
  questionId: string;
  question: string;
  result: number | null;
  labelOne: string;
  labelTwo: string;
  labelThree: string;
  labelFour: string;
  labelFive: string;
}

/** The customer's answers (the stars as rows in `questions`) and who completed the survey when. */
export interface SurveyCompletion extends Omit<SurveyAnswers, 'stars'> {
  completedBy: string;
  completedAt: Date;
  followUp: boolean;
  questions: StarQuestionRow[];
}

export type SurveyMailKind = 'INVITATION' | 'REMINDER';

export interface SurveyRepository {
  /** The survey of a project and type, created on the first call (one row per project and type, whoever asks). */
  ensure(projectId: number, surveyType: SurveyType): Promise<SurveyRow>;
  find(surveyId: number): Promise<SurveyRow | null>;
  /** Every survey of these projects, newest first. */
  ofProjects(projectIds: readonly number[]): Promise<SurveyRow[]>;
  questions(surveyId: number): Promise<StarQuestionRow[]>;
  /**
   * Stores the answers and completes the survey in one transaction, once: false when it was completed already (in
   * another tab or by another account of the project); then nothing is written.
   */
  complete(surveyId: number, completion: SurveyCompletion): Promise<boolean>;
  setServiceTask(surveyId: number, taskId: string): Promise<void>;
  /** Completed surveys that need a service task and have none yet (the task service was down at the time). */
  pendingFollowUps(): Promise<SurveyRow[]>;

  /** Claims the invitation or the reminder of a survey before it is mailed; false when it was claimed already. */
  claimMail(surveyId: number, kind: SurveyMailKind): Promise<boolean>;
  markMailDelivered(surveyId: number, kind: SurveyMailKind, at: Date): Promise<void>;
  /** Gives a claim back (no mail went out), so a later run tries again. */
  releaseMail(surveyId: number, kind: SurveyMailKind): Promise<void>;
  /** Open surveys whose invitation was delivered before the date and that have no reminder yet. */
  dueReminders(invitedBefore: Date): Promise<SurveyRow[]>;

  /** What a refused plain form held, so the page shows it again (nothing typed is lost); one per survey and account. */
  saveDraft(surveyId: number, userId: string, values: SurveyFormValues, errors: SurveyFieldErrors): Promise<void>;
  draft(surveyId: number, userId: string): Promise<{ values: SurveyFormValues; errors: SurveyFieldErrors } | null>;

  /** The NPS answers of completed surveys of a type within [from, to). */
  npsScores(surveyType: SurveyType, from: Date, to: Date): Promise<number[]>;
  /** The portal accounts (with their sign-in address) among these user ids. */
  accountsOf(userIds: readonly string[]): Promise<{ id: string; email: string }[]>;

  /** Personal data: the surveys a user answered, with their star questions. */
  listForUser(userId: string): Promise<(SurveyRow & { questions: StarQuestionRow[] })[]>;
  /** Personal data: every survey of a project, with their star questions. */
  listForProject(projectId: number): Promise<(SurveyRow & { questions: StarQuestionRow[] })[]>;
  /**
   * Account deletion: the contact details and the free text a user gave are removed and the answer is no
   * longer linked to them; the scores stay for the installer's NPS (they no longer identify anybody). Drafts go.
   */
  anonymiseForUser(userId: string): Promise<number>;
  /** A project's surveys with everything in them (and their invitations and drafts). */
  deleteForProject(projectId: number): Promise<number>;
}

/** ReviewPlatformReview: one row per project. */
export interface ReviewRow {
  projectId: number;
  clickedAt: Date | null;
  clickedOn: ReviewClickedOn | null;
  emailSentAt: Date | null;
  reviewGivenAt: Date | null;
  invitationId: string | null;
  invitationUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ReviewRepository {
  /** The project's row, created on the first call. */
  ensure(projectId: number): Promise<ReviewRow>;
  find(projectId: number): Promise<ReviewRow | null>;
  setInvitation(projectId: number, invitationId: string, url: string): Promise<void>;
  /** The first click counts (clickedAt, clickedOn); later ones change nothing. */
  recordClick(projectId: number, on: ReviewClickedOn, at: Date): Promise<void>;
  /** Claims the project's one review mail: false when it was mailed already. */
  claimMail(projectId: number, at: Date): Promise<boolean>;
  releaseMail(projectId: number): Promise<void>;
  /** The platform reported a review; false for a project without a row. */
  reviewGiven(projectId: number, at: Date): Promise<boolean>;
  /**
   * Projects whose review mail is due: a survey answered before the date by someone who agreed to one review mail,
   * no mail yet, no click and no review. With the account that agreed and its address.
   */
  mailsDue(answeredBefore: Date): Promise<{ projectId: number; userId: string; email: string }[]>;
  /** Personal data (docs/account.md registry). */
  listForProject(projectId: number): Promise<ReviewRow[]>;
  deleteForProject(projectId: number): Promise<number>;
}
