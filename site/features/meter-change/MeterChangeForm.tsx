import { useRef, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { CommonErrors, type CodeOf, type ErrorCode } from '~/bff/contracts/errors.ts';
import { APP_API_BASE, CSRF_HEADER, CSRF_HEADER_VALUE } from '~/bff/contracts/http.ts';
import { METER_CHANGE_LIMITS, METER_CHANGE_PAGE, METER_CHANGE_PATHS, MeterChangeErrors, MeterChangeRequestSchema, type MeterChangeField } from '~/bff/contracts/meter-change.ts';
import { UPLOAD_LIMITS, UploadErrors } from '~/bff/contracts/uploads.ts';
import { Button } from '~/site/components/Button.tsx';
import { ErrorSummary } from '~/site/components/ErrorSummary.tsx';
import { translatorFor, type IslandMessages } from '~/site/i18n/island.ts';
import { appApi } from '~/site/lib/api/client.ts';
import { RequestError } from '~/site/lib/api/errors.ts';
import { entryOf } from '~/site/lib/codes.ts';
import './MeterChangeForm.css';

export const meterChangeMessageKeys = [
  'meterChange.buildingLegend',
  'meterChange.buildingHouse',
  'meterChange.buildingCommercial',
  'meterChange.buildingStorage',
  'meterChange.buildingCarport',
  'meterChange.buildingOther',
  'meterChange.meterKindLegend',
  'meterChange.meterKindPower',
  'meterChange.meterKindHeating',
  'meterChange.meterKindOther',
  'meterChange.existingLegend',
  'meterChange.existingStays',
  'meterChange.existingRemoved',
  'meterChange.existingReplaced',
  'meterChange.existingCascade',
  'meterChange.locationLegend',
  'meterChange.locationAttic',
  'meterChange.locationGround',
  'meterChange.locationBasement',
  'meterChange.locationOther',
  'meterChange.meterNumberLabel',
  'meterChange.meterNumberHint',
  'meterChange.addressLegend',
  'meterChange.addressHint',
  'meterChange.streetLabel',
  'meterChange.houseNumberLabel',
  'meterChange.zipLabel',
  'meterChange.cityLabel',
  'meterChange.noteLabel',
  'meterChange.noteHint',
  'meterChange.photoLabel',
  'meterChange.photoHint',
  'meterChange.photoOff',
  'meterChange.submit',
  'meterChange.sending',
  'meterChange.uploading',
  'meterChange.errorChoose',
  'meterChange.errorMeterNumber',
  'meterChange.errorStreet',
  'meterChange.errorHouseNumber',
  'meterChange.errorZip',
  'meterChange.errorCity',
  'meterChange.errorNote',
  'meterChange.errorPhotoType',
  'meterChange.errorPhotoSize',
  'meterChange.errorSummary',
  'meterChange.errorAlready',
  'meterChange.errorNotNeeded',
  'meterChange.errorUnavailable',
  'meterChange.errorGeneric',
] as const;
type Key = (typeof meterChangeMessageKeys)[number];

interface Props {
  projectId: number;
  address: { street: string; houseNumber: string; zip: string; city: string };
  uploadEnabled: boolean;
  /** A refusal of the plain form (docs/architecture.md "Forms without JavaScript"): its code and refused fields. */
  initialError: string | null;
  initialFields: string[];
  /** The page's words for a refusal every form can meet (a service that is down …), if it is one. */
  initialMessage: string | null;
  /** What the refused plain form held (the BFF's form flash), by field name; null: the address on file. */
  typed: Readonly<Record<string, string>> | null;
  messages: IslandMessages<Key>;
}

type Translate = (key: Key, values?: Record<string, string | number>) => string;

/** The request's four enumerations as radio groups (docs/files.md; values 1..n as the management service takes them). */
const choicesOf = (t: Translate) =>
  [
    {
      name: 'buildingType',
      legend: t('meterChange.buildingLegend'),
      options: [t('meterChange.buildingHouse'), t('meterChange.buildingCommercial'), t('meterChange.buildingStorage'), t('meterChange.buildingCarport'), t('meterChange.buildingOther')],
    },
    { name: 'meterKind', legend: t('meterChange.meterKindLegend'), options: [t('meterChange.meterKindPower'), t('meterChange.meterKindHeating'), t('meterChange.meterKindOther')] },
    {
      name: 'existingComponent',
      legend: t('meterChange.existingLegend'),
      options: [t('meterChange.existingStays'), t('meterChange.existingRemoved'), t('meterChange.existingReplaced'), t('meterChange.existingCascade')],
    },
    {
      name: 'locationInBuilding',
      legend: t('meterChange.locationLegend'),
      options: [t('meterChange.locationAttic'), t('meterChange.locationGround'), t('meterChange.locationBasement'), t('meterChange.locationOther')],
    },
  ] as const satisfies readonly { name: MeterChangeField; legend: string; options: readonly string[] }[];

function fieldError(t: Translate, field: MeterChangeField): string {
  const texts = {
    projectId: t('meterChange.errorGeneric'),
    buildingType: t('meterChange.errorChoose'),
    meterKind: t('meterChange.errorChoose'),
    existingComponent: t('meterChange.errorChoose'),
    locationInBuilding: t('meterChange.errorChoose'),
    meterNumber: t('meterChange.errorMeterNumber'),
    street: t('meterChange.errorStreet'),
    houseNumber: t('meterChange.errorHouseNumber'),
    zip: t('meterChange.errorZip'),
    city: t('meterChange.errorCity'),
    note: t('meterChange.errorNote'),
  } satisfies Record<MeterChangeField, string>;
  return entryOf(texts, field) ?? t('meterChange.errorGeneric');
}

/** The text of an error code the API answered with (null: the generic text). */
function codeText(t: Translate, code: string): string {
  const texts = {
    [MeterChangeErrors.ALREADY_SUBMITTED.code]: t('meterChange.errorAlready'),
    [MeterChangeErrors.NOT_NEEDED.code]: t('meterChange.errorNotNeeded'),
    [MeterChangeErrors.LINK_INVALID.code]: t('meterChange.errorGeneric'),
    [MeterChangeErrors.LINK_USED.code]: t('meterChange.errorGeneric'),
    [MeterChangeErrors.LINK_EXPIRED.code]: t('meterChange.errorGeneric'),
    [MeterChangeErrors.TOO_MANY_ATTEMPTS.code]: t('meterChange.errorGeneric'),
    [CommonErrors.UPSTREAM_UNAVAILABLE.code]: t('meterChange.errorUnavailable'),
    [UploadErrors.TYPE.code]: t('meterChange.errorPhotoType'),
    [UploadErrors.TOO_LARGE.code]: t('meterChange.errorPhotoSize'),
  } satisfies Record<CodeOf<typeof MeterChangeErrors>, string> & Partial<Record<ErrorCode, string>>;
  return entryOf(texts, code) ?? t('meterChange.errorGeneric');
}

const FIELDS = ['projectId', 'buildingType', 'meterKind', 'existingComponent', 'locationInBuilding', 'meterNumber', 'street', 'houseNumber', 'zip', 'city', 'note'] as const;
const isField = (name: string): name is MeterChangeField => (FIELDS as readonly string[]).includes(name);

/** Uploads the photo with the capability; XMLHttpRequest, because fetch reports no upload progress. */
function uploadPhoto(file: File, capability: { token: string; code: string }, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.append('token', capability.token);
    body.append('code', capability.code);
    body.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${APP_API_BASE}/${METER_CHANGE_PATHS.file}`);
    xhr.setRequestHeader(CSRF_HEADER, CSRF_HEADER_VALUE);
    xhr.timeout = 120_000;
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(String(z.safeParse(z.object({ code: z.string() }), JSON.parse(xhr.responseText || '{}')).data?.code ?? xhr.status))));
    xhr.onerror = () => reject(new Error('network'));
    xhr.ontimeout = () => reject(new Error('timeout'));
    xhr.send(body);
  });
}

/**
 * The meter change request (docs/files.md): a plain multipart form first (it works without JavaScript and sends the photo
 * with the request); hydrated, it checks every field at once with the contract's schema, sends the request as JSON
 * and then the photo with a progress bar through the capability the answer carries.
 */
export default function MeterChangeForm(props: Props) {
  const t = translatorFor(props.messages);
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<MeterChangeField | 'photo', string>>>(() => ({
    ...Object.fromEntries(props.initialFields.filter(isField).map((f) => [f, fieldError(t, f)])),
    ...(props.initialError && props.initialFields.includes('file') ? { photo: codeText(t, props.initialError) } : {}),
  }));
  const [formError, setFormError] = useState<string | null>(() => {
    if (!props.initialError) return null;
    if (props.initialMessage) return props.initialMessage;
    return props.initialFields.length > 0 ? t('meterChange.errorSummary') : codeText(t, props.initialError);
  });
  const typed = (name: string) => props.typed?.[name];
  const [state, setState] = useState<'idle' | 'sending' | 'uploading'>('idle');
  const [progress, setProgress] = useState(0);

  function fieldsOf(data: FormData) {
    const value = (name: string) => (typeof data.get(name) === 'string' ? (data.get(name) as string) : '');
    return {
      projectId: props.projectId,
      buildingType: value('buildingType'),
      meterKind: value('meterKind'),
      existingComponent: value('existingComponent'),
      locationInBuilding: value('locationInBuilding'),
      meterNumber: value('meterNumber'),
      street: value('street'),
      houseNumber: value('houseNumber'),
      zip: value('zip'),
      city: value('city'),
      ...(value('note').trim() ? { note: value('note') } : {}),
    };
  }

  function photoProblem(file: File | undefined): string | null {
    if (!file) return null;
    if (file.size > UPLOAD_LIMITS.maxFileBytes) return t('meterChange.errorPhotoSize');
    if (file.type && !['image/jpeg', 'image/png', 'image/heic', 'image/heif', 'application/pdf'].includes(file.type)) return t('meterChange.errorPhotoType');
    return null;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state !== 'idle' || !form.current) return;
    const data = new FormData(form.current);
    const parsed = z.safeParse(MeterChangeRequestSchema, fieldsOf(data));
    const photo = data.get('file') instanceof File && (data.get('file') as File).size > 0 ? (data.get('file') as File) : undefined;
    const next: Partial<Record<MeterChangeField | 'photo', string>> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) next[issue.path[0] as MeterChangeField] ??= fieldError(t, issue.path[0] as MeterChangeField);
    const badPhoto = photoProblem(photo);
    if (badPhoto) next.photo = badPhoto;
    setErrors(next);
    setFormError(Object.keys(next).length > 0 ? t('meterChange.errorSummary') : null);
    if (!parsed.success || badPhoto) {
      const first = form.current.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-invalid="true"] input');
      requestAnimationFrame(() => (form.current?.querySelector<HTMLElement>('[aria-invalid="true"] input, input[aria-invalid="true"], textarea[aria-invalid="true"]') ?? first)?.focus());
      return;
    }
    setState('sending');
    let created;
    try {
      created = await appApi.post('meter-change-request', z.object({ requestId: z.string(), upload: z.nullable(z.object({ token: z.string(), code: z.string() })) }), { json: parsed.data });
    } catch (error) {
      setState('idle');
      const code = error instanceof RequestError ? (error.body?.code ?? '') : '';
      setFormError(codeText(t, code));
      return;
    }
    let sent = '1';
    if (photo && created.upload) {
      setState('uploading');
      try {
        await uploadPhoto(photo, created.upload, setProgress);
        sent = 'photo';
      } catch (error) {
        // The request is filed; the photo can follow by the mailed link. The page says why this one was refused.
        const code = error instanceof Error ? error.message : '';
        sent = `photo-failed&reason=${code === UploadErrors.TYPE.code ? 'type' : code === UploadErrors.TOO_LARGE.code ? 'size' : 'other'}`;
      }
    }
    window.location.assign(`${METER_CHANGE_PAGE}?sent=${sent}`);
  }

  const describe = (name: string, hint?: boolean) => [hint ? `mc-${name}-hint` : '', errors[name as MeterChangeField] ? `mc-${name}-error` : ''].filter(Boolean).join(' ') || undefined;
  const error = (name: MeterChangeField | 'photo') =>
    errors[name] ? (
      <p id={`mc-${name}-error`} className="meter-form__error">
        {errors[name]}
      </p>
    ) : null;
  const text = (name: 'meterNumber' | 'street' | 'houseNumber' | 'zip' | 'city', label: string, extra: Record<string, string | number> = {}, hint?: string) => (
    <div className={`meter-form__field meter-form__field--${name}`}>
      <label htmlFor={`mc-${name}`}>{label}</label>
      <input
        id={`mc-${name}`}
        name={name}
        type="text"
        required
        defaultValue={typed(name) ?? (name === 'meterNumber' ? '' : props.address[name])}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describe(name, Boolean(hint))}
        onChange={() => setErrors((e) => ({ ...e, [name]: undefined }))}
        {...extra}
      />
      {hint && (
        <p id={`mc-${name}-hint`} className="meter-form__hint">
          {hint}
        </p>
      )}
      {error(name)}
    </div>
  );

  // The summary names each refused field with a link to it; a refused plain form lands on it (`meter-change-errors`).
  const choices = choicesOf(t);
  const labels: Record<MeterChangeField | 'photo', string> = {
    projectId: '',
    ...(Object.fromEntries(choices.map((choice) => [choice.name, choice.legend])) as Record<(typeof choices)[number]['name'], string>),
    meterNumber: t('meterChange.meterNumberLabel'),
    street: t('meterChange.streetLabel'),
    houseNumber: t('meterChange.houseNumberLabel'),
    zip: t('meterChange.zipLabel'),
    city: t('meterChange.cityLabel'),
    note: t('meterChange.noteLabel'),
    photo: t('meterChange.photoLabel'),
  };
  const targetOf = (name: MeterChangeField | 'photo') => (choices.some((choice) => choice.name === name) ? `mc-${name}-1` : `mc-${name}`);
  const refused = (Object.keys(labels) as (MeterChangeField | 'photo')[]).filter((name) => errors[name] && labels[name]);

  return (
    <form ref={form} className="meter-form" method="post" action={`${APP_API_BASE}/${METER_CHANGE_PATHS.create}`} encType="multipart/form-data" onSubmit={onSubmit} noValidate aria-busy={state !== 'idle'}>
      {formError && (
        <ErrorSummary
          form="meter-change"
          className="meter-form__error meter-form__error--form"
          message={formError}
          fields={refused.map((name) => ({ id: targetOf(name), label: labels[name], text: errors[name] ?? '' }))}
        />
      )}
      <input type="hidden" name="projectId" value={props.projectId} />
      {choices.map((choice) => (
        <fieldset key={choice.name} className="meter-form__choices" aria-invalid={errors[choice.name] ? true : undefined} aria-describedby={errors[choice.name] ? `mc-${choice.name}-error` : undefined}>
          <legend>{choice.legend}</legend>
          {choice.options.map((option, i) => (
            <label key={option} className="meter-form__choice">
              <input
                type="radio"
                id={`mc-${choice.name}-${i + 1}`}
                name={choice.name}
                value={i + 1}
                required
                defaultChecked={typed(choice.name) === String(i + 1)}
                onChange={() => setErrors((e) => ({ ...e, [choice.name]: undefined }))}
              />
              {option}
            </label>
          ))}
          {error(choice.name)}
        </fieldset>
      ))}
      {text('meterNumber', t('meterChange.meterNumberLabel'), { autoComplete: 'off', spellCheck: 'false', maxLength: 40, pattern: '[A-Za-z0-9 \\-]{6,40}' }, t('meterChange.meterNumberHint'))}
      <fieldset className="meter-form__address">
        <legend>{t('meterChange.addressLegend')}</legend>
        <p className="meter-form__hint">{t('meterChange.addressHint')}</p>
        <div className="meter-form__row">
          {text('street', t('meterChange.streetLabel'), { autoComplete: 'address-line1', maxLength: 120 })}
          {text('houseNumber', t('meterChange.houseNumberLabel'), { maxLength: 20 })}
        </div>
        <div className="meter-form__row">
          {text('zip', t('meterChange.zipLabel'), { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 5, pattern: '\\d{5}' })}
          {text('city', t('meterChange.cityLabel'), { autoComplete: 'address-level2', maxLength: 80 })}
        </div>
      </fieldset>
      <div className="meter-form__field">
        <label htmlFor="mc-note">{t('meterChange.noteLabel')}</label>
        <textarea
          id="mc-note"
          name="note"
          rows={3}
          maxLength={METER_CHANGE_LIMITS.noteMaxLength}
          defaultValue={typed('note') ?? ''}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={describe('note', true)}
        />
        <p id="mc-note-hint" className="meter-form__hint">
          {t('meterChange.noteHint')}
        </p>
        {error('note')}
      </div>
      {props.uploadEnabled ? (
        <div className="meter-form__field">
          <label htmlFor="mc-photo">{t('meterChange.photoLabel')}</label>
          <input
            id="mc-photo"
            name="file"
            type="file"
            accept="image/jpeg,image/png,image/heic,image/heif,application/pdf"
            aria-invalid={errors.photo ? true : undefined}
            aria-describedby={`mc-photo-hint${errors.photo ? ' mc-photo-error' : ''}`}
            onChange={() => setErrors((e) => ({ ...e, photo: undefined }))}
          />
          <p id="mc-photo-hint" className="meter-form__hint">
            {t('meterChange.photoHint')}
          </p>
          {error('photo')}
        </div>
      ) : (
        <p className="notice notice--info">{t('meterChange.photoOff')}</p>
      )}
      {state === 'uploading' && (
        <div className="meter-form__progress" role="status">
          <label htmlFor="mc-progress">{t('meterChange.uploading', { percent: progress })}</label>
          <progress id="mc-progress" max={100} value={progress} />
        </div>
      )}
      <Button type="submit" variant="primary" loading={state !== 'idle'} loadingLabel={state === 'uploading' ? t('meterChange.uploading', { percent: progress }) : t('meterChange.sending')}>
        {t('meterChange.submit')}
      </Button>
    </form>
  );
}
