/**
 * The translation namespaces loaded at start, one file each under /locales/{lang}/. The head script of index.html
 * preloads them too (vite.config.ts), so this module imports nothing.
 */
export const NAMESPACES = ['translation', 'auth', 'cards', 'subscription', 'comments', 'access'] as const;

/** Namespaces a feature's pages ask for when they open; the server's render of a page reads them with the rest. */
export const PAGE_NAMESPACES = ['education'] as const;
