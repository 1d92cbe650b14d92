import type { GridOperatorView, MastrView } from '../contracts/journey.ts';
import type { FileStream, OutgoingFile } from './document-service.ts';

/** A project as the installer's management service knows it. */
export interface ManagedProject {
  id: number;
  customerNumber: string;
  address: { street: string; houseNumber: string; zip: string; city: string };
  contact: { name: string; emails: string[] };
  productLines: string[];
  phase: string;
  step: string;
  /** Subjects of the portal accounts connected to the project. */
  portalUserIds: string[];
}

/**
 * The installer's management service (projects and their customers). Adapter: adapters/management-service.http.ts.
 * Every method rejects with UpstreamUnavailable when the service fails or does not answer in time.
 */
export interface ManagementService {
  /** The project, or null when there is none with this id. */
  getProject(id: number): Promise<ManagedProject | null>;
  /** Projects whose customer number and zip both match; empty when either does not. */
  findByCustomer(customerNumber: string, zip: string): Promise<ManagedProject[]>;
  /** Projects connected to the portal account. */
  projectsOfUser(userId: string): Promise<ManagedProject[]>;
  /** Connects the portal account to the project; idempotent. */
  connectUser(projectId: number, userId: string): Promise<void>;
  /** Projects no portal account is connected to yet (their customers get an invitation). */
  projectsWithoutPortalAccount(): Promise<ManagedProject[]>;
  /** Disconnects the portal account from the project (account deletion); idempotent. */
  disconnectUser(projectId: number, userId: string): Promise<void>;
}

/** The installer's view of a project's journey (vendor shape, validated by the adapter). */
export interface ManagedJourney {
  steps: {
    step: string;
    status: 'DONE' | 'SKIPPED' | 'ACTIVE' | 'UPCOMING';
    waitingFor: 'CUSTOMER' | 'INSTALLER' | 'GRID_OPERATOR' | 'METER_OPERATOR' | null;
    startedAt: string | null;
    completedAt: string | null;
    expectedOn: string | null;
    note: string | null;
    /** While the active step waits on the customer: what the installer needs from them, in the installer's words. */
    customerRequest: { text: string; at: string } | null;
  }[];
  appointments: {
    kind: 'DELIVERY' | 'DC' | 'AC' | 'METER';
    start: string;
    end: string;
    status: 'PLANNED' | 'CONFIRMED' | 'DONE' | 'CANCELLED';
    representative: string | null;
  }[];
  /** The grid operator's case in the contract's shape, its status as the vendor writes it (the view maps it). */
  gridOperator: Omit<GridOperatorView, 'status'> & { status: string };
  /** The Marktstammdatenregister state, as the journey page shows it (the contract's shape). */
  mastr: MastrView;
  contactPerson: { name: string; role: string; phone: string; email: string };
  peakPowerKw: number | null;
  commissionedAt: string | null;
  /**
   * The steps after commissioning, in the vendor's words (docs/journey.md "After commissioning"); a service that does
   * not know them sends none (empty).
   */
  afterCommissioning: {
    step: string;
    status: 'DONE' | 'SKIPPED' | 'ACTIVE' | 'UPCOMING';
    waitingFor: 'CUSTOMER' | 'INSTALLER' | 'GRID_OPERATOR' | 'METER_OPERATOR' | 'REGISTER' | null;
    startedAt: string | null;
    completedAt: string | null;
    plannedOn: string | null;
    note: string | null;
  }[];
  preferences: {
    contactPhone: string | null;
    preferredAppointmentTimes: { weekdays: number[]; timeOfDay: 'MORNING' | 'AFTERNOON' | 'ANY'; note: string | null } | null;
  };
}

/** A refusal of the management service: the project is not at the point where this change fits (vendor 409). */
export class ManagementConflict extends Error {
  override readonly name = 'ManagementConflict';
}

/**
 * The journey part of the management service. Every method rejects with UpstreamUnavailable when the service fails,
 * and with ManagementConflict when the installer's rules refuse the change.
 */
export interface ManagementJourneys {
  /** Null for an unknown project. */
  journey(projectId: number): Promise<ManagedJourney | null>;
  customerAction(projectId: number, action: 'CONFIRM_ORDER' | 'CONFIRM_DELIVERY' | 'SKIP_MASTR_AUTHORIZATION', userId: string): Promise<ManagedJourney>;
  /** A signed document; recording the same envelope twice is harmless. */
  recordSignature(
    projectId: number,
    signature: { type: string; envelopeId: string; documentSha256: string; representative: string | null; userId: string },
  ): Promise<ManagedJourney>;
  updatePreferences(projectId: number, preferences: Partial<ManagedJourney['preferences']>): Promise<ManagedJourney['preferences']>;
  recordMastrMove(projectId: number, move: { operatorNumber: string; transferId: string; supportCode: string }): Promise<ManagedJourney>;
  recordMastrRegistration(projectId: number, registration: { unitNumbers: string[]; operatorNumber: string | null }): Promise<ManagedJourney>;
}

/** A file of the management service for a project (vendor shape); the portal mirrors it (ManagementApiDocument). */
export interface ManagedDocument {
  id: string;
  projectId: number;
  filename: string;
  share: boolean;
  path: string;
  type: string;
  hash: string;
  deleted: boolean;
  /** Bytes, when the service says. */
  size?: number;
  updatedAt: string;
}

export interface MeterChangeSubmission {
  buildingType: number;
  meterKind: number;
  existingComponent: number;
  locationInBuilding: number;
  meterNumber: string;
  address: { street: string; houseNumber: string; zip: string; city: string };
  note?: string;
  submittedBy: { name: string; portalUserId: string };
}

export interface ManagedMeterChange {
  id: string;
  projectId: number;
  createdAt: string;
  photo: { filename: string; receivedAt: string } | null;
}

/**
 * The management service's files and meter change requests. Adapter: adapters/management-files.http.ts.
 * `createMeterChange` rejects with ManagementConflict when the project has one already.
 */
export interface ManagementFiles {
  documents(projectId: number): Promise<ManagedDocument[]>;
  content(projectId: number, documentId: string): Promise<FileStream | null>;
  meterChanges(projectId: number): Promise<ManagedMeterChange[]>;
  createMeterChange(projectId: number, request: MeterChangeSubmission): Promise<ManagedMeterChange>;
  /** Null when the request is unknown. */
  uploadMeterPhoto(projectId: number, requestId: string, file: OutgoingFile): Promise<boolean | null>;
}

/** A refund of the installer for a project (vendor shape): a decimal string, positive = paid to the customer. */
export interface ManagedRefund {
  amount: string;
  /** OPEN: waiting (for the bank details, or for the customer's payment); ACCOUNT_RECEIVED; SETTLED: paid. */
  status: 'OPEN' | 'ACCOUNT_RECEIVED' | 'SETTLED';
  reason: string;
  invoiceNumber: string | null;
  dueDate: string | null;
  /** Where a customer who owes money pays (a negative amount). */
  payTo: { accountHolder: string; iban: string; bic: string; bankName: string; reference: string } | null;
}

export interface ManagedDirectDebit {
  required: boolean;
  purpose: string;
  amount: string | null;
  interval: 'MONTHLY' | 'QUARTERLY' | 'YEARLY' | 'ONCE';
  firstCollectionOn: string | null;
  /** The mandate the installer holds for it, once signed. */
  mandateReference: string | null;
}

export interface ManagedReferral {
  id: string;
  name: string;
  email: string;
  status: 'SUBMITTED' | 'CONFIRMED' | 'PAID_OUT' | 'DECLINED';
  reward: string;
  createdAt: string;
  confirmedAt: string | null;
  paidOutAt: string | null;
}

/**
 * The management service's money part (docs/money.md): refunds, the direct debits a project needs and referrals.
 * Adapter: adapters/management-money.http.ts. Rejects with UPSTREAM.UNAVAILABLE when the service fails, with
 * ManagementConflict when its rules refuse a change.
 */
export interface ManagementMoney {
  /** Null when the project has no refund (or the project is unknown). */
  refund(projectId: number): Promise<ManagedRefund | null>;
  /** Where the installer pays a positive refund; once per refund (ManagementConflict afterwards). */
  submitPayoutAccount(projectId: number, account: { accountHolder: string; iban: string; bic: string | null; bankName: string | null; portalUserId: string }): Promise<ManagedRefund>;
  /** Null when the project needs no direct debit. */
  directDebit(projectId: number): Promise<ManagedDirectDebit | null>;
  /** A signed mandate for the project's direct debit; the same reference again is harmless. */
  recordMandate(projectId: number, mandate: { mandateReference: string; creditorId: string; masterDataId: string; signedAt: string; documentSha256: string; portalUserId: string }): Promise<void>;
  /** The project's referrals and the reward per confirmed referral (decimal string). */
  referrals(projectId: number): Promise<{ reward: string; items: ManagedReferral[] }>;
  /** Registers a referral; the same `externalId` again answers the one registered before. */
  createReferral(projectId: number, referral: { externalId: string; name: string; email: string; portalUserId: string }): Promise<ManagedReferral>;
}
