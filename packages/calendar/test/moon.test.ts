import { NextMoonQuarter, SearchMoonPhase, SearchMoonQuarter } from 'astronomy-engine';
import { describe, expect, it } from 'vitest';
import {
  CalendarError,
  calendarDay,
  dateOfDayNumber,
  dayNumber,
  deltaTSeconds,
  formatDate,
  julianDayToTime,
  lunationAt,
  moonPhaseIndex,
  moonPhaseOfDay,
  type PlainDate,
  parseDate,
  trueFullMoon,
  trueNewMoon,
} from '../src/index.ts';

/**
 * The engine's Moon (Meeus, chapter 49) held against an ephemeris it does not use: astronomy-engine, which
 * integrates its own lunar theory and ΔT. Used in tests only.
 */

const DAY_MS = 86_400_000;
const timeOfJulianDay = (jd: number) => julianDayToTime(jd);
const jdOfTime = (ms: number) => ms / DAY_MS + 2440587.5;

/** The reference image of a day at noon UTC: the age from astronomy-engine's last new moon. */
function referenceAge(date: PlainDate): number {
  const noon = dayNumber(date) * DAY_MS + DAY_MS / 2;
  const lastNew = SearchMoonPhase(0, new Date(noon), -31);
  if (!lastNew) throw new Error('no new moon found');
  return (noon - lastNew.date.getTime()) / DAY_MS;
}

/** Every new and full moon of 2025-2027 by astronomy-engine, with its UTC date. */
function referencePhases(): { kind: 'new' | 'full'; time: number }[] {
  const phases: { kind: 'new' | 'full'; time: number }[] = [];
  let quarter = SearchMoonQuarter(new Date(Date.UTC(2025, 0, 1)));
  while (quarter.time.date.getTime() < Date.UTC(2028, 0, 1)) {
    if (quarter.quarter === 0) phases.push({ kind: 'new', time: quarter.time.date.getTime() });
    if (quarter.quarter === 2) phases.push({ kind: 'full', time: quarter.time.date.getTime() });
    quarter = NextMoonQuarter(quarter);
  }
  return phases;
}

const utcDateOf = (ms: number): PlainDate => dateOfDayNumber(Math.floor(ms / DAY_MS));

describe('the true new and full moons (Meeus, chapter 49)', () => {
  it('reproduces the worked example of the book: the new moon of February 1977 (k = -283)', () => {
    // Meeus, example 49.a: JDE 2443192.65118, 1977 February 18, 3h37m42s TD.
    const jde = trueNewMoon(-283) + deltaTSeconds(1977.13) / 86400;
    expect(jde).toBeCloseTo(2443192.65118, 4);
  });

  it('puts every new and full moon of 2025-2027 within two minutes of astronomy-engine', () => {
    const phases = referencePhases();
    expect(phases.length).toBeGreaterThanOrEqual(73);
    for (const { kind, time } of phases) {
      const k = lunationAt(jdOfTime(time) + (kind === 'new' ? 0.5 : 0));
      const ours = timeOfJulianDay(kind === 'new' ? trueNewMoon(k) : trueFullMoon(k));
      expect(Math.abs(ours - time) / 60_000, `${kind} moon of ${new Date(time).toISOString()}`).toBeLessThan(2);
    }
  });

  it.each([
    // Published times (UTC) of new moons on which solar eclipses fell, and of a lunar eclipse's full moon.
    ['new', '2025-03-29T10:58Z'],
    ['new', '2025-09-21T19:54Z'],
    ['new', '2026-02-17T12:01Z'],
    ['full', '2026-03-03T11:38Z'],
    ['new', '2026-07-14T09:44Z'],
    ['new', '2026-08-12T17:37Z'],
    ['new', '2027-08-02T10:05Z'],
  ] as const)('gives the %s moon of %s to within three minutes', (kind, text) => {
    const time = Date.parse(text);
    const k = lunationAt(jdOfTime(time) + (kind === 'new' ? 0.5 : 0));
    const ours = timeOfJulianDay(kind === 'new' ? trueNewMoon(k) : trueFullMoon(k));
    expect(Math.abs(ours - time) / 60_000).toBeLessThan(3);
  });
});

describe('the phase image of a day', () => {
  it('agrees with astronomy-engine on the day of every new and full moon of 2025-2027 and a week after', () => {
    let checked = 0;
    for (const { time } of referencePhases()) {
      const day = utcDateOf(time);
      for (const date of [day, dateOfDayNumber(dayNumber(day) + 7)]) {
        const age = referenceAge(date);
        const expected = Math.min(30, Math.max(1, Math.floor(age) + 1));
        const image = moonPhaseOfDay(date).image;
        const hoursFromBoundary = Math.abs(age - Math.round(age)) * 24;
        if (image !== expected) {
          // One off only when the noon Moon is within a few hours of an image boundary.
          expect(Math.abs(image - expected), formatDate(date)).toBe(1);
          expect(hoursFromBoundary, formatDate(date)).toBeLessThan(3);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(146);
  });

  it('starts the cycle on the day of the new moon of 14 July 2026, where a mean cycle gave image 30', () => {
    expect(moonPhaseOfDay(parseDate('2026-07-14')).image).toBe(1);
    expect(moonPhaseIndex(parseDate('2026-07-14'))).toBe(1);
    expect(moonPhaseOfDay(parseDate('2026-07-13')).image).toBe(29);
    expect(moonPhaseOfDay(parseDate('2026-07-15')).image).toBe(2);
  });

  it('names the next new and full moon dates, today included when the event falls on it', () => {
    expect(moonPhaseOfDay(parseDate('2026-07-14'))).toMatchObject({
      nextNewMoon: '2026-07-14',
      nextFullMoon: '2026-07-29',
      phase: 1,
    });
    expect(moonPhaseOfDay(parseDate('2026-07-15')).nextNewMoon).toBe('2026-08-12');
    // The full moon of 3 March 2026 (11:38 UTC) is that day's own.
    expect(moonPhaseOfDay(parseDate('2026-03-03'))).toMatchObject({ nextFullMoon: '2026-03-03', phase: 5 });
    expect(moonPhaseOfDay(parseDate('2026-03-04')).nextFullMoon).toBe('2026-04-02');
  });

  it('counts noon in the reader zone on the pages, so one date can show two images', () => {
    // Noon of 13 July at UTC+14 is 22:00 UTC on 12 July, a day earlier in the Moon's age than noon UTC.
    expect(moonPhaseOfDay(parseDate('2026-07-13'), 14 * 60).image).toBe(28);
    // Noon of 14 July at UTC-10 is 22:00 UTC, twelve hours after the new moon.
    expect(moonPhaseOfDay(parseDate('2026-07-14'), -10 * 60).image).toBe(1);
    // In Tokyo (UTC+9) noon of 14 July is 03:00 UTC, before the new moon: the cycle's last image, 29 or 30.
    expect(moonPhaseOfDay(parseDate('2026-07-14'), 9 * 60).image).toBeGreaterThanOrEqual(29);
    expect(moonPhaseOfDay(parseDate('2026-07-14'), 9 * 60).nextNewMoon).toBe('2026-07-14');
    expect(moonPhaseIndex(parseDate('2026-07-14'), 9 * 60)).toBeGreaterThanOrEqual(29);
  });

  it('stays within images 1-30 across the calendar years and rejects an impossible zone offset', () => {
    for (let n = dayNumber(parseDate('1000-01-01')); n < dayNumber(parseDate('9999-12-31')); n += 997) {
      const { image, age } = moonPhaseOfDay(dateOfDayNumber(n));
      expect(image).toBeGreaterThanOrEqual(1);
      expect(image).toBeLessThanOrEqual(30);
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThan(30);
    }
    expect(moonPhaseOfDay(parseDate('9999-12-31')).nextFullMoon).toBeNull();
    expect(() => moonPhaseOfDay(parseDate('2026-07-14'), 15 * 60)).toThrow(CalendarError);
    expect(() => moonPhaseOfDay(parseDate('2026-07-14'), Number.NaN)).toThrow(/zone offset/);
  });

  it('is carried in the day record at noon UTC', () => {
    expect(calendarDay(parseDate('2026-07-14')).moonPhase).toEqual(moonPhaseOfDay(parseDate('2026-07-14')));
    expect(calendarDay(parseDate('2028-02-29')).moonPhase.image).toBe(moonPhaseOfDay(parseDate('2028-02-29')).image);
  });
});
