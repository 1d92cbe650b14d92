import type { Knex } from 'knex';
import { User } from '../models/User.ts';

/** Users are created on their first sign-in; later issues add project and two-factor data. */
export function createUserRepository(knex: Knex) {
  return {
    async ensure(userId: string, email?: string): Promise<{ id: number; userId: string; createdAt: Date }> {
      await User.query(knex)
        .insert({ userId, ...(email ? { email } : {}) })
        .onConflict('userId')
        .merge({ updatedAt: knex.fn.now(), ...(email ? { email } : {}) } as never);
      const user = await User.query(knex).findOne({ userId }).throwIfNotFound();
      return { id: user.id, userId: user.userId, createdAt: new Date(user.createdAt) };
    },

    /** The e-mail addresses portal users signed in with last, for mails to customers (unknown ones are left out). */
    async emailsOf(userIds: readonly string[]): Promise<string[]> {
      if (userIds.length === 0) return [];
      const rows = await User.query(knex).whereIn('userId', [...userIds]).whereNotNull('email').select('email');
      return [...new Set(rows.map((row) => row.email as string))];
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
