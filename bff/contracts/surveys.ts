import * as z from 'zod/mini';
import { LanguageSchema } from './auth.ts';
import { defineErrors } from './errors.ts';
import { MESSAGE_TEXT_PATTERN, normalizeMessageText } from './messages.ts';
import { definePages } from './routes.ts';

/**
 * Surveys after the DC and AC installation (docs/surveys.md): star questions (1-5, each value with its
 * label), the Net Promoter Score question (0-10), an optional message and contact details, and afterwards the same
 * neutral invitation to review the installer on the review platform for every respondent.
 */
export const SurveyTypeSchema = z.enum(['AC', 'DC']);
export type SurveyType = z.infer<typeof SurveyTypeSchema>;
export const SURVEY_TYPES: readonly SurveyType[] = ['DC', 'AC'];

/** The survey names. The portal invites to the first two; editors may prepare the others in the CMS. */
export const SurveyNameSchema = z.enum(['AC_INSTALLATION', 'DC_INSTALLATION', 'INSTALLATION_FEEDBACK', 'CUSTOMER_SATISFACTION_FOLLOW_UP']);
export type SurveyName = z.infer<typeof SurveyNameSchema>;
export const SURVEY_NAME_OF_TYPE: Record<SurveyType, SurveyName> = { AC: 'AC_INSTALLATION', DC: 'DC_INSTALLATION' };

/** ReviewPlatformReview.clickedOn: the portal (CUP) or the review mail (EMAIL). */
export const ReviewClickedOnSchema = z.enum(['CUP', 'EMAIL']);
export type ReviewClickedOn = z.infer<typeof ReviewClickedOnSchema>;

/** A star question as editors define it in the CMS (StarQuestion: labelOne..labelFive). */
export const StarQuestionDefinitionSchema = z.object({
  /** Stable across languages and edits; answers are stored under it. */
  questionId: z.string(),
  question: z.string(),
  labelOne: z.string(),
  labelTwo: z.string(),
  labelThree: z.string(),
  labelFour: z.string(),
  labelFive: z.string(),
});
export type StarQuestionDefinition = z.infer<typeof StarQuestionDefinitionSchema>;

/** A survey's questions from the CMS (type "Umfrage"), in one language (German where no translation exists). */
export const SurveyDefinitionSchema = z.object({
  surveyName: SurveyNameSchema,
  lang: LanguageSchema,
  title: z.string(),
  intro: z.string(),
  questions: z.array(StarQuestionDefinitionSchema),
});
export type SurveyDefinition = z.infer<typeof SurveyDefinitionSchema>;

export const starLabels = (q: Pick<StarQuestionDefinition, 'labelOne' | 'labelTwo' | 'labelThree' | 'labelFour' | 'labelFive'>) =>
  [q.labelOne, q.labelTwo, q.labelThree, q.labelFour, q.labelFive] as const;

export const SURVEY_LIMITS = {
  messageMaxLength: 2000,
  emailMaxLength: 254,
  /** E.164 has at most 15 digits; the plus and a few more, which the phone pattern allows. */
  phoneMaxLength: 20,
  starMin: 1,
  starMax: 5,
  npsMin: 0,
  npsMax: 10,
} as const;

/** The phone pattern: an optional leading plus, then a digit, then one or more digits (after separators are taken out). */
export const PHONE_PATTERN = /^\+?\d\d+$/;
export const normalizePhone = (value: string) => value.replace(/[\s\-/().]/g, '');
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The survey form as typed (every value a string, as a plain form posts it); the island-free page sends exactly this. */
export interface SurveyFormValues {
  /** questionId → "1".."5" (or empty: not answered). */
  stars: Record<string, string>;
  netPromoterScore: string;
  contactEmail: string;
  contactPhone: string;
  additionalMessage: string;
  contactRequested: boolean;
  reviewMailConsent: boolean;
}

/** Why a field was refused; the site words each code (German and English). */
export type SurveyFieldError =
  | 'npsRequired'
  | 'starInvalid'
  | 'emailInvalid'
  | 'phoneInvalid'
  | 'messageTooLong'
  | 'messageInvalidCharacters'
  | 'contactMissing';
/** Field names: `netPromoterScore`, `contactEmail`, `contactPhone`, `additionalMessage`, `contact`, `star.<questionId>`. */
export type SurveyFieldErrors = Record<string, SurveyFieldError>;

export interface SurveyAnswers {
  /** questionId → 1..5, or null when the customer left it out (star questions are optional). */
  stars: Record<string, number | null>;
  netPromoterScore: number;
  contactEmail: string | null;
  contactPhone: string | null;
  additionalMessage: string | null;
  contactRequested: boolean;
  reviewMailConsent: boolean;
}

/**
 * The one check of a survey answer (docs/surveys.md "The form"), used by the BFF for the form and the JSON API
 * alike: the NPS is required, star questions are optional (1-5), the message is limited and sanitised, the contact
 * details are optional but must be well-formed, and asking for contact needs a phone number or an e-mail address.
 */
export function validateSurveyAnswers(values: SurveyFormValues, questionIds: readonly string[]): { ok: true; answers: SurveyAnswers } | { ok: false; errors: SurveyFieldErrors } {
  const errors: SurveyFieldErrors = {};
  const stars: Record<string, number | null> = {};
  for (const id of questionIds) {
    const raw = (values.stars[id] ?? '').trim();
    if (raw === '') {
      stars[id] = null;
      continue;
    }
    const value = Number(raw);
    if (!/^\d$/.test(raw) || value < SURVEY_LIMITS.starMin || value > SURVEY_LIMITS.starMax) errors[`star.${id}`] = 'starInvalid';
    else stars[id] = value;
  }
  const npsRaw = values.netPromoterScore.trim();
  const nps = Number(npsRaw);
  if (!/^\d{1,2}$/.test(npsRaw) || nps < SURVEY_LIMITS.npsMin || nps > SURVEY_LIMITS.npsMax) errors.netPromoterScore = 'npsRequired';
  const email = values.contactEmail.trim();
  if (email !== '' && (email.length > SURVEY_LIMITS.emailMaxLength || !EMAIL_PATTERN.test(email))) errors.contactEmail = 'emailInvalid';
  const phone = normalizePhone(values.contactPhone.trim());
  if (phone !== '' && (phone.length > SURVEY_LIMITS.phoneMaxLength || !PHONE_PATTERN.test(phone))) errors.contactPhone = 'phoneInvalid';
  const message = normalizeMessageText(values.additionalMessage);
  if (message.length > SURVEY_LIMITS.messageMaxLength) errors.additionalMessage = 'messageTooLong';
  else if (!MESSAGE_TEXT_PATTERN.test(message)) errors.additionalMessage = 'messageInvalidCharacters';
  if (values.contactRequested && email === '' && phone === '') errors.contact = 'contactMissing';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    answers: {
      stars,
      netPromoterScore: nps,
      contactEmail: email || null,
      contactPhone: phone || null,
      additionalMessage: message || null,
      contactRequested: values.contactRequested,
      reviewMailConsent: values.reviewMailConsent,
    },
  };
}

/** Promoters answer 9-10, passives 7-8, detractors 0-6. A detractor is offered a call besides the review invitation. */
export const isDetractor = (score: number) => score <= 6;

/**
 * `POST /api/v1/internal/survey` as JSON (the page posts the same fields as a plain form): `answers` maps questionIds
 * to 1..5; contact fields are optional.
 */
export const SubmitSurveySchema = z.strictObject({
  surveyId: z.number().check(z.int(), z.positive()),
  answers: z.optional(z.record(z.string().check(z.minLength(1), z.maxLength(64)), z.nullable(z.number()))),
  netPromoterScore: z.optional(z.nullable(z.number())),
  contactEmail: z.optional(z.nullable(z.string().check(z.maxLength(400)))),
  contactPhone: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
  additionalMessage: z.optional(z.nullable(z.string().check(z.maxLength(10_000)))),
  contactRequested: z.optional(z.boolean()),
  reviewMailConsent: z.optional(z.boolean()),
});
export type SubmitSurvey = z.infer<typeof SubmitSurveySchema>;

export const SURVEYS_PAGE = '/home/app/surveys';
/**
 * Reached from the invitation mail, the bell (open surveys) and the account menu (answered ones stay readable there);
 * not a logged visit. The samples are ids no survey has.
 */
export const SURVEYS_PAGE_ROUTES = definePages([
  { path: SURVEYS_PAGE, access: 'customer', nav: { labelKey: 'nav.surveys', order: 68, group: 'account' } },
  { path: `${SURVEYS_PAGE}/[id]`, access: 'customer', sample: `${SURVEYS_PAGE}/999999999` },
  { path: `${SURVEYS_PAGE}/[id]/result`, access: 'customer', sample: `${SURVEYS_PAGE}/999999999/result` },
]);
export const surveyHref = (id: number) => `${SURVEYS_PAGE}/${id}`;
export const surveyResultHref = (id: number) => `${SURVEYS_PAGE}/${id}/result`;

export const SURVEY_PATHS = {
  /** Internal base. */
  todo: 'survey/todo',
  survey: 'survey/:surveyId',
  result: 'survey/:surveyId/result',
  submit: 'survey',
  /** Internal base: the review invitation on the result page (records the click, then leads to the platform). */
  reviewClick: 'survey/:surveyId/review',
  /** App base, no session: the review mail's link (a signed token opens it). */
  reviewMailLink: 'review/:token',
  /** Machine caller: the review platform's events (HMAC). */
  reviewsWebhook: '/api/reviews/webhook',
} as const;

/** The internal API's answer for the review invitation link on the result page. */
export const reviewClickHref = (surveyId: number) => `/api/v1/internal/survey/${surveyId}/review`;

export const SurveyErrors = defineErrors({
  ALREADY_COMPLETED: { code: 'SURVEY.ALREADY_COMPLETED', status: 409, message: 'Diese Umfrage hast Du schon beantwortet.' },
  NOT_COMPLETED: { code: 'SURVEY.NOT_COMPLETED', status: 409, message: 'Diese Umfrage ist noch nicht beantwortet.' },
  INVALID: { code: 'SURVEY.INVALID', status: 400, message: 'Bitte prüf Deine Angaben.' },
  REVIEW_LINK_INVALID: { code: 'SURVEY.REVIEW_LINK_INVALID', status: 404, message: 'Dieser Link ist nicht gültig.' },
  WEBHOOK_UNAUTHORIZED: { code: 'SURVEY.WEBHOOK_UNAUTHORIZED', status: 401, message: 'Nicht berechtigt.' },
});

declare module './errors.ts' {
  interface ErrorTables {
    surveys: typeof SurveyErrors;
  }
}

export interface SurveySummary {
  id: number;
  projectId: number;
  surveyType: SurveyType;
  surveyName: SurveyName;
  /** The project's address, so a customer with several projects knows which one. */
  projectLabel: string;
  invitedAt: string;
  completedAt: string | null;
}

export interface StarQuestionView extends StarQuestionDefinition {
  /** 1..5, or null: not answered (or not yet). */
  result: number | null;
}

/** `GET /survey/{id}` and the form page: the survey, its questions in the page's language, prefilled contact details. */
export interface SurveyFormView {
  survey: SurveySummary;
  title: string;
  intro: string;
  /** The language the questions are written in (German where the English translation is missing). */
  lang: 'de' | 'en';
  questions: StarQuestionDefinition[];
  prefill: { contactEmail: string; contactPhone: string };
  /** What the customer typed when the page's plain form was refused, with the reasons (nothing typed is lost). */
  draft: { values: SurveyFormValues; errors: SurveyFieldErrors } | null;
}

/** `GET /survey/{id}/result`: what the customer answered, what follows, and the review invitation. */
export interface SurveyResultView {
  survey: SurveySummary & { completedAt: string };
  questions: StarQuestionView[];
  netPromoterScore: number;
  additionalMessage: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  contactRequested: boolean;
  reviewMailConsent: boolean;
  /** A detractor or a request for contact: customer service calls (or writes) within two working days. */
  followUp: boolean;
  /** The neutral review invitation shown to every respondent (no gating by score). */
  review: { href: string; clickedAt: string | null; reviewGivenAt: string | null };
}

/** What the survey pages call in-process (site/features/surveys). */
export interface SurveysServices {
  /** Open surveys (invited, not answered) and answered ones of all the customer's projects, newest first. */
  list(): Promise<{ open: SurveySummary[]; done: SurveySummary[] }>;
  /** The form of one of the customer's surveys; NOT_FOUND for another customer's or an unknown one. */
  form(surveyId: number): Promise<SurveyFormView>;
  /** The answers of one of the customer's completed surveys; NOT_FOUND as above, NOT_COMPLETED before answering. */
  result(surveyId: number): Promise<SurveyResultView>;
}

/** The installer's NPS report (`GET /api/external/surveys/nps`): per survey type, over a period. */
export interface NpsFigures {
  /** Number of answers (N), shown beside the score. */
  responses: number;
  promoters: number;
  passives: number;
  detractors: number;
  /** % promoters − % detractors in percent points (−100..100, one decimal); null without any answer. */
  nps: number | null;
}

export const NpsQuerySchema = z.strictObject({
  from: z.optional(z.iso.date()),
  to: z.optional(z.iso.date()),
  surveyType: z.optional(SurveyTypeSchema),
});
