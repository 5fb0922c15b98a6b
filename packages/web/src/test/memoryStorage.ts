/** A Storage over a Map, for the node tests, which have no localStorage nor sessionStorage. */
export function memoryStorage() {
  const kept = new Map<string, string>();
  return {
    kept,
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => void kept.set(key, value),
    removeItem: (key: string) => void kept.delete(key),
    get length() {
      return kept.size;
    },
    key: (i: number) => [...kept.keys()][i] ?? null,
  };
}
