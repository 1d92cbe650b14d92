import {
  FUNNEL_COUNTRIES,
  LEAD_CONTENT_TOPICS,
  type FunnelCountry,
  type FunnelDetailsForm,
  type FunnelDraft,
  type FunnelFieldErrors,
  type LeadContentTopic,
} from '../../contracts/funnel.ts';
import { checkMobileNumber } from './phone.ts';

const NAME_MAX = 60;
const EMAIL_MAX = 254;
/** Letters (any script), combining marks, spaces, hyphens, apostrophes and dots: "Anna-Lena", "O’Brien", "Dr. Yılmaz". */
const NAME_PATTERN = /^\p{L}[\p{L}\p{M} .'’-]*$/u;
const EMAIL_PATTERN = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]{2,}$/;

const clip = (value: string | undefined, max: number) => (value ?? '').replace(/\p{Cc}/gu, '').slice(0, max);

/** What the visitor typed, kept as typed (bounded), so the form can show it again whatever was wrong. */
export function readDraft(form: FunnelDetailsForm): FunnelDraft {
  const topics = (Array.isArray(form.topics) ? form.topics : form.topics ? [form.topics] : []).filter((t): t is LeadContentTopic =>
    (LEAD_CONTENT_TOPICS as readonly string[]).includes(t),
  );
  const country = (FUNNEL_COUNTRIES as readonly string[]).includes(form.phoneCountry ?? '') ? (form.phoneCountry as FunnelCountry) : 'DE';
  return {
    firstName: clip(form.firstName, 120),
    lastName: clip(form.lastName, 120),
    email: clip(form.email, 320),
    phoneCountry: country,
    phone: clip(form.phone, 40),
    topics: [...new Set(topics)],
    contactConsent: form.contactConsent === 'yes',
  };
}

export interface CheckedDetails {
  errors: FunnelFieldErrors;
  /** The number in E.164, when it is a mobile number of a country served. */
  phoneNumber: string | null;
  /** Trimmed values to store with the lead. */
  clean: { firstName: string; lastName: string; email: string };
}

function checkName(value: string) {
  const name = value.trim().replace(/\s+/g, ' ');
  if (!name) return 'required' as const;
  if (name.length > NAME_MAX) return 'tooLong' as const;
  if (!NAME_PATTERN.test(name)) return 'characters' as const;
  return null;
}

/** Checks every field; each refused field gets exactly one reason, shown at the field (docs/funnel.md). */
export function checkDetails(draft: FunnelDraft): CheckedDetails {
  const errors: FunnelFieldErrors = {};
  const firstName = checkName(draft.firstName);
  if (firstName) errors.firstName = firstName;
  const lastName = checkName(draft.lastName);
  if (lastName) errors.lastName = lastName;
  const email = draft.email.trim().toLowerCase();
  if (!email) errors.email = 'required';
  else if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) errors.email = 'email';
  let phoneNumber: string | null = null;
  if (!draft.phone.trim()) errors.phone = 'required';
  else {
    const phone = checkMobileNumber(draft.phone, draft.phoneCountry);
    if (phone.ok) phoneNumber = phone.e164;
    else errors.phone = phone.reason;
  }
  if (draft.topics.length === 0) errors.topics = 'topics';
  if (!draft.contactConsent) errors.contactConsent = 'consent';
  return {
    errors,
    phoneNumber,
    clean: { firstName: draft.firstName.trim().replace(/\s+/g, ' '), lastName: draft.lastName.trim().replace(/\s+/g, ' '), email },
  };
}
