import type { SessionUser } from '../features/auth/session.ts';
import { sessionStore, updateSessionUser } from '../features/auth/session.ts';
import { api } from './api.ts';
import { applyDocumentLanguage, i18nInstance } from './i18n.ts';
import { type Language, saveLanguage } from './languages.ts';

/**
 * Changes the interface language (spec 000 section 4.2): kept for 7 days, translations reloaded, the document's
 * lang and direction set, the server told when signed in, and events fired for whoever listens.
 */
export async function changeLanguage(lang: Language): Promise<void> {
  saveLanguage(lang);
  applyDocumentLanguage(lang);
  await i18nInstance.changeLanguage(lang);
  for (const name of ['languageChanged', 'i18nLanguageChanged']) {
    window.dispatchEvent(new CustomEvent(name, { detail: { lang } }));
  }
  const { status, user } = sessionStore.get();
  if (status === 'authenticated' && user && !user.isOfflineUser && user.lang !== lang) {
    try {
      const reply = await api<{ user: SessionUser }>('/users/language', { method: 'PUT', body: { lang } });
      updateSessionUser(reply.user);
    } catch {
      // The choice is kept locally; the server learns it next time.
    }
  }
}
