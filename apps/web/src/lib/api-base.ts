import { isNativePlatform } from './platform.ts';

/**
 * On the web the API is the same origin's /api. Inside the native shell the page is served from the app itself,
 * so calls go to the product's host (VITE_API_ORIGIN at build time).
 */
export const API_BASE = isNativePlatform() ? `${import.meta.env.VITE_API_ORIGIN ?? 'https://hunab.app'}/api` : '/api';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Where requests go (spec 000 section 7): the web's relative /api, but an absolute /api address in the native shell
 * (the product's host) and on localhost (the local server's own origin, so a page opened from a file or another
 * local port still reaches it). Links keep API_BASE, which the server renders the same as the browser.
 */
export function requestBase(): string {
  if (isNativePlatform() || typeof window === 'undefined') return API_BASE;
  return LOCAL_HOSTS.has(window.location?.hostname ?? '') ? `${window.location.origin}/api` : API_BASE;
}
