import { APP_API_BASE } from '~/bff/contracts/http.ts';
import { describe, expect, it, vi } from 'vitest';
import { CommonErrors } from '~/bff/contracts/errors.ts';
import { LinkErrors, PROJECT_LINK_PATH } from '~/bff/contracts/linking.ts';
import { pickMessages } from '~/site/i18n/index.ts';
import { translatorFor } from '~/site/i18n/island.ts';
import { FetchError, RequestError } from '~/site/lib/api/errors.ts';
import {
  confirmErrorOutcome,
  confirmOutcomeMessageKeys,
  confirmResultToast,
  linkErrorSnackbar,
  linkOutcomeMessageKeys,
  readLinkResponse,
  successVariant,
} from './outcome.ts';

const LINK_URL = `${APP_API_BASE}/${PROJECT_LINK_PATH}`;

const t = translatorFor(pickMessages('de', linkOutcomeMessageKeys));
const tc = translatorFor(pickMessages('de', confirmOutcomeMessageKeys));
const defaultError = 'Da ist etwas schiefgelaufen. Bitte versuche es später noch einmal.';
const noProjectFound = 'Zu Deinen Angaben haben wir kein Projekt gefunden. Bitte prüfe Deine Eingabe.';

const linkError = (status: number, code: string, message = 'Fehler') =>
  new RequestError(message, 'post', LINK_URL, status, { code, message });

describe('the link response map', () => {
  it('gives a result with the unique e-mail addresses and the number of projects', () => {
    const { result, snackbars } = readLinkResponse(
      {
        '100234': { code: 200, emailAddress: 'j***@example.de' },
        '100235': { code: 200, emailAddress: 'j***@example.de' },
        '100236': { code: 200, emailAddress: 'm***@example.de' },
      },
      t,
    );

    expect(snackbars).toEqual([]);
    expect(result).toEqual({
      uniqueEmails: ['j***@example.de', 'm***@example.de'],
      numberOfProjects: 3,
      projects: [
        { projectId: 100234, emailAddress: 'j***@example.de' },
        { projectId: 100235, emailAddress: 'j***@example.de' },
        { projectId: 100236, emailAddress: 'm***@example.de' },
      ],
    });
  });

  it('shows noProjectFound for an entry with code 404', () => {
    expect(readLinkResponse({ '100234': { code: 404, emailAddress: null } }, t)).toEqual({
      result: null,
      snackbars: [{ message: noProjectFound, type: 'error' }],
    });
  });

  it('shows the default error when no entry has code 200 with an e-mail address', () => {
    expect(readLinkResponse({ '100234': { code: 200, emailAddress: null } }, t)).toEqual({
      result: null,
      snackbars: [{ message: defaultError, type: 'error' }],
    });
    expect(readLinkResponse({}, t).snackbars).toEqual([{ message: defaultError, type: 'error' }]);
  });

  it('keeps the projects that got a mail when others were not found', () => {
    const { result, snackbars } = readLinkResponse(
      { '100234': { code: 200, emailAddress: 'j***@example.de' }, '100235': { code: 404, emailAddress: null } },
      t,
    );

    expect(result?.projects).toEqual([{ projectId: 100234, emailAddress: 'j***@example.de' }]);
    expect(snackbars).toEqual([{ message: noProjectFound, type: 'error' }]);
  });
});

describe('the success text variant', () => {
  it('is chosen by the number of projects and of unique addresses', () => {
    expect(successVariant({ numberOfProjects: 1, uniqueEmails: ['a'] })).toBe('oneProjectOneMail');
    expect(successVariant({ numberOfProjects: 3, uniqueEmails: ['a'] })).toBe('severalProjectsOneMail');
    expect(successVariant({ numberOfProjects: 3, uniqueEmails: ['a', 'b'] })).toBe('severalMails');
    expect(successVariant({ numberOfProjects: 1, uniqueEmails: ['a', 'b'] })).toBe('severalMails');
  });
});

describe('a failed link call', () => {
  const streetOf = vi.fn(async (projectId: number) => (projectId === 100234 ? 'Sonnenallee 12' : null));

  it('404 shows noProjectFound as an error', async () => {
    await expect(linkErrorSnackbar(linkError(404, LinkErrors.PROJECT_NOT_FOUND.code), { t, streetOf })).resolves.toEqual(
      { message: noProjectFound, type: 'error' },
    );
  });

  it('418 shows projectAlreadyConnectedToUser with the street from the projects map', async () => {
    const error = linkError(418, LinkErrors.ALREADY_CONNECTED.code);

    await expect(linkErrorSnackbar(error, { t, streetOf, projectId: 100234 })).resolves.toEqual({
      message: 'Das Projekt in der Sonnenallee 12 ist bereits mit Deinem Konto verknüpft.',
      type: 'error',
    });
  });

  it('418 falls back to a text without street when the project is not in the map or no id was entered', async () => {
    const error = linkError(418, LinkErrors.ALREADY_CONNECTED.code);
    const withoutStreet = { message: 'Dieses Projekt ist bereits mit Deinem Konto verknüpft.', type: 'error' };

    await expect(linkErrorSnackbar(error, { t, streetOf, projectId: 999 })).resolves.toEqual(withoutStreet);
    await expect(linkErrorSnackbar(error, { t, streetOf })).resolves.toEqual(withoutStreet);
  });

  it('429 because of a recent mail shows emailAlreadySent as information', async () => {
    await expect(
      linkErrorSnackbar(linkError(429, LinkErrors.EMAIL_ALREADY_SENT.code), { t, streetOf }),
    ).resolves.toEqual({
      message:
        'Wir haben Dir in den letzten 10 Minuten schon eine E-Mail zu diesem Projekt geschickt. Bitte sieh in Deinem Postfach nach, auch im Spam-Ordner.',
      type: 'info',
    });
  });

  it('429 because of too many requests says how long to wait, from the answer', async () => {
    const limited = (retryAfterSeconds?: number) =>
      new RequestError('x', 'post', LINK_URL, 429, {
        code: LinkErrors.RATE_LIMITED.code,
        message: 'x',
        ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      });
    await expect(linkErrorSnackbar(limited(1800), { t, streetOf })).resolves.toEqual({
      message: 'Das waren zu viele Anfragen. Bitte versuche es in 30 Minuten noch einmal.',
      type: 'warning',
    });
    await expect(linkErrorSnackbar(limited(3599), { t, streetOf })).resolves.toMatchObject({ message: expect.stringContaining('60 Minuten') });
    await expect(linkErrorSnackbar(limited(20), { t, streetOf })).resolves.toMatchObject({
      message: 'Das waren zu viele Anfragen. Bitte versuche es in einer Minute noch einmal.',
    });
    await expect(linkErrorSnackbar(limited(), { t, streetOf })).resolves.toMatchObject({ message: expect.stringContaining('einer Minute') });
  });

  it('anything else is logged and shows the default error', async () => {
    const log = vi.fn();
    for (const error of [
      linkError(500, CommonErrors.INTERNAL.code),
      linkError(503, CommonErrors.UPSTREAM_UNAVAILABLE.code),
      new FetchError('offline', 'post', LINK_URL),
      new TypeError('bug'),
    ]) {
      await expect(linkErrorSnackbar(error, { t, streetOf, log })).resolves.toEqual({
        message: defaultError,
        type: 'error',
      });
    }
    expect(log).toHaveBeenCalledTimes(4);
  });
});

describe('confirming the code', () => {
  it('turns each result into a German toast', () => {
    expect(confirmResultToast('PROJECT_CONNECTED', tc)).toEqual({
      message: 'Projekt erfolgreich verbunden',
      type: 'success',
    });
    expect(confirmResultToast('PROJECT_ALREADY_CONNECTED', tc)).toEqual({
      message: 'Projekt ist bereits verbunden',
      type: 'info',
    });
    expect(confirmResultToast('PROJECT_NOT_FOUND', tc)).toEqual({ message: 'Projekt nicht gefunden', type: 'error' });
    expect(confirmResultToast('CODE_EXPIRED', tc)).toEqual({
      message: 'Der Code ist abgelaufen. Bitte fordere einen neuen an.',
      type: 'warning',
    });
  });

  it('shows a wrong code under the field with the attempts the server says are left, worded by the site', () => {
    const wrong = (attemptsLeft?: number) =>
      new RequestError('x', 'post', '/confirm', 422, {
        code: LinkErrors.CODE_INVALID.code,
        message: 'server text, not shown',
        ...(attemptsLeft === undefined ? {} : { attemptsLeft }),
      });

    expect(confirmErrorOutcome(wrong(3), tc)).toEqual({
      kind: 'inline',
      message: 'Der Code stimmt nicht. Du hast noch 3 Versuche.',
    });
    expect(confirmErrorOutcome(wrong(1), tc)).toEqual({
      kind: 'inline',
      message: 'Der Code stimmt nicht. Du hast noch 1 Versuch.',
    });
    expect(confirmErrorOutcome(wrong(), tc)).toEqual({
      kind: 'inline',
      message: 'Der Code stimmt nicht. Bitte prüfe Deine Eingabe.',
    });
  });

  it('words the same outcome in English', () => {
    const en = translatorFor(pickMessages('en', confirmOutcomeMessageKeys));
    const error = new RequestError('x', 'post', '/confirm', 422, {
      code: LinkErrors.CODE_INVALID.code,
      message: 'Der Code stimmt nicht.',
      attemptsLeft: 2,
    });

    const outcome = confirmErrorOutcome(error, en);
    expect(outcome.kind).toBe('inline');
    expect(outcome.kind === 'inline' && outcome.message).toMatch(/2/);
    expect(outcome.kind === 'inline' && outcome.message).not.toMatch(/Versuche/);
  });

  it('closes with the site’s message after too many attempts, and stays open for other failures', () => {
    const tooMany = new RequestError('x', 'post', '/confirm', 429, {
      code: LinkErrors.TOO_MANY_ATTEMPTS.code,
      message: 'server text, not shown',
    });

    expect(confirmErrorOutcome(tooMany, tc)).toEqual({
      kind: 'toast',
      toast: { message: 'Du hast den Code zu oft falsch eingegeben. Bitte fordere einen neuen an.', type: 'error' },
      close: true,
    });
    expect(confirmErrorOutcome(new FetchError('offline', 'post', '/confirm'), tc)).toEqual({
      kind: 'toast',
      toast: { message: defaultError, type: 'error' },
      close: false,
    });
  });
});
