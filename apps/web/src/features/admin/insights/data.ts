/** A date `days` from today (UTC), YYYY-MM-DD, as the admin endpoints count days. */
export const utcDayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
