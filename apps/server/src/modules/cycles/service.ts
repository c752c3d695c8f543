import {
  addDays,
  birthdayIn,
  calendarDay,
  formatDate,
  lastBirthday,
  lifeStats,
  MAX_YEAR,
  MIN_YEAR,
  oracleOfKin,
  type PlainDate,
  parseDate,
} from '@hunab/calendar';
import { featuresOfTier, type PersonalCycles } from '@hunab/contracts';
import type { SubscriptionService } from '../subscriptions/service.ts';

/** Personal years shown either side of the one under way. */
const YEARS_AROUND = 4;

const kinOn = (date: PlainDate) => calendarDay(date).kin.number;

/** The free part: the birth kin and the personal year under way on `today`. */
export function currentCycle(birth: PlainDate, today: PlainDate): PersonalCycles['current'] {
  const born = formatDate(birth) <= formatDate(today);
  const stats = lifeStats(birth, today);
  if (!born) return { birth_kin: kinOn(birth), year: null, life_cycle_year: 0 };
  const start = lastBirthday(birth, today);
  const next = start.year + 1 <= MAX_YEAR ? birthdayIn(birth, start.year + 1) : null;
  return {
    birth_kin: kinOn(birth),
    year: {
      kin: kinOn(start),
      age: start.year - birth.year,
      starts_on: formatDate(start),
      ends_on: next ? formatDate(addDays(next, -1)) : null,
    },
    life_cycle_year: stats.lifeCycleYear,
  };
}

/** The rest: the oracle of the birth kin, the next return, the days lived and the personal years around today's. */
export function fullCycles(birth: PlainDate, today: PlainDate): NonNullable<PersonalCycles['full']> {
  const stats = lifeStats(birth, today);
  const oracle = oracleOfKin(kinOn(birth));
  const years: NonNullable<PersonalCycles['full']>['years'] = [];
  for (let age = stats.years - YEARS_AROUND; age <= stats.years + YEARS_AROUND; age++) {
    const year = birth.year + age;
    if (age < 0 || year < MIN_YEAR || year > MAX_YEAR) continue;
    const birthday = birthdayIn(birth, year);
    years.push({ age, birthday: formatDate(birthday), kin: kinOn(birthday) });
  }
  return {
    oracle: { guide: oracle.guide, analog: oracle.analog, antipode: oracle.antipod, occult: oracle.occult },
    next_return: formatDate(stats.nextReturn),
    days_to_next_return: stats.daysToNextReturn,
    days_lived: stats.daysLived,
    galactic_returns: stats.galacticReturns,
    years,
  };
}

/**
 * The personal cycles of a birth date. The plan decides how much is served (spec 000 sections 3 and 5: cycles full
 * access only with basic and premium): the current cycle to everyone, the full cycles to plans with
 * `cycles.fullAccess` and to administrators.
 */
export function createCyclesService({ subscriptions }: { subscriptions: SubscriptionService }) {
  return {
    async personal(
      reader: { id: string; isAdmin: boolean } | null,
      birthDate: string,
      todayText: string,
    ): Promise<PersonalCycles> {
      const birth = parseDate(birthDate);
      const today = parseDate(todayText);
      const access = await subscriptions.accessOf(reader);
      const full = access.isAdmin || featuresOfTier(access.tier)['cycles.fullAccess'];
      return {
        access: full ? 'full' : 'current',
        birth_date: birthDate,
        current: currentCycle(birth, today),
        full: full ? fullCycles(birth, today) : null,
      };
    },
  };
}

export type CyclesService = ReturnType<typeof createCyclesService>;
