/**
 * The server's in-memory caches by kind, so that the administrators' cache tools can empty them: each registers a
 * function that clears it and answers how many entries it held. Per process: with several processes each clears its
 * own when asked (the tools say how many entries this one held).
 */
export type CacheKind = 'products' | 'calculations';

export function createCacheRegistry() {
  const caches = new Map<CacheKind, Array<() => number>>();
  return {
    register(kind: CacheKind, clear: () => number) {
      caches.set(kind, [...(caches.get(kind) ?? []), clear]);
    },
    clear(kind: CacheKind): number {
      return (caches.get(kind) ?? []).reduce((sum, clear) => sum + clear(), 0);
    },
  };
}
export type CacheRegistry = ReturnType<typeof createCacheRegistry>;

/** A map that forgets its oldest entries past `max`, and whose entries expire after `ttlMs`. */
export function boundedCache<V>(max: number, ttlMs: number, now: () => number = Date.now) {
  const entries = new Map<string, { value: V; at: number }>();
  return {
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.at > ttlMs) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key: string, value: V) {
      entries.delete(key);
      entries.set(key, { value, at: now() });
      if (entries.size > max) entries.delete(entries.keys().next().value as string);
    },
    clear(): number {
      const size = entries.size;
      entries.clear();
      return size;
    },
  };
}
