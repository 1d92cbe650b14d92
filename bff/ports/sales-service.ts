import type { LeadContentTopic } from '../contracts/funnel.ts';

/** The sales representative a lead is assigned to (the sales service's data). */
export interface SalesRep {
  id: string;
  name: string;
  phone: string;
  whatsapp: string;
  email: string;
  photoUrl: string;
  /** The representative's introduction video with German captions (phase B shows it on the lead dashboard). */
  video: { fileUuid: string; url: string; captionsUrl: string } | null;
}

export interface NewSalesLead {
  /** The portal's lead id; the sales service answers an existing lead for a reference it knows (idempotent). */
  externalRef: string;
  firstName: string;
  lastName: string;
  email: string;
  /** E.164, verified by SMS code. */
  phone: string;
  topics: LeadContentTopic[];
  leadsourceId: string;
  contactConsentAt: Date;
  verifiedAt: Date;
}

/** What a lead tells about itself after the funnel (contact details, `PATCH /user/lead/{id}`). */
export interface SalesLeadContact {
  salutation: 'MS' | 'MR' | null;
  firstName: string;
  lastName: string;
  /** The number to call (the verified mobile number stays the lead's key at sales). */
  phone: string;
  address: { street: string; houseNumber: string; zip: string; city: string };
  preferredContact: 'MAIL' | 'PHONE' | 'WHATSAPP';
  topics: LeadContentTopic[];
}

export interface SalesLeadView {
  id: string;
  status: string;
  customerNumber: string | null;
  projectId: number | null;
  contact: Omit<SalesLeadContact, 'firstName' | 'lastName' | 'topics'> | null;
  salesRep: SalesRep | null;
}

/** A file of the sales service (the representative's photo, video, captions) as it streams through the portal. */
export interface SalesMedia {
  /** 200, or 206 for a range; 416 when the range cannot be served. */
  status: number;
  contentType: string;
  contentLength: number | null;
  contentRange: string | null;
  acceptRanges: string | null;
  body: ReadableStream<Uint8Array> | null;
}

/** The installer's sales service (CRM): leads and their representatives. Adapter: adapters/sales-service.http.ts. */
export interface SalesService {
  /** Hands a verified lead to sales; idempotent by `externalRef`. */
  createLead(lead: NewSalesLead): Promise<{ id: string; status: string; salesRep: SalesRep | null }>;
  /**
   * A lead as sales sees it (status, representative; for a won sale the customer number and the project it created
   * at the management service; the contact details it knows); null for an unknown id.
   */
  lead(id: string): Promise<SalesLeadView | null>;
  /** The lead's contact details changed; false for an unknown lead. */
  updateLead(id: string, contact: SalesLeadContact): Promise<boolean>;
  /**
   * A media URL the service named (`photoUrl`, `video.url`, `video.captionsUrl`), with the sales token, passing a
   * `Range` header on. Null for 404 and for a URL outside the service (never fetched: the portal is no open proxy).
   */
  media(url: string, range?: string): Promise<SalesMedia | null>;
}
