import { CommonErrors } from '~/bff/contracts/errors.ts';
import { readRefusal, type FormFlash, type FormRefusal, type FormValue } from '~/bff/contracts/form-flash.ts';
import type { Translate } from '../i18n/types.ts';

/**
 * A plain form's state on this page view (docs/architecture.md "Forms without JavaScript"): why it came back (the
 * address's refusal: code, refused fields, the code's numbers) and what was typed (the BFF's form flash). Every plain
 * form of the portal reads it the same way, so each one shows every value again, names the refused fields and offers
 * the summary its refusal lands on.
 */
export interface FormState {
  /** This view follows a refusal of this form, or null. */
  refusal: FormRefusal | null;
  /** What was typed when the form was refused (null: nothing kept; the page shows its stored values). */
  typed: Readonly<Record<string, FormValue>> | null;
  /** The value to show in a field: as typed, else `stored`. A field not sent (an empty choice) is ''. */
  value(name: string, stored?: string | number | null): string;
  /** The values of a repeated field (checkboxes of one name): as typed (none ticked is none), else `stored`. */
  values(name: string, stored?: readonly (string | number)[] | null): string[];
  /** The refused field's problem ('' when the code says it all), or undefined for a field not refused. */
  problem(name: string): string | undefined;
  /** Whether the field was refused. */
  invalid(name: string): boolean;
}

interface PageView {
  locals: { formFlash?: FormFlash | null | undefined };
  url: URL;
}

/** The state of the form `form` on this page view. */
export function formState(page: PageView, form: string): FormState {
  const refusal = readRefusal(page.url.searchParams, form);
  const flash = page.locals.formFlash;
  const typed = flash && flash.page === page.url.pathname && flash.form === form ? flash.values : null;
  const first = (value: FormValue | undefined) => (typeof value === 'string' ? value : (value?.[0] ?? ''));
  // Reading a typed value to show it uses the kept values up (the BFF forgets them after this view, not before).
  const shown = () => flash?.markShown?.();
  return {
    refusal,
    typed,
    value: (name, stored) => {
      if (!typed) return stored === null || stored === undefined ? '' : String(stored);
      shown();
      return first(typed[name]);
    },
    values: (name, stored) => {
      if (!typed) return (stored ?? []).map(String);
      shown();
      const value = typed[name];
      return value === undefined ? [] : typeof value === 'string' ? [value] : [...value];
    },
    problem: (name) => refusal?.fields[name],
    invalid: (name) => refusal !== null && name in refusal.fields,
  };
}

/** Each external service's name as the BFF's `service` parameter carries it (bff/config.ts), spelled out for the key test. */
const serviceName = (t: Translate, service: string | undefined): string =>
  (<Record<string, () => string>>{
    management: () => t('forms.serviceManagement'),
    esign: () => t('forms.serviceEsign'),
    masterData: () => t('forms.serviceMasterData'),
    tasks: () => t('forms.serviceTasks'),
    documents: () => t('forms.serviceDocuments'),
    reviews: () => t('forms.serviceReviews'),
    sms: () => t('forms.serviceSms'),
    sales: () => t('forms.serviceSales'),
    ibanValidator: () => t('forms.serviceIbanValidator'),
    identityAdmin: () => t('forms.serviceIdentity'),
    marketing: () => t('forms.serviceMarketing'),
    mail: () => t('forms.serviceMail'),
    cms: () => t('forms.serviceCms'),
    marketData: () => t('forms.serviceMarketData'),
  })[service ?? '']?.() ?? t('forms.serviceOther');

/**
 * The words for a refusal every form can meet: a service that is down (named; what was typed is still there), a
 * fault of ours, a body that could not be read, a double submission. Null for a code the form words itself.
 */
export function commonRefusalText(t: Translate, refusal: FormRefusal): string | null {
  const texts: Record<string, () => string> = {
    [CommonErrors.UPSTREAM_UNAVAILABLE.code]: () => t('forms.unavailable', { service: serviceName(t, refusal.params.service) }),
    [CommonErrors.INTERNAL.code]: () => t('forms.internal'),
    [CommonErrors.BAD_REQUEST.code]: () => t('forms.badRequest'),
    [CommonErrors.IDEMPOTENCY_IN_PROGRESS.code]: () => t('forms.inProgress'),
    [CommonErrors.IDEMPOTENCY_MISMATCH.code]: () => t('forms.mismatch'),
  };
  return texts[refusal.code]?.() ?? null;
}

/** A field of a form as its summary names it: its name, its input's id and its label. */
export interface NamedField {
  name: string;
  id: string;
  label: string;
}

/**
 * The refused fields for the summary at the form's top, in the form's order: each with its label and the text shown at
 * the field itself. A field the form does not show (a hidden one) is left out; the summary's message covers it.
 */
export function refusedFields(fields: readonly NamedField[], texts: Readonly<Record<string, string>>): { id: string; label: string; text: string }[] {
  return fields.flatMap((field) => (texts[field.name] ? [{ id: field.id, label: field.label, text: texts[field.name] as string }] : []));
}
