/**
 * The translation namespaces loaded at start, one file each under /locales/{lang}/. The head script of index.html
 * preloads them too (vite.config.ts), so this module imports nothing.
 */
export const NAMESPACES = ['translation', 'auth', 'cards', 'subscription', 'comments', 'access'] as const;

/**
 * Namespaces of particular pages, loaded by those pages when they first render (and by the server's renderer with the
 * others), so the first download of every other page stays as it is.
 */
export const PAGE_NAMESPACES = ['commerce', 'education'] as const;
