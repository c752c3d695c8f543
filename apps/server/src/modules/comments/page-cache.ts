/** A page of threads as every reader sees it, already serialized, with the cycle version it was read at. */
export interface CachedPage {
  version: number;
  /** The threads with their replies, as JSON. */
  json: string;
  /** Every comment id of the page, for the reader's votes. */
  ids: number[];
  /** Top-level comments on the page. */
  threads: number;
}

/**
 * The most recently read pages of comments, up to a memory budget. An entry is only served while the cycle's
 * version in the database still equals the one it was read at, so a change made by any server process shows at once.
 */
export function createPageCache(budgetBytes = 32 * 1024 * 1024) {
  const pages = new Map<string, CachedPage>();
  let used = 0;
  const sizeOf = (page: CachedPage) => page.json.length * 2 + page.ids.length * 8 + 64;

  return {
    get(key: string): CachedPage | undefined {
      const page = pages.get(key);
      if (page) {
        // Re-inserting keeps the Map in least-recently-used order.
        pages.delete(key);
        pages.set(key, page);
      }
      return page;
    },
    set(key: string, page: CachedPage): void {
      const old = pages.get(key);
      if (old) {
        used -= sizeOf(old);
        pages.delete(key);
      }
      pages.set(key, page);
      used += sizeOf(page);
      for (const [oldest, entry] of pages) {
        if (used <= budgetBytes || oldest === key) break;
        pages.delete(oldest);
        used -= sizeOf(entry);
      }
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
