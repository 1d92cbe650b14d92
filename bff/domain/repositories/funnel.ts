import type { ClickIdType, FunnelDraft, FunnelFieldErrors, LeadContentTopic } from '../../contracts/funnel.ts';

/** FunnelStore (docs/funnel.md "Lead sources (FunnelStore)"): a lead source selected by the `quelle` URL parameter. */
export interface LeadSource {
  id: number;
  leadsourceId: string;
  externalId: string | null;
  urlParam: string;
  isActive: boolean;
}

export type FunnelRequestStatus = 'DRAFT' | 'CODE_SENT' | 'VALIDATED';

/** A visitor's funnel request, bound to the browser by its nonce (the hash of the funnel cookie). */
export interface FunnelRequest {
  id: number;
  nonce: string;
  leadsourceId: string;
  externalId: string | null;
  clickId: string | null;
  clickIdType: ClickIdType | null;
  draft: FunnelDraft;
  errors: FunnelFieldErrors;
  /** E.164, set once the details were complete and a code was sent. */
  phoneNumber: string | null;
  status: FunnelRequestStatus;
  sends: number;
  lastSentAt: Date | null;
  validatedAt: Date | null;
  leadId: string | null;
  expiresAt: Date;
}

/** FunnelSmsCode: a code, stored only as its HMAC, bound to the request's nonce. */
export interface FunnelSmsCode {
  id: number;
  phoneNumber: string;
  code: string;
  nonce: string;
  failedAttempts: number;
  expiresAt: Date;
  replacedAt: Date | null;
  validatedAt: Date | null;
  createdAt: Date;
}

/** A verified lead: one per mobile number. */
export interface FunnelLead {
  id: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  topics: LeadContentTopic[];
  leadsourceId: string;
  contactConsentAt: Date;
  contactConsentVersion: string;
  salesLeadId: string | null;
  salesForwardedAt: Date | null;
  conversionReportedAt: Date | null;
  status: 'OPEN' | 'WON' | 'LOST';
  customerNumber: string | null;
  wonAt: Date | null;
  accountUserId: string | null;
  createdAt: Date;
}

export interface LeadSourceRepository {
  byUrlParam(urlParam: string): Promise<LeadSource | null>;
  list(): Promise<LeadSource[]>;
  /** Creates or changes the source of this URL parameter. */
  upsert(source: Omit<LeadSource, 'id'>): Promise<LeadSource>;
}

export interface FunnelRepository {
  createRequest(request: { nonce: string; leadsourceId: string; externalId: string | null; clickId: string | null; clickIdType: ClickIdType | null; expiresAt: Date }): Promise<FunnelRequest>;
  /** The request of this nonce while it has not expired. */
  requestByNonce(nonce: string, now: Date): Promise<FunnelRequest | null>;
  saveDraft(id: number, draft: FunnelDraft, errors: FunnelFieldErrors): Promise<void>;
  /**
   * Stores a new code for the request and replaces its earlier ones (a resend replaces the code), counts the send,
   * sets the number and the status CODE_SENT. Only while the request still has the `sends` it was read with: false when
   * a concurrent post (a double submit) issued a code in between, which then is the one on its way.
   */
  issueCode(request: { id: number; nonce: string; sends: number }, code: { phoneNumber: string; codeHash: string; expiresAt: Date }, sentAt: Date): Promise<boolean>;
  /** Takes back a code whose SMS did not go out (the send does not count). */
  withdrawCode(request: { id: number; nonce: string }, codeHash: string): Promise<void>;
  /** The request's newest code that was not replaced. */
  currentCode(nonce: string): Promise<FunnelSmsCode | null>;
  /** Counts a wrong attempt; returns the new count. */
  recordFailure(codeId: number): Promise<number>;
  /**
   * Marks the code used and the request VALIDATED, and stores the lead (a new one, or the lead of this number with
   * the new details) in one transaction. False when the code was used meanwhile (a second tab): single use.
   */
  validate(codeId: number, requestId: number, lead: Omit<FunnelLead, 'id' | 'salesLeadId' | 'salesForwardedAt' | 'conversionReportedAt' | 'status' | 'customerNumber' | 'wonAt' | 'accountUserId' | 'createdAt'>, at: Date): Promise<FunnelLead | null>;
  lead(id: string): Promise<FunnelLead | null>;
  leadBySalesId(salesLeadId: string): Promise<FunnelLead | null>;
  /** The lead whose account this is (phase B: the identity provider's subject of the lead's account). */
  leadByAccount(userId: string): Promise<FunnelLead | null>;
  /** Links the lead to its account; false when it has one already (the first link stays). */
  setAccount(leadId: string, userId: string): Promise<boolean>;
  /** The lead changed its name or product lines (contact details, `PATCH /user/lead/{id}`). */
  updateContact(leadId: string, contact: { firstName: string; lastName: string; topics: LeadContentTopic[] }): Promise<void>;
  markForwarded(leadId: string, salesLeadId: string, at: Date): Promise<void>;
  /** Verified leads the sales service has not taken yet (its outage at the time). */
  unforwarded(limit: number): Promise<FunnelLead[]>;
  /** Claims the lead's one conversion report; false when it was reported (or claimed) already. */
  claimConversion(leadId: string, at: Date): Promise<boolean>;
  /** Gives the claim back after a failed report, so a later try may report it. */
  releaseConversion(leadId: string): Promise<void>;
  markWon(leadId: string, customerNumber: string, at: Date): Promise<void>;
  markLost(leadId: string): Promise<void>;
  /** Deletes leads that sales closed as lost and that did not change since `before`; returns how many. */
  deleteLostLeads(before: Date): Promise<number>;
  /** The accounts of those leads (to erase before the leads go). */
  lostLeadAccounts(before: Date): Promise<string[]>;
  /** Deletes funnel requests (and their codes) past their lifetime; returns how many. */
  deleteExpired(now: Date): Promise<number>;
}
