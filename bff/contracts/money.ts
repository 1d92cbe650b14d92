import * as z from 'zod/mini';
import { defineErrors } from './errors.ts';
import { sentAsTyped, tidyName, toSepaText } from './sepa-text.ts';
import { SINGLE_LINE_TEXT_PATTERN } from './text.ts';
import { definePages } from './routes.ts';

/**
 * Money (docs/money.md): the IBAN check (`POST /util/ibanvalidation`), the
 * refund with bank details (`GET|PATCH /project/{projectId}/refund`), the SEPA direct-debit mandate
 * (`POST /sepa-mandate`) and the referral reward (`POST /referral-reward`). Amounts travel as decimal strings
 * ("312.45", "-89.90"), never as JavaScript numbers (precision 20, rounding half up; docs/money.md "Amounts").
 */

/** A decimal amount as the management service sends it: optional minus, digits, at most 4 decimals. */
export const DECIMAL_AMOUNT_PATTERN = /^-?\d{1,12}(\.\d{1,4})?$/;

/**
 * Free one-line text (street, place, bank, the referred person's name) is taken as typed (./text.ts); only characters
 * that are never text are refused. Bank-account holders go to the bank in SEPA's character set (./sepa-text.ts).
 */
export const tidyLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** IBANs are typed with spaces and in lower case; the portal stores the electronic format (ISO 13616). */
export const electronicIban = (value: string) => value.replace(/[\s-]+/g, '').toUpperCase();

const line = (max: number, min = 1) =>
  z.pipe(z.string(), z.pipe(z.transform(tidyLine), z.string().check(z.minLength(min), z.maxLength(max), z.regex(SINGLE_LINE_TEXT_PATTERN))));
const name = (max: number) => line(max, 2);
/** An account holder's name: as typed, but only characters SEPA can carry in some form (else 'sepaCharacter'). */
const holder = (max: number) =>
  z.pipe(
    z.string(),
    z.pipe(z.transform(tidyName), z.string().check(z.minLength(2), z.maxLength(max), z.refine((value: string) => toSepaText(value).refused === null, 'sepaCharacter'))),
  );
/**
 * The review of a holder's name (docs/money.md "Names at the bank"): when the bank would get it converted ("Łukasz" →
 * "Lukasz"), the form shows the converted name and takes it only when it comes back confirmed in `holderAsSent`;
 * otherwise the field is refused with 'sepaReview'.
 */
const holderAsSent = z.optional(z.string().check(z.maxLength(200)));
function reviewed(holderOf: (value: Record<string, unknown>) => string | null, field: string) {
  return z.superRefine((value: Record<string, unknown>, ctx) => {
    const typed = holderOf(value);
    if (typed === null || sentAsTyped(typed) || toSepaText(typed).refused !== null) return;
    if (value.holderAsSent !== toSepaText(typed).text) ctx.addIssue({ code: 'custom', message: 'sepaReview', path: [field], input: typed });
  });
}
/** The name the bank gets for a confirmed holder. */
export const holderForBank = (typed: string) => toSepaText(typed).text;
/** The IBAN's shape only; the checks with reasons (length, checksum, country) run in the domain (ibantools). */
const iban = z.pipe(z.string().check(z.maxLength(64)), z.pipe(z.transform(electronicIban), z.string().check(z.minLength(1, 'required'), z.maxLength(34))));
/** BIC (ISO 9362): 8 or 11 characters; optional inside the EEA, filled from the IBAN check where it answers. */
export const BIC_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
const bic = z.optional(
  z.pipe(z.string().check(z.maxLength(20)), z.pipe(z.transform((v: string) => v.replace(/\s+/g, '').toUpperCase()), z.union([z.literal(''), z.string().check(z.regex(BIC_PATTERN))]))),
);
const bank = z.optional(line(120, 0));
const projectId = z.pipe(z.union([z.number(), z.string()]), z.pipe(z.transform(Number), z.number().check(z.int(), z.positive(), z.lte(999_999_999_999))));
/** German postcodes: five digits, 01001 to 99998. */
const zip = z.pipe(z.string(), z.pipe(z.transform((v: string) => v.replace(/\s+/g, '')), z.string().check(z.regex(/^(?!00)\d{5}$/))));
const email = z.pipe(z.string().check(z.maxLength(254)), z.pipe(z.transform((v: string) => v.trim().toLowerCase()), z.email()));
const accepted = z.pipe(z.union([z.literal('on'), z.literal('true'), z.literal(true)]), z.transform(() => true as const));

/** Why an IBAN is refused: the local checks (ibantools) and the IBAN validator's answers. */
export const IBAN_PROBLEMS = ['REQUIRED', 'FORMAT', 'COUNTRY', 'NOT_SEPA', 'LENGTH', 'CHECKSUM', 'UNKNOWN_BANK', 'ACCOUNT_CLOSED'] as const;
export type IbanProblem = (typeof IBAN_PROBLEMS)[number];

/**
 * `POST /util/ibanvalidation` with `{ iban }` (not a GET with the IBAN in the query: an IBAN never travels in a URL,
 * docs/money.md): the local check's verdict and,
 * unless switched off (IBAN_VALIDATION), the IBAN validator's bank name and BIC. `remote` says what the validator said:
 * CHECKED, OFF (switched off), UNAVAILABLE (down: the local check stands, the portal checks again later) or SKIPPED
 * (the local check failed already).
 */
export interface IbanCheck {
  /** Electronic format (no spaces, upper case). */
  iban: string;
  /** Print format in groups of four. */
  formatted: string;
  valid: boolean;
  problem: IbanProblem | null;
  /** For LENGTH: the length the country's IBANs have. */
  expectedLength: number | null;
  country: string | null;
  bic: string | null;
  bankName: string | null;
  remote: 'CHECKED' | 'OFF' | 'UNAVAILABLE' | 'SKIPPED';
}
export const IbanCheckRequestSchema = z.object({ iban: z.string().check(z.minLength(1), z.maxLength(64)) });

/** Whether the bank details of a stored record were confirmed by the IBAN validator (docs/money.md "Validator down: retried later, nothing lost"). */
export type BankCheckStatus = 'VERIFIED' | 'PENDING' | 'REJECTED' | 'OFF';

export interface BankAccountView {
  holder: string;
  /** Masked: country, check digits and the last four characters (`DE89 •••• 3000`). */
  ibanMasked: string;
  bic: string | null;
  bankName: string | null;
  check: BankCheckStatus;
  /** For REJECTED: what the validator said. */
  problem: IbanProblem | null;
}

/** A refund as the installer's management service reports it (Refund: amount, payout). */
export interface RefundView {
  projectId: number;
  /** Decimal string rounded to cents (half up), e.g. "312.45" or "-89.90". */
  amount: string;
  /** POSITIVE: the installer pays the customer; NEGATIVE: the customer owes the amount. */
  payout: 'POSITIVE' | 'NEGATIVE';
  reason: string;
  invoiceNumber: string | null;
  /** NEGATIVE: until when and where to pay. */
  dueDate: string | null;
  payTo: { accountHolder: string; iban: string; bic: string; bankName: string; reference: string } | null;
  /** Settled at the installer (paid out, or the customer's payment arrived). */
  settled: boolean;
  /** POSITIVE, once the customer sent the bank details (PATCH). */
  submitted: { account: BankAccountView; completedAt: string; documentHref: string | null } | null;
}

export interface RefundPageView {
  projectId: number;
  /** Null: the management service reports no refund for the project. */
  refund: RefundView | null;
  /** A fresh Idempotency-Key for the form (a double click or a retry sends the same key). */
  idempotencyKey: string;
}

/** `PATCH /project/{projectId}/refund` (JSON) and its plain-form twin `POST` (urlencoded). Strict: unknown fields 400. */
export const RefundPatchSchema = z
  .strictObject({
    name: holder(70),
    iban,
    bic,
    bankName: bank,
    holderAsSent,
    idempotencyKey: z.optional(z.string().check(z.maxLength(128))),
  })
  .check(reviewed((value) => (typeof value.name === 'string' ? value.name : null), 'name'));
export type RefundPatch = z.infer<typeof RefundPatchSchema>;

/** The SEPA mandate a project needs (the management service says so), e.g. a monthly maintenance contract. */
export interface SepaRequirement {
  purpose: string;
  /** Decimal string per collection, or null when it varies. */
  amount: string | null;
  interval: 'MONTHLY' | 'QUARTERLY' | 'YEARLY' | 'ONCE';
  firstCollectionOn: string | null;
}

export interface SepaMandateView {
  mandateReference: string;
  creditorId: string;
  creditorName: string;
  status: 'PENDING_SIGNATURE' | 'ACTIVE' | 'CANCELLED';
  debtor: { firstName: string; lastName: string; street: string; houseNumber: string; zip: string; locality: string };
  account: BankAccountView;
  signedAt: string | null;
  signedPlace: string;
  documentHref: string | null;
}

export interface SepaPageView {
  projectId: number;
  /** Null: the project needs no mandate (and has none). */
  requirement: SepaRequirement | null;
  creditor: { name: string; address: string; creditorId: string };
  /** The active mandate, else the newest one waiting for the signature. */
  mandate: SepaMandateView | null;
  /** Prefill of the form: the customer's name and the installation address. */
  prefill: { firstName: string; lastName: string; street: string; houseNumber: string; zip: string; locality: string };
  idempotencyKey: string;
  /** The provider sent the customer back: what the envelope's status was then (only the provider's status counts). */
  returned: 'COMPLETED' | 'OPEN' | 'DECLINED' | 'VOIDED' | null;
}

/** `POST /api/v2/app/sepa-mandate` (JSON or plain form): the mandate's data; answers the signing URL (or 303 to it). */
export const SepaMandateRequestSchema = z
  .strictObject({
  projectId,
  firstName: holder(70),
  lastName: holder(70),
  street: line(120),
  houseNumber: z.pipe(z.string(), z.pipe(z.transform((v: string) => v.trim()), z.string().check(z.regex(/^\d{1,5}\s?[a-zA-Z]?(\s?[-/]\s?\d{1,5}\s?[a-zA-Z]?)?$/)))),
  zip,
  locality: line(80),
  iban,
  bic,
  bankName: bank,
  place: line(80),
  /** The customer agrees to the mandate's text (the form's checkbox). */
  consent: accepted,
  holderAsSent,
  idempotencyKey: z.optional(z.string().check(z.maxLength(128))),
})
  .check(reviewed((value) => (typeof value.firstName === 'string' && typeof value.lastName === 'string' ? `${value.firstName} ${value.lastName}` : null), 'lastName'));
export type SepaMandateRequest = z.infer<typeof SepaMandateRequestSchema>;

export interface SepaMandateCreated {
  mandateReference: string;
  envelopeId: string;
  /** The provider's signing page: single use, five minutes. */
  url: string;
}

export const REFERRAL_STATES = ['SUBMITTED', 'CONFIRMED', 'PAID_OUT', 'DECLINED'] as const;
export type ReferralState = (typeof REFERRAL_STATES)[number];

export interface ReferralView {
  id: number;
  name: string;
  emailAddress: string;
  state: ReferralState;
  submittedAt: string;
  confirmedAt: string | null;
  paidOutAt: string | null;
  /** Decimal string, e.g. "100.00". */
  reward: string | null;
  account: BankAccountView;
}

export interface ReferralPageView {
  projectId: number;
  /** The reward per confirmed referral the installer pays (decimal string). */
  reward: string;
  referrals: ReferralView[];
  idempotencyKey: string;
}

/** `POST /api/v2/app/referral-reward`: who the customer recommended and where the reward goes. */
export const ReferralRequestSchema = z
  .strictObject({
    projectId,
    name: name(120),
    emailAddress: email,
    /** The person agreed to be contacted (German law forbids unsolicited advertising mail). */
    consent: accepted,
    bankAccountOwnerName: holder(70),
    iban,
    bic,
    bankName: bank,
    holderAsSent,
    idempotencyKey: z.optional(z.string().check(z.maxLength(128))),
  })
  .check(reviewed((value) => (typeof value.bankAccountOwnerName === 'string' ? value.bankAccountOwnerName : null), 'bankAccountOwnerName'));
export type ReferralRequest = z.infer<typeof ReferralRequestSchema>;

export const MONEY_PATHS = {
  /** Internal base. */
  ibanValidation: 'util/ibanvalidation',
  refund: 'project/:projectId/refund',
  /** App base. */
  sepaMandate: 'sepa-mandate',
  referralReward: 'referral-reward',
} as const;

export const MONEY_PAGES = {
  refund: '/home/app/refund',
  sepaMandate: '/home/app/sepa-mandate',
  referralReward: '/home/app/referral-reward',
} as const;
/** In the account menu, besides the bell's notifications and the profile's "Zahlungen und Empfehlungen". */
export const MONEY_PAGE_ROUTES = definePages([
  { path: MONEY_PAGES.refund, access: 'customer', needsProject: true, nav: { labelKey: 'nav.refund', order: 64, group: 'account' } },
  { path: MONEY_PAGES.sepaMandate, access: 'customer', needsProject: true, nav: { labelKey: 'nav.sepaMandate', order: 65, group: 'account' } },
  { path: MONEY_PAGES.referralReward, access: 'customer', needsProject: true, nav: { labelKey: 'nav.referral', order: 66, group: 'account' } },
]);

/** The refund form's field an IBAN or BIC problem belongs to. */
export type MoneyField = 'name' | 'iban' | 'bic' | 'emailAddress' | 'firstName' | 'lastName' | 'street' | 'houseNumber' | 'zip' | 'locality' | 'place' | 'consent' | 'bankAccountOwnerName';

export const MoneyErrors = defineErrors({
  IBAN_INVALID: { code: 'IBAN.INVALID', status: 422, message: 'Diese IBAN stimmt nicht.' },
  BIC_INVALID: { code: 'IBAN.BIC_INVALID', status: 400, message: 'Diese BIC stimmt nicht.' },
  NO_REFUND: { code: 'REFUND.NONE', status: 404, message: 'Für dieses Projekt gibt es keine Erstattung.' },
  REFUND_NOT_PAYOUT: { code: 'REFUND.NOT_PAYOUT', status: 409, message: 'Bei diesem Projekt zahlst Du an uns; eine Bankverbindung für eine Auszahlung brauchen wir nicht.' },
  REFUND_ALREADY_COMPLETED: { code: 'REFUND.ALREADY_COMPLETED', status: 409, message: 'Deine Bankverbindung für die Erstattung hast Du schon geschickt.' },
  SEPA_NOT_NEEDED: { code: 'SEPA.NOT_NEEDED', status: 409, message: 'Für dieses Projekt brauchen wir kein Lastschriftmandat.' },
  SEPA_ALREADY_ACTIVE: { code: 'SEPA.ALREADY_ACTIVE', status: 409, message: 'Für dieses Projekt gibt es schon ein gültiges Lastschriftmandat.' },
  /** The mandate's envelope was voided, expired or declined at the provider: it can no longer be signed; a new one can. */
  SEPA_SIGNING_ENDED: {
    code: 'SEPA.SIGNING_ENDED',
    status: 409,
    message: 'Dieses Mandat kann nicht mehr unterschrieben werden, der Unterschriftsvorgang ist abgelaufen oder wurde abgebrochen. Bitte fülle es noch einmal aus.',
  },
  REFERRAL_DUPLICATE: { code: 'REFERRAL.DUPLICATE', status: 409, message: 'Diese Person hast Du schon empfohlen.' },
  REFERRAL_SELF: { code: 'REFERRAL.SELF', status: 422, message: 'Dich selbst kannst Du nicht empfehlen.' },
  RATE_LIMITED: { code: 'IBAN.RATE_LIMITED', status: 429, message: 'Zu viele Prüfungen in kurzer Zeit. Bitte warte einen Moment.' },
  /** `field`: a holder's name has a character SEPA cannot carry in any form (an emoji, a Chinese letter). */
  NAME_CHARACTER: { code: 'MONEY.NAME_CHARACTER', status: 422, message: 'Dieser Name enthält ein Zeichen, das Banken nicht übermitteln können.' },
  /** `field`: the bank would get the name converted; the form shows it and asks for confirmation (`holderAsSent`). */
  NAME_REVIEW: { code: 'MONEY.NAME_REVIEW', status: 422, message: 'Bitte bestätige, wie der Name an die Bank geht.' },
});

declare module './errors.ts' {
  interface ErrorTables {
    money: typeof MoneyErrors;
  }
}

/** What the three pages call in-process (site/features/money). */
export interface MoneyServices {
  /** The session project's refund; null without a project. */
  refund(): Promise<RefundPageView | null>;
  /** The session project's SEPA mandate (settles an envelope the provider sent the customer back with). */
  sepaMandate(returned?: { envelopeId: string; projectId: number }): Promise<SepaPageView | null>;
  /** The session project's referrals and their state; null without a project. */
  referrals(): Promise<ReferralPageView | null>;
}
