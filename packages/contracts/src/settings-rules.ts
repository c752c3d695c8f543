/**
 * The application settings administrators change without a release (`app_settings`), their defaults and which of
 * them anyone may read. No zod here: the web app's first download reads the public ones through this module.
 */
export const SETTINGS_LANGUAGES = ['ru', 'en', 'es', 'pt', 'de', 'ja', 'zh', 'ar'] as const;

export interface AppSettings {
  /** The new 13-moons year the countdown banner leads to (spec 000 sections 4.6 and 9), YYYY-MM-DD. */
  thirteenMoonsTarget: string;
  /** The messenger bot the 13-moons banner opens. */
  thirteenMoonsBotUrl: string;
  /** The chat-bot link of each language (the language config of spec 000 section 3). */
  chatBotLinks: Record<(typeof SETTINGS_LANGUAGES)[number], string>;
  /** How many referral rewards one referrer may earn in a calendar month (UTC); the rest wait for the next. */
  referralRewardsPerMonth: number;
}
export type SettingKey = keyof AppSettings;

/** What `GET /api/settings` answers: the public settings, and whether a CRM is configured. */
export type PublicSettings = Partial<AppSettings> & { crm?: boolean };

export const SETTING_DEFAULTS: AppSettings = {
  thirteenMoonsTarget: '2025-07-26',
  thirteenMoonsBotUrl: 'https://t.me/hunab_13moons_bot',
  chatBotLinks: Object.fromEntries(
    SETTINGS_LANGUAGES.map((lang) => [lang, `https://t.me/hunab_app_bot?start=${lang}`]),
  ) as AppSettings['chatBotLinks'],
  referralRewardsPerMonth: 5,
};

/** Settings the public `GET /api/settings` answers; the others only administrators read. */
export const PUBLIC_SETTING_KEYS: readonly SettingKey[] = [
  'thirteenMoonsTarget',
  'thirteenMoonsBotUrl',
  'chatBotLinks',
];
export const SETTING_KEYS = Object.keys(SETTING_DEFAULTS) as SettingKey[];
