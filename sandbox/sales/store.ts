import { randomInt } from 'node:crypto';
import path from 'node:path';
import { JsonFile } from '../shared/json-store.ts';

export const LEAD_STATUSES = ['NEW', 'CONTACTED', 'WON', 'LOST'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** A sales representative as the CRM keeps them; the video is introduced in media.ts. */
export interface SalesRepRecord {
  id: string;
  name: string;
  region: string;
  phone: string;
  whatsapp: string;
  email: string;
  /** The representative's introduction video (generated at start, German captions). */
  videoFileUuid: string;
}

export interface SalesLead {
  id: string;
  externalRef: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  topics: string[];
  leadsourceId: string;
  contactConsentAt: string;
  verifiedAt: string;
  status: LeadStatus;
  salesRepId: string;
  customerNumber: string | null;
  /** The project the won sale created at the management service (null before, or for an older lead). */
  projectId?: number | null;
  /** What the lead told in the portal after the funnel (contact details); absent until then. */
  contact?: {
    salutation: 'MS' | 'MR' | null;
    phone: string;
    address: { street: string; houseNumber: string; zip: string; city: string };
    preferredContact: 'MAIL' | 'PHONE' | 'WHATSAPP';
  };
  createdAt: string;
  updatedAt: string;
}

/** The two demo representatives (Bayern and the rest of the country). */
export const SALES_REPS: readonly SalesRepRecord[] = [
  {
    id: 'rep-julia-brandt',
    name: 'Julia Brandt',
    region: 'Süd (PLZ 7–9, Österreich)',
    phone: '+49 89 1234567-21',
    whatsapp: '+49 151 23456721',
    email: 'julia.brandt@beispiel-solar.example',
    videoFileUuid: '5f0c2a7e-1b7d-4e55-9a8e-3c1f6a2b7d01',
  },
  {
    id: 'rep-tobias-neumann',
    name: 'Tobias Neumann',
    region: 'Nord, West und Ost (PLZ 0–6, Schweiz)',
    phone: '+49 341 9876543-14',
    whatsapp: '+49 160 98765414',
    email: 'tobias.neumann@beispiel-solar.example',
    videoFileUuid: '8a3d9b12-6e4f-4c1a-b2d7-9f0e1c5a3b02',
  },
];

/** Austrian numbers and leads of the south go to Julia, the rest to Tobias (a CRM's routing rule, simplified). */
function repFor(lead: { phone: string; leadsourceId: string }): SalesRepRecord {
  const south = lead.phone.startsWith('+43');
  return (south ? SALES_REPS[0] : SALES_REPS[1]) as SalesRepRecord;
}

/** Leads of the sales service, kept in `<dataDir>/sales.json`. */
export class SalesStore {
  readonly #file: JsonFile<SalesLead[]>;
  #leads: SalesLead[];

  private constructor(file: JsonFile<SalesLead[]>, leads: SalesLead[]) {
    this.#file = file;
    this.#leads = leads;
  }

  /** A CRM-like lead number, unique across sandboxes too (test sandboxes share one portal database). */
  #newId(): string {
    for (;;) {
      const id = `L-${randomInt(10_000_000, 100_000_000)}`;
      if (!this.get(id)) return id;
    }
  }

  static async open(dataDir: string, log: (line: string) => void): Promise<SalesStore> {
    const { store, saved } = await JsonFile.open(path.join(dataDir, 'sales.json'), 'Vertrieb', log, (json) => (Array.isArray(json) ? (json as SalesLead[]) : undefined));
    return new SalesStore(store, saved ?? []);
  }

  list(): SalesLead[] {
    return [...this.#leads].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  get(id: string): SalesLead | undefined {
    return this.#leads.find((lead) => lead.id === id);
  }

  /** Idempotent by the portal's reference: a known one answers its lead (with the new details). */
  async upsert(input: Omit<SalesLead, 'id' | 'status' | 'salesRepId' | 'customerNumber' | 'createdAt' | 'updatedAt'>): Promise<{ lead: SalesLead; created: boolean }> {
    const now = new Date().toISOString();
    const known = this.#leads.find((lead) => lead.externalRef === input.externalRef);
    if (known) {
      Object.assign(known, { ...input, updatedAt: now });
      await this.#file.save(this.#leads);
      return { lead: known, created: false };
    }
    const lead: SalesLead = { ...input, id: this.#newId(), status: 'NEW', salesRepId: repFor(input).id, customerNumber: null, projectId: null, createdAt: now, updatedAt: now };
    this.#leads.push(lead);
    await this.#file.save(this.#leads);
    return { lead, created: true };
  }

  /** The lead's contact details from the portal: name, product lines and how to reach them. */
  async updateContact(
    id: string,
    input: { salutation: 'MS' | 'MR' | null; firstName: string; lastName: string; phone: string; address: { street: string; houseNumber: string; zip: string; city: string }; preferredContact: 'MAIL' | 'PHONE' | 'WHATSAPP'; topics: string[] },
  ): Promise<SalesLead | undefined> {
    const lead = this.get(id);
    if (!lead) return undefined;
    const { firstName, lastName, topics, ...contact } = input;
    Object.assign(lead, { firstName, lastName, topics, contact, updatedAt: new Date().toISOString() });
    await this.#file.save(this.#leads);
    return lead;
  }

  async setStatus(id: string, status: LeadStatus, customerNumber: string | null = null, projectId: number | null = null): Promise<SalesLead | undefined> {
    const lead = this.get(id);
    if (!lead) return undefined;
    lead.status = status;
    if (customerNumber) lead.customerNumber = customerNumber;
    if (projectId !== null) lead.projectId = projectId;
    lead.updatedAt = new Date().toISOString();
    await this.#file.save(this.#leads);
    return lead;
  }

  /** The next free customer number for a won lead (the management service's demo customers are 7001xx–7004xx). */
  nextCustomerNumber(): string {
    const used = this.#leads.map((lead) => Number(lead.customerNumber ?? 0));
    return String(Math.max(780000, ...used) + 1);
  }

  async reset(): Promise<void> {
    this.#leads = [];
    await this.#file.save(this.#leads);
  }

  flush(): Promise<void> {
    return this.#file.flush();
  }
}
