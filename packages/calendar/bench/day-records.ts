/**
 * Full day records per second: calendarDay() over dates spread from 1000 to 9999, on one thread, every field read
 * (the synchronometer and the Moon included), then over consecutive days. Prints the best of several rounds; a day
 * record should stay well under a microsecond. The lunations the dates need are computed in the warm-up round and kept, as they are in use;
 * the last line says how fast lunations never seen before are computed.
 */
import {
  calendarDay,
  dateOfDayNumber,
  dayNumber,
  type Language,
  type PlainDate,
  parseDate,
  trueFullMoon,
  trueNewMoon,
} from '../src/index.ts';

const DATES = 1 << 16;
const ROUND_MS = 1000;
const ROUNDS = 5;

const first = dayNumber(parseDate('1000-01-01'));
const span = dayNumber(parseDate('9999-12-31')) - first + 1;
let seed = 20121221;
const random = () => {
  seed = (seed * 1103515245 + 12345) >>> 0;
  return seed / 2 ** 32;
};
const dates: PlainDate[] = Array.from({ length: DATES }, () => dateOfDayNumber(first + Math.floor(random() * span)));

function round(
  lang: Language,
  list: readonly PlainDate[] = dates,
): { perSecond: number; cpuNanos: number; checksum: number } {
  let checksum = 0;
  let records = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ROUND_MS) {
    for (let i = 0; i < DATES; i++) {
      const day = calendarDay(list[i] as PlainDate, lang);
      checksum +=
        day.kin.number +
        (day.moon ?? 0) +
        day.date.length +
        (day.psiKin?.number ?? 0) +
        day.kin.fifthForce.number +
        day.kin.harmonic.number +
        day.kin.chromatic.number +
        day.newSirius.text.length +
        (day.heptad?.gate ?? 0) +
        day.moonPhase.image +
        (day.moonPhase.nextFullMoon?.length ?? 0);
    }
    records += DATES;
    elapsed = performance.now() - start;
  }
  const used = process.cpuUsage(cpu);
  return { perSecond: (records / elapsed) * 1000, cpuNanos: ((used.user + used.system) * 1000) / records, checksum };
}

/** 65,536 consecutive days from 1990, as a reader's pages and the feeds ask for them. */
const consecutive: PlainDate[] = Array.from({ length: DATES }, (_, i) =>
  dateOfDayNumber(dayNumber(parseDate('1990-01-01')) + i),
);

for (const [lang, list, what] of [
  ['ru', dates, 'full day records'],
  ['en', dates, 'full day records'],
  ['en', consecutive, 'full day records of consecutive days'],
] as const) {
  round(lang, list); // warm-up: JIT and the kin tables
  let best = 0;
  let cpuNanos = Number.POSITIVE_INFINITY;
  let checksum = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const result = round(lang, list);
    best = Math.max(best, result.perSecond);
    cpuNanos = Math.min(cpuNanos, result.cpuNanos);
    checksum += result.checksum;
  }
  console.log(
    `calendarDay (${lang}): ${(best / 1e6).toFixed(1)} million ${what} per second on one thread, ${cpuNanos.toFixed(0)} ns of CPU each (checksum ${checksum % 1000})`,
  );
}

// Lunations outside the calendar's kept range (k from 200,000 on) are computed every time: the cost of a new one.
{
  let sum = 0;
  let count = 0;
  const start = performance.now();
  while (performance.now() - start < ROUND_MS) {
    for (let i = 0; i < 1000; i++) sum += trueNewMoon(200_000 + count + i) + trueFullMoon(200_000 + count + i);
    count += 1000;
  }
  const perSecond = ((count * 2) / (performance.now() - start)) * 1000;
  console.log(
    `true new or full moon never seen before: ${(perSecond / 1e3).toFixed(0)} thousand per second (checksum ${Math.round(sum) % 1000})`,
  );
}
