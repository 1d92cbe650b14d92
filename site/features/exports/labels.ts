import { CommonErrors, type CodeOf, type ErrorCode } from '~/bff/contracts/errors.ts';
import { ExportsErrors, TOKEN_NAME_MAX, TOKENS_PER_CUSTOMER } from '~/bff/contracts/exports.ts';
import type { FormRefusal } from '~/bff/contracts/form-flash.ts';
import type { Translate } from '~/site/i18n/index.ts';
import { entryOf } from '~/site/lib/codes.ts';
import { commonRefusalText } from '~/site/lib/form-flash.ts';

/** The text for `?done=<what>` after a token form. */
export function exportsDoneText(t: Translate, done: string | null, secretShown: boolean): string | null {
  const texts = {
    TOKEN_CREATED: secretShown ? null : t('exports.tokenCreatedGone'),
    TOKEN_REVOKED: t('exports.tokenRevoked'),
  };
  return entryOf(texts, done) ?? null;
}

/** The text for a refused token form. */
export function exportsErrorText(t: Translate, refusal: FormRefusal): string {
  const common = commonRefusalText(t, refusal);
  if (common) return common;
  const texts = {
    [ExportsErrors.TOKEN_NAME_MISSING.code]: () => t('exports.errorNameMissing'),
    [ExportsErrors.TOKEN_NAME_TOO_LONG.code]: () => t('exports.errorNameTooLong', { max: TOKEN_NAME_MAX }),
    [ExportsErrors.TOO_MANY_TOKENS.code]: () => t('exports.errorTooMany', { max: TOKENS_PER_CUSTOMER }),
    [CommonErrors.VALIDATION.code]: () => t('exports.errorNameMissing'),
  } satisfies Partial<Record<CodeOf<typeof ExportsErrors> | ErrorCode, () => string>>;
  return (entryOf(texts, refusal.code) ?? (() => t('exports.errorGeneric')))();
}
