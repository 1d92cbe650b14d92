import type { AccountDataSource } from '../account/account-data.ts';
import type { MoneyPersonalDataRepository } from '../repositories/money.ts';

const BOOKING_REASON = {
  de: 'Zahlungs- und Buchungsbelege muss der Installateur zehn Jahre aufbewahren (§ 147 AO, § 257 HGB); ein unterschriebenes SEPA-Mandat zusätzlich so lange, wie Lastschriften darauf gestützt werden können.',
  en: 'Payment and booking records must be kept by the installer for ten years (German AO section 147, HGB section 257); a signed SEPA mandate also as long as direct debits may rely on it.',
};

/**
 * Refunds, SEPA mandates and referral rewards as account data (docs/account.md). The export holds every row of the
 * customer with the bank details they entered. The deletion removes what is no payment record (unsigned mandates,
 * referrals never paid) and the referred person's name and address; completed refunds, signed mandates and paid
 * rewards are the installer's booking records and stay, with exactly the columns below.
 */
export function moneyAccountData(personalData: MoneyPersonalDataRepository): AccountDataSource {
  return {
    name: 'money',
    export: (subject) => personalData.rowsOfUser(subject.userId),
    async count(subject) {
      const rows = await personalData.rowsOfUser(subject.userId);
      return rows.refunds.length + rows.sepaMandates.length + rows.referralRewards.length;
    },
    erase: (subject) => personalData.eraseUser(subject.userId),
    retained: [
      { table: 'refund', columns: ['user_id', 'name', 'iban', 'bic', 'bank'], reason: BOOKING_REASON },
      {
        table: 'sepa_mandate',
        columns: ['user_id', 'first_name', 'last_name', 'street', 'house_number', 'zip', 'locality', 'iban', 'bic', 'bank', 'signed_place'],
        reason: BOOKING_REASON,
      },
      { table: 'referral_reward', columns: ['user_id', 'bank_account_owner_name', 'iban', 'bic', 'bank_name'], reason: BOOKING_REASON },
    ],
  };
}
