import { errorCodeOf, hasErrorCode } from '~/bff/contracts/errors.ts';
import {
  LINK_CODE_TTL_MINUTES,
  LinkErrors,
  type LinkProjectResponse,
  type LinkResult as ConfirmResult,
} from '~/bff/contracts/linking.ts';
import type { TranslationValues } from '~/site/i18n/types.ts';
import { RequestError } from '~/site/lib/api/errors.ts';
import type { SnackbarInput } from '~/site/stores/snackbar.ts';
import type { ToastInput } from '~/site/stores/toast.ts';

/** The link result, plus what the follow-up dialogs need. */
export interface LinkResult {
  uniqueEmails: string[];
  numberOfProjects: number;
  /** The projects a mail went to, in the order of the response; each gets a code dialog. */
  projects: { projectId: number; emailAddress: string }[];
}

/** The success view's three texts. */
export type SuccessVariant = 'oneProjectOneMail' | 'severalProjectsOneMail' | 'severalMails';

export const linkOutcomeMessageKeys = [
  'linking.linkProjectNoProjectFound',
  'linking.linkProjectProjectAlreadyConnectedToUser',
  'linking.linkProjectProjectAlreadyConnectedToUserWithoutStreet',
  'linking.linkProjectEmailAlreadySent',
  'linking.linkProjectRateLimitedOne',
  'linking.linkProjectRateLimitedOther',
  'common.defaultError',
] as const;
type OutcomeKey = (typeof linkOutcomeMessageKeys)[number];
export type OutcomeTranslate = (key: OutcomeKey, values?: TranslationValues) => string;

/**
 * Reads the link response map (README "Project linking"): entries with code 404 give `noProjectFound`; without any entry with
 * code 200 and an e-mail address there is no result, and the default error is shown unless `noProjectFound`
 * already explains why. Entries that did get a mail still lead to the success view when others were not found.
 */
export function readLinkResponse(
  response: LinkProjectResponse,
  t: OutcomeTranslate,
): { result: LinkResult | null; snackbars: SnackbarInput[] } {
  const entries = Object.entries(response);
  const snackbars: SnackbarInput[] = [];
  if (entries.some(([, entry]) => entry.code === 404)) {
    snackbars.push({ message: t('linking.linkProjectNoProjectFound'), type: 'error' });
  }
  const projects = entries.flatMap(([id, entry]) =>
    entry.code === 200 && entry.emailAddress ? [{ projectId: Number(id), emailAddress: entry.emailAddress }] : [],
  );
  if (projects.length === 0) {
    if (snackbars.length === 0) snackbars.push({ message: t('common.defaultError'), type: 'error' });
    return { result: null, snackbars };
  }
  return {
    result: {
      uniqueEmails: [...new Set(projects.map((project) => project.emailAddress))],
      numberOfProjects: projects.length,
      projects,
    },
    snackbars,
  };
}

/** Several addresses always take the third text, also for a single project. */
export function successVariant(result: Pick<LinkResult, 'uniqueEmails' | 'numberOfProjects'>): SuccessVariant {
  if (result.uniqueEmails.length > 1) return 'severalMails';
  return result.numberOfProjects > 1 ? 'severalProjectsOneMail' : 'oneProjectOneMail';
}

export interface LinkErrorContext {
  t: OutcomeTranslate;
  /** The project id the customer entered; absent in the customer-data mode. */
  projectId?: number | undefined;
  /** "Musterstraße 12" from the projects map, or null when the project is not there. */
  streetOf: (projectId: number) => Promise<string | null>;
  log?: (message: string, error: unknown) => void;
}

/** The snackbar for a failed link call, decided by the error's code (bff/contracts/linking.ts). */
export async function linkErrorSnackbar(error: unknown, context: LinkErrorContext): Promise<SnackbarInput> {
  const { t } = context;
  if (hasErrorCode(error, LinkErrors.PROJECT_NOT_FOUND)) return { message: t('linking.linkProjectNoProjectFound'), type: 'error' };
  if (hasErrorCode(error, LinkErrors.ALREADY_CONNECTED)) {
    const street = context.projectId === undefined ? null : await context.streetOf(context.projectId);
    return {
      message: street
        ? t('linking.linkProjectProjectAlreadyConnectedToUser', { street })
        : t('linking.linkProjectProjectAlreadyConnectedToUserWithoutStreet'),
      type: 'error',
    };
  }
  if (hasErrorCode(error, LinkErrors.RATE_LIMITED)) {
    // The limits count per hour: say how long, from the answer's retryAfterSeconds (the Retry-After header's value).
    const minutes = Math.max(1, Math.ceil((retryAfterSecondsOf(error) ?? 60) / 60));
    return {
      message: minutes === 1 ? t('linking.linkProjectRateLimitedOne') : t('linking.linkProjectRateLimitedOther', { minutes }),
      type: 'warning',
    };
  }
  if (hasErrorCode(error, LinkErrors.EMAIL_ALREADY_SENT)) {
    return { message: t('linking.linkProjectEmailAlreadySent', { minutes: LINK_CODE_TTL_MINUTES }), type: 'info' };
  }
  (context.log ?? console.error)(`[linking] linking the project failed (${errorCodeOf(error) ?? 'no code'})`, error);
  return { message: t('common.defaultError'), type: 'error' };
}

export const confirmOutcomeMessageKeys = [
  'linking.linkCodeConnected',
  'linking.linkCodeAlreadyConnected',
  'linking.linkCodeNotFound',
  'linking.linkCodeExpired',
  'linking.linkCodeInvalid',
  'linking.linkCodeInvalidAttemptsOne',
  'linking.linkCodeInvalidAttemptsOther',
  'linking.linkCodeTooManyAttempts',
  'common.defaultError',
] as const;
type ConfirmKey = (typeof confirmOutcomeMessageKeys)[number];
export type ConfirmTranslate = (key: ConfirmKey, values?: TranslationValues) => string;

/** The project-connection result messages: each result closes the code dialog with a toast. */
export function confirmResultToast(result: ConfirmResult, t: ConfirmTranslate): ToastInput {
  const toasts = {
    PROJECT_CONNECTED: { message: t('linking.linkCodeConnected'), type: 'success' },
    PROJECT_ALREADY_CONNECTED: { message: t('linking.linkCodeAlreadyConnected'), type: 'info' },
    PROJECT_NOT_FOUND: { message: t('linking.linkCodeNotFound'), type: 'error' },
    CODE_EXPIRED: { message: t('linking.linkCodeExpired'), type: 'warning' },
  } satisfies Record<ConfirmResult, ToastInput>;
  return toasts[result];
}

/** `retryAfterSeconds` of a 429 answer, when the server sent one. */
function retryAfterSecondsOf(error: unknown): number | undefined {
  const value = error instanceof RequestError ? error.body?.retryAfterSeconds : undefined;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** `attemptsLeft` of a LINK.CODE_INVALID answer, when the server sent one. */
function attemptsLeftOf(error: unknown): number | undefined {
  const value = error instanceof RequestError ? error.body?.attemptsLeft : undefined;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/**
 * A failed confirmation: a wrong code is shown under the field (with the attempts left) and the dialog stays open;
 * too many attempts kill the code, so the dialog closes with the message; anything else keeps the dialog open for
 * another try. Decided by code, worded by the site (German and English).
 */
export function confirmErrorOutcome(
  error: unknown,
  t: ConfirmTranslate,
): { kind: 'inline'; message: string } | { kind: 'toast'; toast: ToastInput; close: boolean } {
  if (hasErrorCode(error, LinkErrors.CODE_INVALID)) {
    const left = attemptsLeftOf(error);
    const message =
      left === undefined
        ? t('linking.linkCodeInvalid')
        : left === 1
          ? t('linking.linkCodeInvalidAttemptsOne')
          : t('linking.linkCodeInvalidAttemptsOther', { count: left });
    return { kind: 'inline', message };
  }
  if (hasErrorCode(error, LinkErrors.TOO_MANY_ATTEMPTS)) {
    return { kind: 'toast', toast: { message: t('linking.linkCodeTooManyAttempts'), type: 'error' }, close: true };
  }
  return { kind: 'toast', toast: { message: t('common.defaultError'), type: 'error' }, close: false };
}
