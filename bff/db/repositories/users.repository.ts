import type { Knex } from 'knex';
import { DEFAULT_LANGUAGE, LanguageSchema, type Language } from '../../contracts/auth.ts';
import type { MailRecipient } from '../../domain/repositories/users.ts';
import { User } from '../models/User.ts';

/** Users are created on their first sign-in; later issues add project and two-factor data. */
export function createUserRepository(knex: Knex) {
  return {
    async ensure(userId: string, email?: string, language?: Language): Promise<{ id: number; userId: string; createdAt: Date }> {
      const known = { ...(email ? { email } : {}), ...(language ? { language } : {}) };
      await User.query(knex)
        .insert({ userId, ...known })
        .onConflict('userId')
        .merge({ updatedAt: knex.fn.now(), ...known } as never);
      const user = await User.query(knex).findOne({ userId }).throwIfNotFound();
      return { id: user.id, userId: user.userId, createdAt: new Date(user.createdAt) };
    },

    /** The customer's language for mails (German when unknown). */
    async languageOf(userId: string): Promise<Language> {
      const row = await User.query(knex).findOne({ userId }).select('language');
      const parsed = LanguageSchema.safeParse(row?.language);
      return parsed.success ? parsed.data : DEFAULT_LANGUAGE;
    },

    /** The customer switched the portal's language while signed in. */
    async setLanguage(userId: string, language: Language): Promise<void> {
      await User.query(knex).where({ userId }).patch({ language } as never);
    },

    async recipientsOf(userIds: readonly string[]): Promise<MailRecipient[]> {
      if (userIds.length === 0) return [];
      const rows: { userId: string; email: string; language: string | null; firstName: string | null }[] = await knex('users')
        .leftJoin('userProfile', 'userProfile.userId', 'users.userId')
        .whereIn('users.userId', [...userIds])
        .whereNotNull('users.email')
        .select({ userId: 'users.userId', email: 'users.email', language: 'users.language', firstName: 'userProfile.firstName' });
      const byEmail = new Map<string, MailRecipient>();
      for (const row of rows) {
        const lang = LanguageSchema.safeParse(row.language);
        if (!byEmail.has(row.email)) byEmail.set(row.email, { userId: row.userId, email: row.email, lang: lang.success ? lang.data : DEFAULT_LANGUAGE, firstName: row.firstName?.trim() || null });
      }
      return [...byEmail.values()];
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
