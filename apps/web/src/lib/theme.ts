import { useSyncExternalStore } from 'react';
import { LOCAL_KEYS, local } from './storage.ts';

export type Theme = 'dark' | 'light';

const listeners = new Set<() => void>();

export function currentTheme(): Theme {
  return local.get(LOCAL_KEYS.theme) === 'light' ? 'light' : 'dark';
}

/** Light or dark, kept in local storage; dark by default (spec 000 section 4.9). */
export function applyTheme(theme: Theme = currentTheme()): void {
  const html = document.documentElement;
  if (html.dataset.bsTheme !== theme) html.dataset.bsTheme = theme;
  // Also a cookie, so the server sends a page already in this theme.
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox
  document.cookie = `theme=${theme}; path=/; max-age=31536000; samesite=lax`;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme === 'dark' ? '#14121f' : '#f7f5f0');
}

export function setTheme(theme: Theme): void {
  local.set(LOCAL_KEYS.theme, theme);
  applyTheme(theme);
  for (const listener of listeners) listener();
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentTheme,
    // The server renders the default; a stored light theme follows right after hydration.
    () => 'dark',
  );
}
