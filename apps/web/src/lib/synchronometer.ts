import type { CalendarDay, MoonPhaseDay } from '@hunab/calendar';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The named phase of a day's Moon (calendarNames(lang).moonPhases, 1 new to 8 waning crescent). */
export function moonPhaseName(moonPhases: readonly string[], phase: MoonPhaseDay): string {
  return moonPhases[phase.phase - 1] ?? '';
}

/** The accessible name of a phase image: "Waxing crescent, 4 days" (whole days of true lunar age). */
export function moonPhaseLabel(t: Translate, moonPhases: readonly string[], phase: MoonPhaseDay): string {
  return t('moon.label', { ns: 'sync', phase: moonPhaseName(moonPhases, phase), count: Math.floor(phase.age) });
}

/** What the date line says after the New Sirius date: the day outside the moons, or nothing. */
export type OutsideMoons = 'dayOutOfTime' | 'hunabKu' | null;

export function outsideMoons(day: Pick<CalendarDay, 'isDayOutOfTime' | 'isHunabKu'>): OutsideMoons {
  if (day.isHunabKu) return 'hunabKu';
  if (day.isDayOutOfTime) return 'dayOutOfTime';
  return null;
}

/** A YYYY-MM-DD date as a local Date at noon, for the language's date formats. */
export function noonOf(iso: string): Date {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return new Date(year, month - 1, day, 12);
}
