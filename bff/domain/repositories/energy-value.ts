import type { FeedInMode } from '../energy-value/eeg-rates.ts';
import type { Tariff } from '../energy-value/tariffs.ts';

/** Persistence of the customer's energy-value entries; implemented in bff/db/repositories/energy-value.repository.ts. */

/** A stored tariff of one installation: Berlin calendar dates, both inclusive; `validTo` null = still valid. */
export interface StoredTariff {
  id: number;
  installationId: string;
  validFrom: string;
  validTo: string | null;
  tariff: Tariff;
}

/** The installation's money facts the IoT cloud does not know; all optional until the customer enters them. */
export interface InstallationFactsRow {
  installationId: string;
  /** Gross EUR, decimal string. */
  investmentEur: string | null;
  /** The metering operator's yearly fee, gross EUR, decimal string. */
  meteringFeeEurPerYear: string | null;
  feedInMode: FeedInMode;
  /** A rate from the grid operator's letter, ct/kWh; null = the EEG table's. */
  feedInRateCents: string | null;
  smartMeterInstalledOn: string | null;
  controlBoxWorkingOn: string | null;
  updatedAt: Date;
}

export type NewTariff = Omit<StoredTariff, 'id'>;

export interface EnergyValueRepository {
  /** The installation's tariffs in order of `validFrom`. */
  tariffs(userId: string, installationId: string): Promise<StoredTariff[]>;
  addTariff(userId: string, tariff: NewTariff): Promise<StoredTariff>;
  /** Removes one of the customer's tariffs; false when it is not theirs (or gone). */
  removeTariff(userId: string, installationId: string, id: number): Promise<boolean>;
  facts(userId: string, installationId: string): Promise<InstallationFactsRow | null>;
  saveFacts(userId: string, facts: Omit<InstallationFactsRow, 'updatedAt'>): Promise<void>;
  /** Everything of the customer, for the data export. */
  allOf(userId: string): Promise<{ tariffs: StoredTariff[]; installations: InstallationFactsRow[] }>;
  /** Deletes everything of the customer; answers the rows deleted per table. */
  eraseOf(userId: string): Promise<{ tariffs: number; installations: number }>;
}
