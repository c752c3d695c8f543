import { describe, expect, it } from 'vitest';
import { addDays, calendarDay, dateOfDayNumber, dayNumber, formatDate, parseDate } from '../src/index.ts';

describe('a walk over every day from 1000-01-01 to 9999-12-31', () => {
  it('advances the kin, the moon and the day consistently', () => {
    const first = dayNumber(parseDate('1000-01-01'));
    const last = dayNumber(parseDate('9999-12-31'));
    let previous = calendarDay(dateOfDayNumber(first));
    let days = 1;
    let portals = 0;
    for (let n = first + 1; n <= last; n++) {
      const date = dateOfDayNumber(n);
      const day = calendarDay(date);
      const expectedKin = day.isHunabKu ? previous.kin.number : (previous.kin.number % 260) + 1;
      if (day.kin.number !== expectedKin) throw new Error(`kin breaks at ${day.date}`);

      if (day.isHunabKu || day.isDayOutOfTime) {
        if (day.moon !== null || day.day !== null || day.week !== null || day.dayOfWeek !== null) {
          throw new Error(`special day ${day.date} has a moon`);
        }
      } else if (previous.isDayOutOfTime) {
        if (day.moon !== 1 || day.day !== 1 || date.month !== 7 || date.day !== 26) {
          throw new Error(`year does not open on 26 July at ${day.date}`);
        }
        if (
          date.year > 1000 &&
          (day.kin.number - calendarDay({ ...date, year: date.year - 1 }).kin.number + 260) % 260 !== 105
        ) {
          throw new Error(`26 July breaks +105 at ${day.date}`);
        }
      } else {
        const before = previous.isHunabKu ? calendarDay(addDays(date, -2)) : previous;
        const expected = before.day === 28 ? [(before.moon ?? 0) + 1, 1] : [before.moon, (before.day ?? 0) + 1];
        if (day.moon !== expected[0] || day.day !== expected[1]) throw new Error(`moon breaks at ${day.date}`);
        if (day.dayOfWeek !== (((day.day ?? 0) - 1) % 7) + 1) throw new Error(`week day breaks at ${day.date}`);
      }
      if (day.isDayOutOfTime !== (date.month === 7 && date.day === 25))
        throw new Error(`Day Out of Time at ${day.date}`);
      if (day.kin.isGalacticPortal) portals++;
      previous = day;
      days++;
    }
    expect(days).toBe(last - first + 1);
    expect(formatDate(dateOfDayNumber(last))).toBe('9999-12-31');
    expect(portals).toBeGreaterThan(0);
  });

  it('round-trips every civil day number', () => {
    const first = dayNumber(parseDate('1000-01-01'));
    const last = dayNumber(parseDate('9999-12-31'));
    for (let n = first; n <= last; n++) {
      if (dayNumber(dateOfDayNumber(n)) !== n) throw new Error(`day number ${n} does not round-trip`);
    }
    expect(last - first + 1).toBe(3_287_182);
  });
});
