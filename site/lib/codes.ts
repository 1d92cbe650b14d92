/**
 * The entry a map over codes or enum values holds for a value the server answered as a plain string, or undefined.
 * The maps themselves are written `satisfies Record<Code, …>` over a contract's table (bff/contracts/errors.ts,
 * `CodeOf`), so a code without its text fails the compiler (docs/architecture.md, Conventions).
 */
export function entryOf<K extends string, V>(map: Readonly<Record<K, V>>, key: string | null | undefined): V | undefined {
  return key !== null && key !== undefined && Object.hasOwn(map, key) ? map[key as K] : undefined;
}
