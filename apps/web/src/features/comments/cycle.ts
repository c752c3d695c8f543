import {
  calendarDay,
  calendarNames,
  kinEntity,
  type Language,
  moonOfDate,
  type PlainDate,
  parseDate,
  yearStartOfDate,
} from '@hunab/calendar';
import type { CommentCycleType } from '@hunab/contracts';

/** The cycle a comments block talks about (docs/decisions/014-comments.md). */
export interface CommentCycle {
  cycleType: CommentCycleType;
  cycleValue: number;
  /** 0 unless the cycle is one occurrence: the moon of one 13-moon year. */
  cycleSubValue: number;
  /** Personal cycles, counted from a birth date. */
  isSum: boolean;
}

/** What a matrix page shows: its route path (from the route table), its parameters, the selected date, a birth date. */
export interface PageState {
  routePath: string;
  params: Readonly<Record<string, string | undefined>>;
  date: PlainDate;
  birthDate: string | null;
}

/** A whole number from a route parameter within min..max, else null. */
function numberParam(text: string | undefined, min: number, max: number): number | null {
  if (text === undefined || !/^\d{1,4}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

function dateParam(text: string | undefined): PlainDate | null {
  try {
    return text ? parseDate(text) : null;
  } catch {
    return null;
  }
}

const general = (cycleType: CommentCycleType, cycleValue: number, cycleSubValue = 0): CommentCycle => ({
  cycleType,
  cycleValue,
  cycleSubValue,
  isSum: false,
});

/**
 * The cycle of each matrix page: the kin of the day on the dashboard, the Tzolkin and placeholder matrices; the seal
 * on /context; the tone day of the 13-day process; the moon of its year; the 13-moon year; the wavespell; the radial
 * plasma; the kin of /kin; the oracle of the day's kin on /cross; the birth kin, as a personal cycle, on
 * /dash/cycles. Null where the page shows no cycle (no birth date yet, an invalid kin number).
 */
export function cycleOfPage({ routePath, params, date, birthDate }: PageState): CommentCycle | null {
  const day = calendarDay(date);
  switch (routePath) {
    case '/dash/cycles':
      return birthDate ? { ...general('kin', calendarDay(parseDate(birthDate)).kin.number), isSum: true } : null;
    case '/moon': {
      const moon = moonOfDate(date);
      return general('moon', moon.moon.number, moon.yearStart);
    }
    case '/context/:date?':
      return general('seal', calendarDay(dateParam(params.date) ?? date).kin.sign.number);
    case '/process/:toneId?':
      return general('13days', numberParam(params.toneId, 1, 13) ?? day.kin.tone.number);
    case '/year/:yearId?':
      return general('year', numberParam(params.yearId, 1000, 9998) ?? yearStartOfDate(date));
    case '/trecena/:wavespellId?':
      return general('wavespell', numberParam(params.wavespellId, 1, 20) ?? day.kin.waveSpell.number);
    case '/plasma/:plasmaId?': {
      const plasma = numberParam(params.plasmaId, 1, 7);
      return plasma ? general('plasma', plasma) : null;
    }
    case '/kin/:kinNumber?': {
      const kin = numberParam(params.kinNumber, 1, 260);
      return kin ? general('kin', kin) : null;
    }
    case '/cross':
      return general('oracle', day.kin.number);
    default:
      return general('kin', day.kin.number);
  }
}

/** The name of a cycle for the block's heading, in the reader's language. */
export function cycleName(cycle: CommentCycle, lang: Language): string {
  const names = calendarNames(lang);
  const n = cycle.cycleValue;
  switch (cycle.cycleType) {
    case 'kin':
    case 'oracle':
      return kinEntity(n, lang).name;
    case 'seal':
      return names.seals[n - 1] ?? String(n);
    case 'tone':
    case '13days':
      return names.tones[n - 1] ?? String(n);
    case 'moon':
      return `${names.moons[n - 1] ?? n} · ${cycle.cycleSubValue}–${cycle.cycleSubValue + 1}`;
    case 'wavespell':
      return names.wavespells[n - 1] ?? String(n);
    case 'plasma':
      return names.radialPlasmas[n - 1] ?? String(n);
    case 'year':
      return `${n}–${n + 1}`;
  }
}
