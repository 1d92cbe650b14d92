import type { Instruction } from '~/bff/contracts/help.ts';
import { ProductLineSchema, type ProductLine } from '~/bff/contracts/projects.ts';

/** `?all=1` shows every instruction instead of the customer's own. */
export const SHOW_ALL_PARAM = 'all';

export type InstructionSelection =
  /** Only instructions for the product lines of the customer's projects. */
  | { mode: 'mine'; productLines: ProductLine[]; instructions: Instruction[] }
  /**
   * Every instruction: the customer asked for it, has no product line yet (no project), or their product lines
   * could not be loaded.
   */
  | { mode: 'all'; reason: 'asked' | 'noProjects' | 'unavailable'; productLines: ProductLine[]; instructions: Instruction[] };

/** The product lines in the order the portal lists them everywhere. */
const ORDER: readonly ProductLine[] = ProductLineSchema.options;
const byPortalOrder = (a: ProductLine, b: ProductLine) => ORDER.indexOf(a) - ORDER.indexOf(b);

/**
 * Which instructions the list shows (README "Help content (Strapi)"): by default those matching the customer's
 * product lines; all of them on request or when there is nothing to filter by.
 * `productLines` is null when they could not be loaded.
 */
export function selectInstructions(
  instructions: readonly Instruction[],
  productLines: readonly ProductLine[] | null,
  showAll: boolean,
): InstructionSelection {
  const lines = [...new Set(productLines ?? [])].sort(byPortalOrder);
  if (productLines === null) return { mode: 'all', reason: 'unavailable', productLines: [], instructions: [...instructions] };
  if (lines.length === 0) return { mode: 'all', reason: 'noProjects', productLines: [], instructions: [...instructions] };
  if (showAll) return { mode: 'all', reason: 'asked', productLines: lines, instructions: [...instructions] };
  const mine = new Set(lines);
  return { mode: 'mine', productLines: lines, instructions: instructions.filter((entry) => mine.has(entry.productLine)) };
}

export function wantsAll(params: URLSearchParams): boolean {
  return ['1', 'true'].includes(params.get(SHOW_ALL_PARAM) ?? '');
}

/** Instructions grouped by product line, in the portal's order; the CMS order stays within a group. */
export function groupByProductLine(instructions: readonly Instruction[]): { productLine: ProductLine; instructions: Instruction[] }[] {
  return ORDER.map((productLine) => ({
    productLine,
    instructions: instructions.filter((entry) => entry.productLine === productLine),
  })).filter((group) => group.instructions.length > 0);
}
