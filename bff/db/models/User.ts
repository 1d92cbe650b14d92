import { Model } from 'objection';

/** A customer known to the portal (spec section 3, User); `userId` is the identity provider's subject. */
export class User extends Model {
  static override tableName = 'users';

  id!: number;
  userId!: string;
  projectId!: number | null;
  twoFaCode!: string | null;
  twoFaCodeCreatedAt!: Date | null;
  twoFaConfirmedAt!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;
}
