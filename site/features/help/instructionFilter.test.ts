import { describe, expect, it } from 'vitest';
import { InstructionSchema, type Instruction } from '~/bff/contracts/help.ts';
import type { ProductLine } from '~/bff/contracts/projects.ts';
import { groupByProductLine, selectInstructions, wantsAll } from './instructionFilter.ts';

let seq = 0;
function instruction(productLine: ProductLine, title = `Anleitung ${(seq += 1)}`): Instruction {
  return InstructionSchema.parse({ slug: `anleitung-${seq}-${productLine.toLowerCase()}`, lang: 'de', title, productLine, body: [], file: null });
}

describe('which instructions the list shows', () => {
  const solar = instruction('SOLAR', 'Wechselrichter ablesen');
  const storage = instruction('STORAGE', 'Speicher neu starten');
  const wallbox = instruction('CHARGE', 'Wallbox freischalten');
  const all = [solar, storage, wallbox];

  it('shows only the instructions for the customer’s product lines by default', () => {
    expect(selectInstructions(all, ['STORAGE', 'SOLAR'], false)).toEqual({
      mode: 'mine',
      productLines: ['SOLAR', 'STORAGE'],
      instructions: [solar, storage],
    });
  });

  it('shows all of them when the customer asks (?all=1), and still knows their product lines', () => {
    expect(selectInstructions(all, ['SOLAR'], true)).toEqual({ mode: 'all', reason: 'asked', productLines: ['SOLAR'], instructions: all });
  });

  it('shows all of them, with a reason, when the customer has no project', () => {
    expect(selectInstructions(all, [], false)).toEqual({ mode: 'all', reason: 'noProjects', productLines: [], instructions: all });
  });

  it('shows all of them when the product lines could not be loaded', () => {
    expect(selectInstructions(all, null, false)).toEqual({ mode: 'all', reason: 'unavailable', productLines: [], instructions: all });
  });

  it('can end up empty when nothing matches the customer’s product lines', () => {
    expect(selectInstructions(all, ['HEAT_PUMP'], false)).toMatchObject({ mode: 'mine', instructions: [] });
  });

  it('lists each product line once', () => {
    expect(selectInstructions(all, ['SOLAR', 'SOLAR'], false).productLines).toEqual(['SOLAR']);
  });

  it('reads ?all=1 (and ?all=true) from the URL', () => {
    expect(wantsAll(new URLSearchParams('all=1'))).toBe(true);
    expect(wantsAll(new URLSearchParams('all=true'))).toBe(true);
    expect(wantsAll(new URLSearchParams('all=0'))).toBe(false);
    expect(wantsAll(new URLSearchParams(''))).toBe(false);
  });

  it('groups by product line in the portal’s order, keeping the CMS order inside a group', () => {
    const second = instruction('SOLAR', 'Module reinigen');
    expect(groupByProductLine([wallbox, solar, storage, second])).toEqual([
      { productLine: 'SOLAR', instructions: [solar, second] },
      { productLine: 'STORAGE', instructions: [storage] },
      { productLine: 'CHARGE', instructions: [wallbox] },
    ]);
  });
});
