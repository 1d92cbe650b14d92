import { useRef, useState, type FormEvent } from 'react';
import { LINK_CODE_LENGTH, type LinkResult as ConfirmResult } from '~/bff/contracts/linking.ts';
import { Button } from '~/site/components/Button.tsx';
import { Modal } from '~/site/components/Modal.tsx';
import { TextField } from '~/site/components/TextField.tsx';
import type { TranslationValues } from '~/site/i18n/types.ts';
import { showToast } from '~/site/stores/toast.ts';
import { confirmProjectLink } from './api.ts';
import { confirmErrorOutcome, confirmOutcomeMessageKeys, confirmResultToast } from './outcome.ts';
import { stripSpaces } from './validation.ts';

export const linkCodeDialogMessageKeys = [
  ...confirmOutcomeMessageKeys,
  'modal.close',
  'linking.linkCodeTitle',
  'linking.linkCodeTitleInPlace',
  'linking.linkCodeIntro',
  'linking.linkCodeIntroWithEmail',
  'linking.linkCodeProjectNumber',
  'linking.linkCodeProgress',
  'linking.linkCodeCode',
  'linking.linkCodeCodeFormat',
  'linking.linkCodeSubmit',
  'linking.linkCodeSubmitting',
] as const;
type Key = (typeof linkCodeDialogMessageKeys)[number];

/** One project waiting for its code: after a link request, or from the link in the mail. */
export interface CodeTarget {
  projectId: number;
  /** Masked address the mail went to, when known. */
  emailAddress?: string | undefined;
  /** "80331" for zip-linking; the title then names the place instead of the id. */
  place?: string | undefined;
  /** Prefilled from the mail link. */
  code?: string | undefined;
}

interface Props {
  target: CodeTarget;
  /** Position in a series of code dialogs (customer-data mode with several projects). */
  progress?: { index: number; count: number } | undefined;
  /** Called with the result, or null when the customer closed the dialog or the code is dead. */
  onClose: (result: ConfirmResult | null) => void;
  t: (key: Key, values?: TranslationValues) => string;
}

const isCode = (value: string) => new RegExp(`^\\d{${LINK_CODE_LENGTH}}$`).test(stripSpaces(value));

/**
 * Code dialog (README "Project linking"): the customer types the code from the linking mail. Each result closes the
 * dialog with a toast; a wrong code keeps it open with the server's message under the field. Mount it with a `key`
 * per target: its state starts fresh for every project.
 */
export function LinkCodeDialog({ target, progress, onClose, t }: Props) {
  const [code, setCode] = useState(target.code ?? '');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [open, setOpen] = useState(true);
  const field = useRef<HTMLInputElement>(null);
  const closed = useRef(false);

  const valid = isCode(code);
  const formatError = touched && !valid ? t('linking.linkCodeCodeFormat', { length: LINK_CODE_LENGTH }) : null;

  function close(result: ConfirmResult | null) {
    if (closed.current) return;
    closed.current = true;
    setOpen(false);
    onClose(result);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!valid || submitting) {
      setTouched(true);
      return;
    }
    setSubmitting(true);
    setServerError(null);
    try {
      const { result } = await confirmProjectLink({ projectId: target.projectId, code: stripSpaces(code) });
      if (closed.current) return;
      showToast(confirmResultToast(result, t));
      close(result);
    } catch (error) {
      if (closed.current) return;
      const outcome = confirmErrorOutcome(error, t);
      setSubmitting(false);
      if (outcome.kind === 'inline') {
        setServerError(outcome.message);
        field.current?.focus();
        field.current?.select();
        return;
      }
      showToast(outcome.toast);
      if (outcome.close) close(null);
    }
  }

  const title = target.place
    ? t('linking.linkCodeTitleInPlace', { place: target.place })
    : t('linking.linkCodeTitle', { projectId: target.projectId });

  return (
    <Modal open={open} onClose={() => close(null)} title={title} closeLabel={t('modal.close')} initialFocusRef={field}>
      <form noValidate onSubmit={submit}>
        {progress && progress.count > 1 && (
          <p className="link-code__progress">{t('linking.linkCodeProgress', progress)}</p>
        )}
        {target.place && <p>{t('linking.linkCodeProjectNumber', { projectId: target.projectId })}</p>}
        <p>
          {target.emailAddress
            ? t('linking.linkCodeIntroWithEmail', { length: LINK_CODE_LENGTH, email: target.emailAddress })
            : t('linking.linkCodeIntro', { length: LINK_CODE_LENGTH })}
        </p>
        <TextField
          ref={field}
          name="code"
          label={t('linking.linkCodeCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={code}
          error={serverError ?? formatError}
          onChange={(event) => {
            setCode(event.target.value);
            setServerError(null);
          }}
          onBlur={() => setTouched(true)}
        />
        <div className="link-dialog__actions">
          <Button type="submit" disabled={!valid} loading={submitting} loadingLabel={t('linking.linkCodeSubmitting')}>
            {t('linking.linkCodeSubmit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
