import { describe, expect, it } from 'vitest';
import {
  dateOfDayNumber,
  dayNumber,
  julianDayToTime,
  lunationAt,
  moonPhaseOfDay,
  parseDate,
  trueFullMoon,
  trueNewMoon,
} from '../src/index.ts';

/** The UTC date of the first instant of a phase at or after midnight UTC that opens `days` (1970-based). */
function firstAtOrAfter(days: number, phase: (k: number) => number): string {
  const midnight = days + 2440587.5;
  let k = lunationAt(midnight) - 1;
  while (phase(k) < midnight) k += 1;
  return new Date(julianDayToTime(phase(k))).toISOString().slice(0, 10);
}

describe('the next new and full moon of a day record', () => {
  it('is the same whether days come in order or scattered over the centuries, lunations sharing a cache slot included', () => {
    const first = dayNumber(parseDate('1600-01-01'));
    let seed = 7;
    const scattered = Array.from({ length: 3000 }, () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return first + (seed % 200_000);
    });
    // Days 64 lunations apart land on the same slot of the table of recent dates.
    const colliding = Array.from({ length: 200 }, (_, i) => first + 50_000 + (i % 2) * Math.round(64 * 29.530588861));
    const consecutive = Array.from({ length: 800 }, (_, i) => first + 100_000 + i);
    for (const days of [...scattered, ...colliding, ...consecutive]) {
      const phase = moonPhaseOfDay(dateOfDayNumber(days));
      expect(phase.nextNewMoon, String(days)).toBe(firstAtOrAfter(days, trueNewMoon));
      expect(phase.nextFullMoon, String(days)).toBe(firstAtOrAfter(days, (k) => trueFullMoon(k)));
    }
  });
});
