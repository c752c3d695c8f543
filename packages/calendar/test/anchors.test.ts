import { describe, expect, it } from 'vitest';
import { calendarDay, kinEntity, kinOfDate, parseDate, yearKinOf } from '../src/index.ts';

const kinAt = (text: string) => kinOfDate(parseDate(text));

describe('the anchors of the rules', () => {
  it.each([
    ['2018-02-08', 1],
    ['1987-07-26', 34],
    ['1993-07-26', 144],
    ['2012-12-21', 207],
    ['2013-07-26', 164],
    ['2000-01-01', 153],
    ['2025-07-26', 124],
  ])('%s is kin %i', (date, kin) => {
    expect(kinAt(date)).toBe(kin);
  });

  it('names kin 1 Red Magnetic Dragon and kin 34 White Galactic Wizard', () => {
    expect(kinEntity(1, 'en').name).toBe('Red Magnetic Dragon');
    expect(kinEntity(34, 'en').name).toBe('White Galactic Wizard');
    expect(kinEntity(34, 'ru').name).toBe('Белый Галактический Волшебник');
  });

  it('agrees the Russian tone with the gender of the seal', () => {
    expect(kinEntity(124, 'ru').name).toBe('Жёлтое Резонансное Семя');
    expect(kinEntity(207, 'ru').name).toBe('Синяя Кристаллическая Рука');
    expect(kinEntity(260, 'ru').name).toBe('Жёлтое Космическое Солнце');
  });

  it('names the year 2025-26 by Kin 124 Yellow Resonant Seed', () => {
    const day = calendarDay(parseDate('2026-01-15'), 'en');
    expect(day.yearStart).toBe(2025);
    expect(day.yearKin).toBe(124);
    expect(kinEntity(yearKinOf(2025), 'en').name).toBe('Yellow Resonant Seed');
  });

  it('gives the kin of 28 February to 29 February and kin + 1 to 1 March', () => {
    const feb28 = kinAt('2024-02-28');
    expect(kinAt('2024-02-29')).toBe(feb28);
    expect(kinAt('2024-03-01')).toBe(feb28 + 1);
  });

  it('treats century years by the Gregorian rule', () => {
    // 1900 and 2100 have no 29 February; 2000 has one.
    expect(() => parseDate('1900-02-29')).toThrow(/does not exist/);
    expect(() => parseDate('2100-02-29')).toThrow(/does not exist/);
    expect(kinAt('2000-02-29')).toBe(kinAt('2000-02-28'));
  });

  it('keeps the +105 per year rule in far years', () => {
    for (const year of [1000, 1582, 1900, 2500, 9998]) {
      const a = kinAt(`${year}-07-26`);
      const b = kinAt(`${year + 1}-07-26`);
      expect((b - a + 260) % 260).toBe(105);
    }
  });
});

describe('the day record', () => {
  it('reads 2012-12-21 fully', () => {
    const day = calendarDay(parseDate('2012-12-21'), 'en');
    expect(day).toMatchObject({
      date: '2012-12-21',
      yearStart: 2012,
      moon: 6,
      moonName: 'Rhythmic Lizard Moon',
      day: 9,
      dayOfWeek: 2,
      radialPlasma: { number: 2, name: 'Seli' },
      week: 2,
      isDayOutOfTime: false,
      isHunabKu: false,
    });
    expect(day.kin).toMatchObject({
      number: 207,
      name: 'Blue Crystal Hand',
      tone: { number: 12, name: 'Crystal' },
      sign: { number: 7, name: 'Blue Hand' },
      waveSpell: { number: 16, name: 'Yellow Warrior Wavespell' },
      color: 3,
      zolkinColumn: 11,
      zolkinRow: 7,
      plasma: 2,
    });
    expect(day.castle.name).toBe('Yellow Southern Castle of Giving');
    expect(day.yearKin).toBe(kinAt('2012-07-26'));
  });

  it('opens the year on 26 July: moon 1, day 1, Dali, day of year 1', () => {
    const day = calendarDay(parseDate('2025-07-26'));
    expect([day.moon, day.day, day.dayOfWeek, day.week, day.dayOfYear]).toEqual([1, 1, 1, 1, 1]);
  });

  it('gives 25 July a kin but no moon, day, week or plasma', () => {
    const day = calendarDay(parseDate('2026-07-25'), 'en');
    expect(day.isDayOutOfTime).toBe(true);
    expect(day.dayOfYear).toBe(365);
    expect(day.kin.number).toBe(kinAt('2026-07-24') + 1);
    expect([day.moon, day.day, day.dayOfWeek, day.week, day.radialPlasma, day.moonName]).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('marks 29 February as 0.0 Hunab Ku with the kin of 28 February and no moon', () => {
    const day = calendarDay(parseDate('2024-02-29'));
    const feb28 = calendarDay(parseDate('2024-02-28'));
    expect(day.isHunabKu).toBe(true);
    expect(day.kin).toBe(feb28.kin);
    expect(feb28.moon).toBe(8);
    expect(feb28.day).toBe(22);
    expect(calendarDay(parseDate('2024-03-01')).day).toBe(23);
    expect([day.moon, day.day, day.dayOfWeek, day.week, day.radialPlasma]).toEqual([null, null, null, null, null]);
  });

  it('follows the moon ranges of names.json', () => {
    const starts = [
      '07-26',
      '08-23',
      '09-20',
      '10-18',
      '11-15',
      '12-13',
      '01-10',
      '02-07',
      '03-07',
      '04-04',
      '05-02',
      '05-30',
      '06-27',
    ];
    starts.forEach((start, i) => {
      const year = i < 6 ? 2023 : 2024;
      const day = calendarDay(parseDate(`${year}-${start}`));
      expect([day.moon, day.day]).toEqual([i + 1, 1]);
    });
  });
});
