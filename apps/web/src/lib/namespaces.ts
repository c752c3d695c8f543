/**
 * The translation namespaces loaded at start, one file each under /locales/{lang}/. The head script of index.html
 * preloads them too (vite.config.ts), so this module imports nothing.
 */
export const NAMESPACES = ['translation', 'auth', 'cards', 'subscription', 'comments', 'access', 'sync'] as const;

/**
 * Namespaces of particular pages (the commerce pages, education, legal pages and landings), loaded with the page that
 * reads them rather than at start, and read by the server's renderer alongside the others.
 */
export const PAGE_NAMESPACES = ['commerce', 'education', 'legal', 'landing', 'growth', 'insights', 'admin'] as const;
