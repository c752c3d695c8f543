import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { calendarDay, dateOfDayNumber, dayNumber, localDateOf, parseDate, today } from '../src/index.ts';

/**
 * A digest of the numbers of every day record from 1950 to 2049. The engine suite runs again under
 * TZ=America/New_York and TZ=Pacific/Kiritimati (UTC-5 and UTC+14), and must give this same digest there.
 */
const CENTURY_DIGEST = '9682502f47317fa08f12ec248d4ef91fc3c475d13d55e0b8c3990576cfd8ac79';

describe('time zones', () => {
  it('computes the same records whatever the TZ', () => {
    const hash = createHash('sha256');
    const from = dayNumber(parseDate('1950-01-01'));
    for (let n = from; n < from + 36525; n++) {
      const d = calendarDay(dateOfDayNumber(n));
      hash.update(
        `${d.date} ${d.kin.number} ${d.yearKin} ${d.dayOfYear} ${d.moon} ${d.day} ${d.dayOfWeek} ${d.week} ${d.isDayOutOfTime} ${d.isHunabKu};`,
      );
    }
    expect(hash.digest('hex')).toBe(CENTURY_DIGEST);
  });

  it("reads today's local date from the clock, not UTC", () => {
    const late = new Date(2012, 11, 21, 23, 30);
    expect(localDateOf(late)).toEqual({ year: 2012, month: 12, day: 21 });
    expect(calendarDay(localDateOf(late)).kin.number).toBe(207);
    const now = new Date();
    expect(today()).toEqual({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
  });
});
