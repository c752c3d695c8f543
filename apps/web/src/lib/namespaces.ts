/**
 * The translation namespaces loaded at start, one file each under /locales/{lang}/. The head script of index.html
 * preloads them too (vite.config.ts), so this module imports nothing.
 */
export const NAMESPACES = ['translation', 'auth', 'cards', 'subscription', 'comments', 'access', 'sync'] as const;

/**
 * Namespaces of particular pages (commerce, education, the legal pages, landings, the account's links, teams, ...),
 * loaded with the page that reads them rather than at start (the second argument of `lazyPage`), and all read by the
 * server's renderer alongside the others: a page the server renders with a namespace missing would show its keys.
 */
export const PAGE_NAMESPACES = [
  'commerce',
  'education',
  'legal',
  'landing',
  'growth',
  'insights',
  'admin',
  'castles',
  'compat',
  'privacy',
  'reminders',
  'feed',
  'journal',
  'game',
  'team',
  'share',
] as const;
