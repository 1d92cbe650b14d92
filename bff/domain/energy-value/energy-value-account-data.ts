import type { AccountDataSource } from '../account/account-data.ts';
import type { EnergyValueRepository } from '../repositories/energy-value.ts';

/**
 * The customer's tariffs and installation facts as account data (docs/energy-value.md): exported as entered, deleted
 * with the account (nothing of it is kept by law).
 */
export function energyValueAccountData(repository: Pick<EnergyValueRepository, 'allOf' | 'eraseOf'>): AccountDataSource {
  return {
    name: 'energyValue',
    async export(subject) {
      const { tariffs, installations } = await repository.allOf(subject.userId);
      return {
        tariffs: tariffs.map(({ installationId, validFrom, validTo, tariff }) => ({ installationId, validFrom, validTo, ...tariff })),
        installations: installations.map(({ updatedAt, ...facts }) => ({ ...facts, updatedAt: updatedAt.toISOString() })),
      };
    },
    async count(subject) {
      const { tariffs, installations } = await repository.allOf(subject.userId);
      return tariffs.length + installations.length;
    },
    async erase(subject) {
      const { tariffs, installations } = await repository.eraseOf(subject.userId);
      return { tariffsDeleted: tariffs, installationsDeleted: installations };
    },
  };
}
