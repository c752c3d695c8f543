/**
 * What brought a visitor to registration or a mailing list (spec 001 sections 3 and 4). Kept apart from the zod
 * schemas so the landings and the registration page can read it without the validation library.
 */
export const INTERESTS = ['coach', 'essence', '13moons', 'general', '13secrets', '13days'] as const;
