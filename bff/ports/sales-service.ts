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

/** The installer's sales service (CRM): leads and their representatives. Adapter: adapters/sales-service.http.ts. */
export interface SalesService {
  /** Hands a verified lead to sales; idempotent by `externalRef`. */
  createLead(lead: NewSalesLead): Promise<{ id: string; status: string; salesRep: SalesRep | null }>;
  /** A lead as sales sees it (status, representative); null for an unknown id. */
  lead(id: string): Promise<{ id: string; status: string; customerNumber: string | null; salesRep: SalesRep | null } | null>;
}
