/**
 * Small deterministic random numbers: a 32-bit string hash (cyrb53-style mixing, folded to 32 bits) seeds mulberry32.
 * Every draw of the simulator comes from a generator seeded by a key such as `household|100240|2026-06-21`, so the
 * same request always yields the same data, on every machine.
 */
export type Random = () => number;

function hashString(value: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < value.length; i++) {
    const ch = value.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

/** mulberry32: uniform numbers in [0, 1). */
function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seeded(...parts: (string | number)[]): Random {
  return mulberry32(hashString(parts.join('|')));
}

export function uniform(random: Random, min: number, max: number): number {
  return min + (max - min) * random();
}

/** Standard normal draw (Box-Muller). */
export function gaussian(random: Random): number {
  const u = 1 - random(); // (0, 1]
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
