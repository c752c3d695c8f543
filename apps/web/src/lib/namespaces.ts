/**
 * The translation namespaces loaded at start, one file each under /locales/{lang}/. The head script of index.html
 * preloads them too (vite.config.ts), so this module imports nothing.
 */
export const NAMESPACES = ['translation', 'auth', 'cards', 'subscription', 'comments', 'access'] as const;

/**
 * Namespaces of long written texts (legal pages, landings) that only their pages read: loaded with the page's chunk,
 * not at start, and read by the server's renderer alongside the others.
 */
export const PAGE_NAMESPACES = ['legal', 'landing', 'growth'] as const;
