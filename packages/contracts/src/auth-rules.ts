/**
 * The account rules pages show and check before the server does, kept apart from the zod schemas (auth.ts) so a page
 * that only needs a limit does not build the validation library's schemas as it starts.
 */
import { INTERESTS } from './interests.ts';

/** Limits of the registration and login forms (spec 001 section 5). */
export const EMAIL_MIN_LENGTH = 5;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const BIRTH_DATE_MIN = '1900-01-01';
export const MIN_AGE = 6;
export const MAX_AGE = 120;
/** The longest name (and username) an account may give itself. */
export const USER_NAME_MAX = 100;

export const REGISTRATION_SOURCES = ['website', 'mobile_app', 'pwa', 'telegram', 'subscribe'] as const;
export { INTERESTS };
export const THEMES = ['dark', 'light'] as const;

/**
 * The versions of the terms of use and the privacy policy in force, as the legal pages date them: the date each
 * text last changed. A registration the reader consented to keeps these with the time of the consent.
 */
export const LEGAL_VERSIONS = { terms: '2026-11-27', privacy: '2026-11-27' } as const;
