import type { Knex } from 'knex';
import type { MachineTokenUses } from '../../domain/repositories/machine-tokens.ts';

const TABLE = 'machine_token_use';

/** One row per used `jti`, unique per caller; rows of expired tokens are swept now and then (they cannot return). */
export function createMachineTokenUses(knex: Knex): MachineTokenUses {
  let claims = 0;
  return {
    async claim(caller, jti, expiresAt) {
      if (++claims % 200 === 0) await knex(TABLE).where('expiresAt', '<', knex.fn.now()).delete();
      const inserted = await knex(TABLE).insert({ caller, jti, expiresAt }).onConflict(['caller', 'jti']).ignore().returning('jti');
      return inserted.length === 1;
    },
  };
}
