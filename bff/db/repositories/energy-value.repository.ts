import type { Knex } from 'knex';
import type { EnergyValueRepository, InstallationFactsRow, StoredTariff } from '../../domain/repositories/energy-value.ts';
import type { FeedInMode } from '../../domain/energy-value/eeg-rates.ts';

/** A numeric column as the decimal string it holds, without trailing zeros ("32.9000" → "32.9"). */
const decimal = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  const text = String(value);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
};

// Dates leave PostgreSQL as text: a DATE is a calendar day, never an instant in the server's time zone.
const TARIFF_COLUMNS = [
  'id',
  'installation_id',
  'kind',
  'gross_cents_per_kwh',
  'surcharge_net_cents_per_kwh',
  'vat_percent',
  "to_char(valid_from, 'YYYY-MM-DD') AS valid_from_day",
  "to_char(valid_to, 'YYYY-MM-DD') AS valid_to_day",
].join(', ');
const FACTS_COLUMNS = [
  'installation_id',
  'investment_eur',
  'metering_fee_eur_per_year',
  'feed_in_mode',
  'feed_in_rate_cents',
  'updated_at',
  "to_char(smart_meter_installed_on, 'YYYY-MM-DD') AS smart_meter_day",
  "to_char(control_box_working_on, 'YYYY-MM-DD') AS control_box_day",
].join(', ');

function tariffRow(row: Record<string, unknown>): StoredTariff {
  return {
    id: Number(row.id),
    installationId: String(row.installationId),
    validFrom: String(row.validFromDay),
    validTo: (row.validToDay as string | null) ?? null,
    tariff:
      row.kind === 'dynamic'
        ? { kind: 'dynamic', surchargeNetCentsPerKwh: decimal(row.surchargeNetCentsPerKwh) ?? '0', vatPercent: decimal(row.vatPercent) ?? '0' }
        : { kind: 'fixed', grossCentsPerKwh: decimal(row.grossCentsPerKwh) ?? '0' },
  };
}

function factsRow(row: Record<string, unknown>): InstallationFactsRow {
  return {
    installationId: String(row.installationId),
    investmentEur: decimal(row.investmentEur),
    meteringFeeEurPerYear: decimal(row.meteringFeeEurPerYear),
    feedInMode: row.feedInMode === 'full' ? 'full' : ('partial' satisfies FeedInMode),
    feedInRateCents: decimal(row.feedInRateCents),
    smartMeterInstalledOn: (row.smartMeterDay as string | null) ?? null,
    controlBoxWorkingOn: (row.controlBoxDay as string | null) ?? null,
    updatedAt: new Date(row.updatedAt as string),
  };
}

export function createEnergyValueRepository(knex: Knex): EnergyValueRepository {
  const tariffs = () => knex('energy_value_tariff').select(knex.raw(TARIFF_COLUMNS));
  const facts = () => knex('energy_value_installation').select(knex.raw(FACTS_COLUMNS));
  return {
    async tariffs(userId, installationId) {
      return (await tariffs().where({ userId, installationId }).orderBy([{ column: 'validFrom' }, { column: 'id' }])).map(tariffRow);
    },
    async addTariff(userId, { installationId, validFrom, validTo, tariff }) {
      const [row] = await knex('energy_value_tariff')
        .insert({
          userId,
          installationId,
          kind: tariff.kind,
          validFrom,
          validTo,
          grossCentsPerKwh: tariff.kind === 'fixed' ? tariff.grossCentsPerKwh : null,
          surchargeNetCentsPerKwh: tariff.kind === 'dynamic' ? tariff.surchargeNetCentsPerKwh : null,
          vatPercent: tariff.kind === 'dynamic' ? tariff.vatPercent : null,
        })
        .returning('id');
      return { id: Number((row as { id: number }).id), installationId, validFrom, validTo, tariff };
    },
    async removeTariff(userId, installationId, id) {
      return (await knex('energy_value_tariff').where({ userId, installationId, id }).delete()) > 0;
    },
    async facts(userId, installationId) {
      const row = await facts().where({ userId, installationId }).first();
      return row ? factsRow(row) : null;
    },
    async saveFacts(userId, f) {
      const row = {
        userId,
        installationId: f.installationId,
        investmentEur: f.investmentEur,
        meteringFeeEurPerYear: f.meteringFeeEurPerYear,
        feedInMode: f.feedInMode,
        feedInRateCents: f.feedInRateCents,
        smartMeterInstalledOn: f.smartMeterInstalledOn,
        controlBoxWorkingOn: f.controlBoxWorkingOn,
        updatedAt: knex.fn.now(),
      };
      await knex('energy_value_installation').insert(row).onConflict(['userId', 'installationId']).merge();
    },
    async allOf(userId) {
      const [t, f] = await Promise.all([tariffs().where({ userId }).orderBy(['installationId', 'validFrom']), facts().where({ userId }).orderBy('installationId')]);
      return { tariffs: t.map(tariffRow), installations: f.map(factsRow) };
    },
    async eraseOf(userId) {
      const [t, f] = await Promise.all([knex('energy_value_tariff').where({ userId }).delete(), knex('energy_value_installation').where({ userId }).delete()]);
      return { tariffs: t, installations: f };
    },
  };
}
