import type { FormFlash } from '../../bff/contracts/form-flash.ts';

/**
 * The values a refused plain form of `page` held (the BFF's form flash, docs/architecture.md "Forms without
 * JavaScript"), or null when this view comes from no refusal. A field missing from the values was not sent: an
 * unticked checkbox.
 */
export function formFlashValues(locals: { formFlash?: FormFlash | null | undefined }, page: string): Record<string, string> | null {
  const flash = locals.formFlash;
  return flash && flash.page === page ? flash.values : null;
}
