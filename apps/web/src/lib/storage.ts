import { AUTH_TOKEN_KEY } from '@hunab/contracts';

/** Every key the app keeps in the browser, in one place (spec 000 section 3). */
export const LOCAL_KEYS = {
  authToken: AUTH_TOKEN_KEY,
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
  /** A guest's cards, kept on the device until sign-in moves them to the account. */
  localCards: 'cards',
  /** The dates as typed, per card id, laid over the dates the server answers with. */
  cardOriginalDates: 'card_original_dates',
  /** The signed-in user's last fetched cards, shown when the server cannot be reached. */
  cardsCache: 'cards_cache',
  /** Set once the exit-intent offer of the landings has been shown: it shows once (spec 001 section 9). */
  exitIntentShown: 'hunab_exit_intent_shown',
  /** Development builds only: a forced access level, 0 to 3. */
  accessOverride: 'hunab_access_override',
  /** An administrator's simulated access (free, paid and active, paid and waiting), from the admin popover. */
  accessSimulation: 'hunab_access_simulation',
  /** The game's setup as chosen before the profile is saved (a guest signs in between). */
  gameSetupDraft: 'hunab_game_setup',
  /** While an administrator views the product as a user: the administrator's own token and user, to go back to. */
  impersonation: 'hunab_impersonation',
} as const;

export const SESSION_KEYS = {
  authPromptDismissed: 'auth_prompt_dismissed',
  analyticsSessionId: 'analytics_session_id',
  reloadMarker: 'hunab_reload_marker',
  chunkRetries: 'hunab_chunk_retries',
  firstLoadShown: 'hunab_first_load_shown',
  /** Set when a card is opened for calculation: the cycles page computes from the card, not the account. */
  cyclesClientOnly: 'cycles_client_only',
  /** Set once a guest's cards have moved to the account in this session; sign-out clears it. */
  cardsMigrated: 'cards_migrated',
  /** Where a reader who registered from a checkout, a product or a shared page goes once onboarding ends. */
  afterOnboarding: 'hunab_after_onboarding',
  /** The scroll position of each history entry of this tab, so Back opens a page where the reader left it. */
  scrollPositions: 'hunab_scroll_positions',
  /** The top banners closed in this session, a JSON list of their kinds. */
  dismissedBanners: 'top_banners_dismissed',
  /** A product's variations with the time they were read, one key per product and language (kept 5 minutes). */
  productVariations: 'product_variations',
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
