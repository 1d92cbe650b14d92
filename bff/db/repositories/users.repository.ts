import type { Knex } from 'knex';
import { User } from '../models/User.ts';

/** Users are created on their first sign-in; later issues add project and two-factor data. */
export function createUserRepository(knex: Knex) {
  return {
    async ensure(userId: string): Promise<{ id: number; userId: string; createdAt: Date }> {
      await User.query(knex)
        .insert({ userId })
        .onConflict('userId')
        .merge({ updatedAt: knex.fn.now() } as never);
      const user = await User.query(knex).findOne({ userId }).throwIfNotFound();
      return { id: user.id, userId: user.userId, createdAt: new Date(user.createdAt) };
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
