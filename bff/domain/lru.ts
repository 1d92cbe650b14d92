/** A Map used as a least-recently-used cache with a fixed number of entries. */
export class Lru<V> {
  readonly #entries = new Map<string, V>();
  constructor(readonly max: number) {}
  get size() {
    return this.#entries.size;
  }
  has(key: string) {
    return this.#entries.has(key);
  }
  get(key: string): V | undefined {
    if (!this.#entries.has(key)) return undefined;
    const value = this.#entries.get(key) as V;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }
  set(key: string, value: V) {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    while (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value as string);
  }
  delete(key: string) {
    this.#entries.delete(key);
  }
}
