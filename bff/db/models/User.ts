import { Model } from 'objection';

/** A customer known to the portal (User); `userId` is the identity provider's subject. */
export class User extends Model {
  static override tableName = 'users';

  id!: number;
  userId!: string;
  email!: string | null;
  /** The customer's language for mails; null is German. */
  language!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
}
