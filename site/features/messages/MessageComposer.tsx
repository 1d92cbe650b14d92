import { persistentAtom } from '@nanostores/persistent';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { CommonErrors } from '~/bff/contracts/errors.ts';
import { MESSAGE_LIMITS, MessagesErrors } from '~/bff/contracts/messages.ts';
import { Button } from '~/site/components/Button.tsx';
import { ErrorSummary } from '~/site/components/ErrorSummary.tsx';
import { translatorFor, type IslandMessages } from '~/site/i18n/island.ts';
import { internalApi } from '~/site/lib/api/client.ts';
import { RequestError, TimeoutError } from '~/site/lib/api/errors.ts';
import { composerCodeText, fieldOfError, filesProblem, refusedIn, subjectProblem, textProblem, type FilesProblem, type SubjectProblem, type TextProblem } from './validation.ts';
import './MessageComposer.css';

export const messageComposerMessageKeys = [
  'messages.subjectLabel',
  'messages.subjectHint',
  'messages.textLabel',
  'messages.textHint',
  'messages.filesLabel',
  'messages.filesHint',
  'messages.send',
  'messages.sending',
  'messages.draftKept',
  'messages.errorTextRequired',
  'messages.errorTextTooLong',
  'messages.errorTextInvalid',
  'messages.errorSubjectInvalid',
  'messages.errorSubjectTooLong',
  'messages.errorFilesTooMany',
  'messages.errorFileTooLarge',
  'messages.errorFileType',
  'messages.errorFileIncomplete',
  'messages.errorTopic',
  'messages.errorUnavailable',
  'messages.errorGeneric',
  'messages.errorTimeout',
  'messages.counter',
] as const;
type Key = (typeof messageComposerMessageKeys)[number];

interface Props {
  /** `request`: a new message on a support question (with subject); `reply`: an answer in a thread. */
  mode: 'request' | 'reply';
  /** The API path the form posts to, also without JavaScript. */
  action: string;
  /** Hidden fields: projectId and supportQuestionId, or taskId. */
  fields: Record<string, string>;
  /** Where the draft is kept in this browser (per project and topic, or per thread). */
  draftKey: string;
  /** A fresh Idempotency-Key from the server, for the plain form and the first try. */
  idempotencyKey: string;
  /** The topic's title, shown as the subject's placeholder. */
  subjectPlaceholder?: string;
  /**
   * A refusal of the plain form (docs/architecture.md "Forms without JavaScript"), worded by the page: the message for
   * the summary on top and the text at each refused field. Shown until the next try.
   */
  refused?: ComposerRefusal | null;
  /** What a refused plain form held (the BFF's form flash): shown again, so nothing typed is lost without JavaScript. */
  typed?: { subject?: string; text?: string } | null;
  /** The customer just chose the topic: the first field takes the focus (also before hydration, as `autofocus`). */
  autoFocus?: boolean;
  messages: IslandMessages<Key>;
}

/** The composer's fields a refusal can name. */
export type ComposerField = 'subject' | 'text' | 'files';
export interface ComposerRefusal {
  message: string;
  fields: Partial<Record<ComposerField, string>>;
}

const DraftSchema = z.object({ text: z.string(), subject: z.string(), key: z.string() });
type Draft = z.infer<typeof DraftSchema>;
const emptyDraft = (key: string): Draft => ({ text: '', subject: '', key });

/** Client-side problems as the BFF's codes, so both are worded in one place. */
const SUBJECT_CODES: Record<SubjectProblem, string> = {
  tooLong: MessagesErrors.SUBJECT_TOO_LONG.code,
  invalidCharacters: MessagesErrors.SUBJECT_INVALID_CHARACTERS.code,
};
const TEXT_CODES: Record<TextProblem, string> = {
  required: MessagesErrors.TEXT_REQUIRED.code,
  tooLong: MessagesErrors.TEXT_TOO_LONG.code,
  invalidCharacters: MessagesErrors.TEXT_INVALID_CHARACTERS.code,
};
const FILE_CODES: Record<FilesProblem, string> = {
  tooMany: MessagesErrors.TOO_MANY_FILES.code,
  tooLarge: MessagesErrors.FILE_TOO_LARGE.code,
  type: MessagesErrors.FILE_TYPE.code,
};

/**
 * Where this browser keeps a form's draft; the page passes it to `client:interaction`, so a kept draft is shown
 * without waiting for the customer to reach the form (site/lib/client-interaction.ts).
 */
export const draftStorageKey = (draftKey: string) => `kundenportal.draft.${draftKey}`;

/**
 * The message form (new request or reply): text, optional subject, up to five photos or PDFs. It is a plain multipart
 * form first (it works before and without JavaScript); once hydrated it checks the input at once, keeps the draft in
 * this browser until it is sent (also when the task service is down), sends with an Idempotency-Key, so a double
 * click or a retry after a timeout creates one message, and shows every error at its field.
 */
export default function MessageComposer(props: Props) {
  const t = translatorFor(props.messages);
  const store = useMemo(
    () =>
      persistentAtom<Draft>(draftStorageKey(props.draftKey), { ...emptyDraft(props.idempotencyKey), ...props.typed }, {
        encode: JSON.stringify,
        decode: (raw) => {
          const parsed = z.safeParse(DraftSchema, JSON.parse(raw));
          return parsed.success ? parsed.data : emptyDraft(props.idempotencyKey);
        },
      }),
    [props.draftKey, props.idempotencyKey, props.typed],
  );
  const draft = useStore(store);
  const fileInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const subjectInput = useRef<HTMLInputElement>(null);
  // Typed before the island woke up: the browser's field holds it, the draft does not yet.
  useEffect(() => {
    const typed = { text: textArea.current?.value ?? '', subject: subjectInput.current?.value ?? '' };
    if ((typed.text && typed.text !== draft.text) || (typed.subject && typed.subject !== draft.subject)) {
      store.set({ ...store.get(), text: typed.text || draft.text, subject: typed.subject || draft.subject });
    }
    // Only once, when the island hydrates.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const refused = props.refused ?? null;
  const [subjectError, setSubjectError] = useState<string | null>(refused?.fields.subject ?? null);
  const [textError, setTextError] = useState<string | null>(refused?.fields.text ?? null);
  const [filesError, setFilesError] = useState<string | null>(refused?.fields.files ?? null);
  const [formError, setFormError] = useState<string | null>(refused?.message ?? null);
  const [sending, setSending] = useState(false);
  const prefix = `composer-${props.draftKey.replace(/[^\w-]/g, '-')}`;

  const update = (change: Partial<Draft>) => store.set({ ...draft, ...change });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const files = [...(fileInput.current?.files ?? [])];
    // What the fields hold counts (also what was typed before hydration); the draft follows it.
    const current = { ...draft, text: textArea.current?.value ?? draft.text, subject: subjectInput.current?.value ?? draft.subject };
    store.set(current);
    const subject = props.mode === 'request' ? subjectProblem(current.subject) : null;
    const text = textProblem(current.text);
    const file = filesProblem(files);
    setSubjectError(subject ? composerCodeText(t, SUBJECT_CODES[subject], refusedIn(current.subject, 'subject')) : null);
    setTextError(text ? composerCodeText(t, TEXT_CODES[text], refusedIn(current.text, 'text')) : null);
    setFilesError(file ? composerCodeText(t, FILE_CODES[file.problem], file.file) : null);
    setFormError(null);
    if (subject || text || file) return;
    const body = new FormData();
    for (const [name, value] of Object.entries(props.fields)) body.append(name, value);
    if (props.mode === 'request' && current.subject.trim()) body.append('subject', current.subject);
    body.append('text', current.text);
    for (const f of files) body.append('files', f, f.name);
    setSending(true);
    try {
      const answer = await internalApi.post(props.action.replace(/^\/api\/v1\/internal\//, ''), z.object({ href: z.string() }), {
        body,
        headers: { 'Idempotency-Key': current.key },
      });
      store.set(emptyDraft(crypto.randomUUID()));
      // Sent: no draft is left, so this form no longer wakes up early on the next visit (client:interaction).
      try {
        window.localStorage.removeItem(draftStorageKey(props.draftKey));
      } catch {
        // Storage blocked: the draft lived in memory only.
      }
      window.location.assign(answer.href);
    } catch (error) {
      setSending(false);
      const code = error instanceof RequestError ? (error.body?.code ?? '') : '';
      const character = error instanceof RequestError && typeof error.body?.character === 'string' ? error.body.character : '';
      const text = composerCodeText(t, code, character);
      const where = fieldOfError(code);
      if (text && where === 'subject') setSubjectError(text);
      else if (text && where === 'text') setTextError(text);
      else if (text && where === 'files') setFilesError(text);
      else setFormError(`${error instanceof TimeoutError ? t('messages.errorTimeout') : (text ?? t('messages.errorGeneric'))} ${t('messages.draftKept')}`);
      // Another body under the same key would be refused: a changed draft gets a new key on the next try.
      if (code === CommonErrors.IDEMPOTENCY_MISMATCH.code) update({ key: crypto.randomUUID() });
    }
  }

  // The summary names each refused field with a link to it; a refused plain form lands on it (`composer-errors`).
  const summaryFields = [
    { field: 'subject', label: t('messages.subjectLabel'), text: subjectError },
    { field: 'text', label: t('messages.textLabel'), text: textError },
    { field: 'files', label: t('messages.filesLabel'), text: filesError },
  ].filter((entry) => entry.text && (entry.field !== 'subject' || props.mode === 'request'));

  return (
    <form className="composer" method="post" action={props.action} encType="multipart/form-data" onSubmit={onSubmit} noValidate id="composer" aria-busy={sending}>
      {formError && (
        <ErrorSummary
          form="composer"
          className="composer__error composer__error--form"
          message={formError}
          fields={summaryFields.map((entry) => ({ id: `${prefix}-${entry.field}`, label: entry.label, text: entry.text ?? '' }))}
        />
      )}
      {Object.entries(props.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="idempotencyKey" value={draft.key} />
      {props.mode === 'request' && (
        <div className="composer__field">
          <label htmlFor={`${prefix}-subject`}>{t('messages.subjectLabel')}</label>
          <input
            ref={subjectInput}
            id={`${prefix}-subject`}
            autoFocus={props.autoFocus}
            name="subject"
            type="text"
            maxLength={MESSAGE_LIMITS.subjectMaxLength}
            placeholder={props.subjectPlaceholder}
            value={draft.subject}
            onChange={(e) => update({ subject: e.target.value })}
            aria-invalid={subjectError ? true : undefined}
            aria-describedby={`${prefix}-subject-hint${subjectError ? ` ${prefix}-subject-error` : ''}`}
          />
          <p id={`${prefix}-subject-hint`} className="composer__hint">
            {t('messages.subjectHint')}
          </p>
          {subjectError && (
            <p id={`${prefix}-subject-error`} className="composer__error" role="alert">
              {subjectError}
            </p>
          )}
        </div>
      )}
      <div className="composer__field">
        <label htmlFor={`${prefix}-text`}>{t('messages.textLabel')}</label>
        <textarea
          ref={textArea}
          id={`${prefix}-text`}
          name="text"
          rows={6}
          required
          maxLength={MESSAGE_LIMITS.textMaxLength}
          value={draft.text}
          onChange={(e) => update({ text: e.target.value })}
          aria-invalid={textError ? true : undefined}
          aria-describedby={`${prefix}-text-hint${textError ? ` ${prefix}-text-error` : ''}`}
        />
        <p id={`${prefix}-text-hint`} className="composer__hint">
          {t('messages.textHint')} {t('messages.counter', { count: draft.text.length, max: MESSAGE_LIMITS.textMaxLength })}
        </p>
        {textError && (
          <p id={`${prefix}-text-error`} className="composer__error" role="alert">
            {textError}
          </p>
        )}
      </div>
      <div className="composer__field">
        <label htmlFor={`${prefix}-files`}>{t('messages.filesLabel')}</label>
        <input
          ref={fileInput}
          id={`${prefix}-files`}
          name="files"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/heic,application/pdf"
          aria-invalid={filesError ? true : undefined}
          aria-describedby={`${prefix}-files-hint${filesError ? ` ${prefix}-files-error` : ''}`}
          onChange={() => setFilesError(null)}
        />
        <p id={`${prefix}-files-hint`} className="composer__hint">
          {t('messages.filesHint')}
        </p>
        {filesError && (
          <p id={`${prefix}-files-error`} className="composer__error" role="alert">
            {filesError}
          </p>
        )}
      </div>
      <Button type="submit" variant="primary" loading={sending} loadingLabel={t('messages.sending')}>
        {t('messages.send')}
      </Button>
    </form>
  );
}
