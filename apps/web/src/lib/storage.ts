/** Every key the app keeps in the browser, in one place (spec 000 section 3). */
export const LOCAL_KEYS = {
  authToken: 'auth_token',
  user: 'user',
  unsavedCard: 'unsaved_card',
  language: 'hunab_language',
  languageSavedAt: 'hunab_language_saved_at',
  returnUrl: 'auth_return_url',
  userEmail: 'user_email',
  userName: 'user_name',
  justLoggedIn: 'JUST_LOGGED_IN',
  forcedOffline: 'force_offline',
  forcedOnline: 'force_online',
  theme: 'theme',
  dateViewCount: 'date_view_count',
  lastIconUpdate: 'last_icon_update_date',
  guestBirthDate: 'guest_birth_date',
  translations: 'hunab_translations',
} as const;

export const SESSION_KEYS = {
  authPromptDismissed: 'auth_prompt_dismissed',
  analyticsSessionId: 'analytics_session_id',
  reloadMarker: 'hunab_reload_marker',
  chunkRetries: 'hunab_chunk_retries',
  firstLoadShown: 'hunab_first_load_shown',
} as const;

/** localStorage that never throws (private mode, quota, disabled storage). */
export const local = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {}
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {}
  },
  getJson<T>(key: string): T | null {
    const text = local.get(key);
    if (text === null) return null;
    try {
      return JSON.parse(text) as T;
    } catch {
      return null;
    }
  },
  setJson(key: string, value: unknown): void {
    local.set(key, JSON.stringify(value));
  },
};

export const session = {
  get(key: string): string | null {
    try {
      return window.sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.sessionStorage.setItem(key, value);
    } catch {}
  },
  remove(key: string): void {
    try {
      window.sessionStorage.removeItem(key);
    } catch {}
  },
};
