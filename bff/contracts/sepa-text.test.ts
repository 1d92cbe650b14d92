import { describe, expect, it } from 'vitest';
import { NAMES_OF_GERMANYS_COMMUNITIES } from '../../tests/support/pdf-text.ts';
import { ReferralRequestSchema, RefundPatchSchema, SepaMandateRequestSchema } from './money.ts';
import { sentAsTyped, toSepaText } from './sepa-text.ts';

const SEPA_SET = /^[A-Za-z0-9/\-?:().,'+ ÄÖÜäöüß&*$%]*$/;

describe('names at the bank (SEPA character set)', () => {
  it.each([
    ['Mehmet Yılmaz', 'Mehmet Yilmaz'],
    ['Łukasz Wójcik', 'Lukasz Wojcik'],
    ['Дмитрий Иванов', 'Dmitriy Ivanov'],
    ['Олена Ґудзь-Їжакевич', 'Olena Gudz-Yizhakevich'],
    ['Đorđe Petrović', 'Djordje Petrovic'],
    ['Ђорђе Јовановић', 'Djordje Jovanovic'],
    ['Γιώργος Παπαδόπουλος', 'Giorgos Papadopoulos'],
    ['Ștefan Țîrlea', 'Stefan Tirlea'],
    ['Nguyễn Thị Ánh', 'Nguyen Thi Anh'],
    ['ʿAbd al-Raḥmān', "'Abd al-Rahman"],
    ['Jürgen Müller-Weiß', 'Jürgen Müller-Weiß'],
  ])('sends "%s" as "%s"', (typed, sent) => {
    expect(toSepaText(typed)).toEqual({ text: sent, refused: null });
  });

  it('converts every name of the communities into the set, nothing lost', () => {
    for (const name of NAMES_OF_GERMANYS_COMMUNITIES) {
      const { text, refused } = toSepaText(name);
      expect(refused, name).toBeNull();
      expect(text, name).toMatch(SEPA_SET);
      expect(text.length, name).toBeGreaterThanOrEqual(name.length - 2);
    }
  });

  it('names the first character that has no Latin form', () => {
    expect(toSepaText('Jonas 😀')).toEqual({ text: 'Jonas', refused: '😀' });
    expect(toSepaText('李 Wei').refused).toBe('李');
    expect(toSepaText('محمد').refused).toBe('م');
  });

  it('knows when the bank gets the name exactly as typed', () => {
    expect(sentAsTyped('Jonas Weber')).toBe(true);
    expect(sentAsTyped('  Jürgen   Müller ')).toBe(true);
    expect(sentAsTyped('Łukasz')).toBe(false);
  });
});

describe('the money forms take a holder name only as the bank will get it', () => {
  const refund = { name: 'Jonas Weber', iban: 'DE89370400440532013000' };
  const issue = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) => result.error?.issues.map((i) => [i.message, i.path.join('.')]);

  it('never drops a character silently: "Jonas 😀" is refused at the field, naming why', () => {
    const parsed = RefundPatchSchema.safeParse({ ...refund, name: 'Jonas 😀' });
    expect(parsed.success).toBe(false);
    expect(issue(parsed)).toEqual([['sepaCharacter', 'name']]);
  });

  it('asks to confirm a converted name, and takes it once the form sends the converted name back', () => {
    expect(issue(RefundPatchSchema.safeParse({ ...refund, name: 'Łukasz Wójcik' }))).toEqual([['sepaReview', 'name']]);
    expect(issue(RefundPatchSchema.safeParse({ ...refund, name: 'Łukasz Wójcik', holderAsSent: 'Lukasz Wojcik (alt)' }))).toEqual([['sepaReview', 'name']]);
    expect(RefundPatchSchema.safeParse({ ...refund, name: 'Łukasz Wójcik', holderAsSent: 'Lukasz Wojcik' })).toMatchObject({ success: true, data: { name: 'Łukasz Wójcik' } });
    expect(RefundPatchSchema.safeParse(refund).success).toBe(true);
  });

  it('reviews the debtor of a mandate and the holder of a referral reward the same way', () => {
    const mandate = { projectId: 100240, firstName: 'Ayşe', lastName: 'Öztürk', street: 'Katharinenstraße', houseNumber: '14', zip: '04109', locality: 'Leipzig', iban: 'DE89370400440532013000', place: 'Leipzig', consent: 'on' };
    expect(issue(SepaMandateRequestSchema.safeParse(mandate))).toEqual([['sepaReview', 'lastName']]);
    expect(SepaMandateRequestSchema.safeParse({ ...mandate, holderAsSent: 'Ayse Öztürk' }).success).toBe(true);
    const referral = { projectId: 100240, name: 'Lena Koch 🙂', emailAddress: 'lena@example.de', consent: 'on', bankAccountOwnerName: 'Ђорђе', iban: 'DE89370400440532013000' };
    expect(issue(ReferralRequestSchema.safeParse(referral))).toEqual([['sepaReview', 'bankAccountOwnerName']]);
    // The referred person's name is no bank data: ordinary Unicode, emoji included, is taken as typed.
    expect(ReferralRequestSchema.safeParse({ ...referral, holderAsSent: 'Djordje' })).toMatchObject({ success: true, data: { name: 'Lena Koch 🙂' } });
  });
});
