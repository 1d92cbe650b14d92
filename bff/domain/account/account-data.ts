/**
 * The customer's own data (GDPR Art. 15, 17, 20; docs/account.md): one registry of every place that keeps something
 * about a customer. Each capability declares its sources (`accountData` in bff/composition/capabilities/<area>.ts),
 * saying how to export its data and how to erase or anonymise it, and what it must keep by law. The data export and the
 * account deletion walk the same list, so a capability added later (surveys, refunds, mandates) is covered by its one
 * line; the deletion test scans every table of the schema, so a forgotten table fails it.
 */

/** Who the data is about: everything the sources need to find it. */
export interface AccountSubject {
  /** The identity provider's subject (users.user_id, activity_log.user_id, …). */
  userId: string;
  /** The current address. */
  email: string;
  /** Every address the portal knows for the customer (the current one, earlier ones, requested changes). */
  emails: string[];
  firstName: string;
  lastName: string;
  /** Projects linked to the customer at the management service when the export or deletion started. */
  projectIds: number[];
}

/** Data a source keeps after the deletion, and why (shown on the deletion page, listed in docs/account.md). */
export interface RetainedData {
  /** The table and the columns that may still point to the customer; the deletion test allows exactly these. */
  table: string;
  columns: readonly string[];
  reason: { de: string; en: string };
}

export interface AccountDataSource {
  /** Key in the export and name in the deletion report. */
  name: string;
  /** What the source keeps about the customer, JSON-safe. */
  export?(subject: AccountSubject): Promise<unknown>;
  /** Records the export would hold (large exports are built by a job). */
  count?(subject: AccountSubject): Promise<number>;
  /** Deletes or anonymises; idempotent (a deletion that failed half-way is started again). Answers what it did. */
  erase?(subject: AccountSubject): Promise<Record<string, number>>;
  retained?: readonly RetainedData[];
}

export const EXPORT_FORMAT = 'kundenportal-datenexport/1';

export function createAccountData(sources: readonly AccountDataSource[]) {
  const names = sources.map((s) => s.name);
  const duplicate = names.find((name, i) => names.indexOf(name) !== i);
  if (duplicate) throw new Error(`two account-data sources are named ${duplicate}`);

  return {
    sources,

    async count(subject: AccountSubject): Promise<number> {
      const counts = await Promise.all(sources.map((s) => s.count?.(subject) ?? Promise.resolve(0)));
      return counts.reduce((sum, n) => sum + n, 0);
    },

    /** Everything the portal and its services keep about the customer, one section per source. */
    async export(subject: AccountSubject, now: Date): Promise<Record<string, unknown>> {
      const sections: Record<string, unknown> = {};
      for (const source of sources) {
        if (source.export) sections[source.name] = await source.export(subject);
      }
      return {
        format: EXPORT_FORMAT,
        exportedAt: now.toISOString(),
        customer: { id: subject.userId, email: subject.email, firstName: subject.firstName, lastName: subject.lastName },
        data: sections,
      };
    },

    /** Erases source by source in registry order; stops at the first failure (the next try starts over). */
    async erase(subject: AccountSubject): Promise<Record<string, Record<string, number>>> {
      const report: Record<string, Record<string, number>> = {};
      for (const source of sources) {
        if (source.erase) report[source.name] = await source.erase(subject);
      }
      return report;
    },

    retained: (): RetainedData[] => sources.flatMap((s) => s.retained ?? []),

    /**
     * What stays and why, each reason once, as the deletion page and its mail tell the customer: several tables kept
     * for the same legal reason (refunds, mandates and referrals are all booking records) are one line there.
     */
    retainedReasons(): { tables: string[]; reason: RetainedData['reason'] }[] {
      const byReason = new Map<string, { tables: string[]; reason: RetainedData['reason'] }>();
      for (const entry of sources.flatMap((s) => s.retained ?? [])) {
        const known = byReason.get(entry.reason.de);
        if (known) known.tables.push(entry.table);
        else byReason.set(entry.reason.de, { tables: [entry.table], reason: entry.reason });
      }
      return [...byReason.values()];
    },
  };
}

export type AccountData = ReturnType<typeof createAccountData>;
