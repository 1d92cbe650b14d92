import { HELP_PAGES } from '~/bff/contracts/help.ts';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { hasErrorCode } from '~/bff/contracts/errors.ts';
import { LINK_CODE_TTL_MINUTES, LinkErrors, PROJECT_LINK_FAQ_SLUG } from '~/bff/contracts/linking.ts';
import { Button } from '~/site/components/Button.tsx';
import { Modal } from '~/site/components/Modal.tsx';
import { TextField } from '~/site/components/TextField.tsx';
import type { TranslationValues } from '~/site/i18n/types.ts';
import { dismissSnackbars, showSnackbar, type SnackbarInput } from '~/site/stores/snackbar.ts';
import { findCustomerProject } from '../projects/index.ts';
import { requestProjectLink } from './api.ts';
import { linkErrorSnackbar, linkOutcomeMessageKeys, readLinkResponse, successVariant, type LinkResult } from './outcome.ts';
import {
  DEFAULT_LINK_MODE,
  EMPTY_LINK_FORM,
  LINK_FIELDS,
  stripSpaces,
  toLinkRequest,
  validateLinkForm,
  validationMessage,
  type LinkField,
  type LinkMode,
} from './validation.ts';
import './LinkProjectDialog.css';

export const linkProjectDialogMessageKeys = [
  ...linkOutcomeMessageKeys,
  'modal.close',
  'linking.linkProjectTitle',
  'linking.linkProjectIntro',
  'linking.linkProjectFaqLink',
  'linking.linkProjectModeHint',
  'linking.linkProjectModeToggle',
  'linking.linkProjectProjectId',
  'linking.linkProjectCustomerNumber',
  'linking.linkProjectZip',
  'linking.linkProjectSubmit',
  'linking.linkProjectSubmitting',
  'linking.linkProjectSuccessTitle',
  'linking.linkProjectSuccessTextOneProjectOneMail',
  'linking.linkProjectSuccessTextSeveralProjectsOneMail',
  'linking.linkProjectSuccessTextSeveralMails',
  'linking.linkProjectSuccessInstruction',
  'linking.linkProjectSuccessInfo',
  'linking.linkProjectSuccessConfirmOne',
  'linking.linkProjectSuccessConfirmSeveral',
  'linking.linkProjectHaveCode',
  'linking.linkProjectHaveCodeHint',
  'linking.errorMessageRequired',
  'linking.errorMessageNumbersOnly',
  'linking.errorMessageInteger',
  'linking.errorMessagePositive',
  'linking.errorMessageTooManyDigits',
] as const;
type Key = (typeof linkProjectDialogMessageKeys)[number];

/** The customer already holds a code (e.g. from a mail sent minutes ago): go straight to the code step. */
export interface HaveCodeOutcome {
  haveCodeFor: number;
}

/** What the dialog hands back when it closes: the result of a successful link, or null. */
export interface LinkDialogOutcome {
  result: LinkResult;
  mode: LinkMode;
  /** The zip the customer entered in the customer-data mode, without spaces. */
  zip: string | null;
}

interface Props {
  open: boolean;
  onClose: (outcome: LinkDialogOutcome | HaveCodeOutcome | null) => void;
  t: (key: Key, values?: TranslationValues) => string;
  /** Why the dialog opened without a click (e.g. a project page needs a linked project), shown above the form. */
  reason?: string | null;
}

const FAQ_HREF = `${HELP_PAGES.help}?question=${encodeURIComponent(PROJECT_LINK_FAQ_SLUG)}`;

async function streetOf(projectId: number): Promise<string | null> {
  const project = await findCustomerProject(projectId);
  if (!project) return null;
  const { street, houseNumber } = project.address.contact;
  return `${street} ${houseNumber}`.trim() || null;
}

/**
 * Link-project dialog (README "Project linking"): by project id, or by customer number and zip. Errors go to the
 * snackbar; a success shows where the linking mail went. Closing resets result, form and mode.
 */
export function LinkProjectDialog({ open, onClose, t, reason = null }: Props) {
  const [mode, setMode] = useState<LinkMode>(DEFAULT_LINK_MODE);
  const [values, setValues] = useState(EMPTY_LINK_FORM);
  const [touched, setTouched] = useState<ReadonlySet<LinkField>>(new Set());
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<LinkDialogOutcome | null>(null);
  /** "We already sent you a mail": shown in the dialog with the way to the code step, not as a passing snackbar. */
  const [alreadySent, setAlreadySent] = useState<string | null>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const successView = useRef<HTMLDivElement>(null);
  // Answers that arrive after the dialog was closed are dropped.
  const attempt = useRef(0);
  /** What this dialog put in the snackbar: an earlier attempt's "kein Projekt gefunden" goes when a new one starts. */
  const shown = useRef<string[]>([]);
  function notify(snackbar: SnackbarInput) {
    shown.current.push(snackbar.message);
    showSnackbar(snackbar);
  }
  function withdrawNotices() {
    dismissSnackbars(shown.current);
    shown.current = [];
  }
  const introId = useId();
  const modeHintId = useId();

  const errors = validateLinkForm(mode, values);
  const fields = LINK_FIELDS[mode];
  const valid = Object.keys(errors).length === 0;

  useEffect(() => {
    if (outcome) successView.current?.focus();
  }, [outcome]);

  function reset() {
    withdrawNotices();
    setMode(DEFAULT_LINK_MODE);
    setValues(EMPTY_LINK_FORM);
    setTouched(new Set());
    setSubmitting(false);
    setOutcome(null);
    setAlreadySent(null);
  }

  function close() {
    attempt.current += 1;
    const finished = outcome;
    reset();
    onClose(finished);
  }

  /** Opens the code step for the entered project; without a valid project number it asks for one. */
  function haveCode() {
    const projectId = Number(stripSpaces(values.projectId));
    if (mode === 'projectId' && !errors.projectId && projectId > 0) {
      attempt.current += 1;
      reset();
      onClose({ haveCodeFor: projectId });
      return;
    }
    if (mode !== 'projectId') {
      setMode('projectId');
      setValues(EMPTY_LINK_FORM);
    }
    setTouched(new Set<LinkField>(['projectId']));
    firstField.current?.focus();
  }

  function toggleMode(event: ChangeEvent<HTMLInputElement>) {
    setMode(event.target.checked ? 'CustomerData' : 'projectId');
    setValues(EMPTY_LINK_FORM);
    setTouched(new Set());
  }

  function change(field: LinkField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => new Set(current).add(field));
  }

  function blur(field: LinkField) {
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!valid || submitting) {
      setTouched(new Set(fields));
      return;
    }
    const current = ++attempt.current;
    setSubmitting(true);
    setAlreadySent(null);
    withdrawNotices();
    try {
      const response = await requestProjectLink(toLinkRequest(mode, values));
      if (current !== attempt.current) return;
      const { result, snackbars } = readLinkResponse(response, t);
      snackbars.forEach(notify);
      if (result) setOutcome({ result, mode, zip: mode === 'CustomerData' ? stripSpaces(values.zip) : null });
    } catch (error) {
      const projectId = mode === 'projectId' ? Number(stripSpaces(values.projectId)) : undefined;
      const snackbar = await linkErrorSnackbar(error, { t, projectId, streetOf });
      if (current !== attempt.current) return;
      if (hasErrorCode(error, LinkErrors.EMAIL_ALREADY_SENT)) setAlreadySent(snackbar.message);
      else notify(snackbar);
    } finally {
      if (current === attempt.current) setSubmitting(false);
    }
  }

  const labels: Record<LinkField, string> = {
    projectId: t('linking.linkProjectProjectId'),
    customerNumber: t('linking.linkProjectCustomerNumber'),
    zip: t('linking.linkProjectZip'),
  };
  const autoComplete: Record<LinkField, string> = { projectId: 'off', customerNumber: 'off', zip: 'postal-code' };

  function successText(result: LinkResult): string {
    const texts = {
      oneProjectOneMail: () => t('linking.linkProjectSuccessTextOneProjectOneMail'),
      severalProjectsOneMail: () => t('linking.linkProjectSuccessTextSeveralProjectsOneMail', { count: result.numberOfProjects }),
      severalMails: () => t('linking.linkProjectSuccessTextSeveralMails'),
    } satisfies Record<ReturnType<typeof successVariant>, () => string>;
    return texts[successVariant(result)]();
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('linking.linkProjectTitle')}
      closeLabel={t('modal.close')}
      initialFocusRef={firstField}
      describedBy={outcome ? undefined : introId}
      className="link-dialog"
    >
      {outcome ? (
        <div ref={successView} tabIndex={-1} className="link-success">
          <h3 className="link-success__title">
            {t('linking.linkProjectSuccessTitle')}
          </h3>
          <p>{successText(outcome.result)}</p>
          <ul className="link-success__emails">
            {outcome.result.uniqueEmails.map((email) => (
              <li key={email}>{email}</li>
            ))}
          </ul>
          <p>{t('linking.linkProjectSuccessInstruction')}</p>
          <p className="link-success__info">{t('linking.linkProjectSuccessInfo', { minutes: LINK_CODE_TTL_MINUTES })}</p>
          <div className="link-dialog__actions">
            <Button onClick={close}>
              {outcome.result.projects.length > 1 && outcome.mode === 'CustomerData'
                ? t('linking.linkProjectSuccessConfirmSeveral')
                : t('linking.linkProjectSuccessConfirmOne')}
            </Button>
          </div>
        </div>
      ) : (
        <form className="link-dialog__form" noValidate onSubmit={submit}>
          {reason && <p className="link-dialog__notice">{reason}</p>}
          <p id={introId} className="link-dialog__intro">
            {t('linking.linkProjectIntro')} <a href={FAQ_HREF}>{t('linking.linkProjectFaqLink')}</a>
          </p>
          {/* The question stays out of the switch's name, so that "Projektnummer" labels only the field. */}
          <p id={modeHintId} className="link-dialog__mode-hint">
            {t('linking.linkProjectModeHint')}
          </p>
          <label className="switch">
            <input
              type="checkbox"
              role="switch"
              className="switch__input"
              checked={mode === 'CustomerData'}
              aria-describedby={modeHintId}
              onChange={toggleMode}
            />
            <span className="switch__track" aria-hidden="true" />
            <span className="switch__label">{t('linking.linkProjectModeToggle')}</span>
          </label>
          <div className={`link-dialog__fields link-dialog__fields--${mode}`}>
            {fields.map((field, index) => {
              const error = touched.has(field) ? errors[field] : undefined;
              return (
                <TextField
                  key={`${mode}-${field}`}
                  ref={index === 0 ? firstField : undefined}
                  name={field}
                  label={labels[field]}
                  inputMode="numeric"
                  autoComplete={autoComplete[field]}
                  required
                  value={values[field]}
                  error={error ? validationMessage(t, error, field) : null}
                  onChange={(event) => change(field, event.target.value)}
                  onBlur={() => blur(field)}
                />
              );
            })}
          </div>
          {alreadySent && (
            <div role="alert" className="link-dialog__notice">
              <p>{alreadySent}</p>
              <Button variant="secondary" onClick={haveCode}>
                {t('linking.linkProjectHaveCode')}
              </Button>
            </div>
          )}
          <div className="link-dialog__actions">
            <Button type="submit" disabled={!valid} loading={submitting} loadingLabel={t('linking.linkProjectSubmitting')}>
              {t('linking.linkProjectSubmit')}
            </Button>
          </div>
          {!alreadySent && (
            <p className="link-dialog__have-code">
              <button type="button" className="link-button" onClick={haveCode}>
                {t('linking.linkProjectHaveCode')}
              </button>{' '}
              <span className="link-dialog__have-code-hint">{t('linking.linkProjectHaveCodeHint')}</span>
            </p>
          )}
        </form>
      )}
    </Modal>
  );
}
