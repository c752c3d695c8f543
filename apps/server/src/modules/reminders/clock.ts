/** How long after the chosen time a reminder still goes out the same day (a server that was down catches up). */
export const CATCH_UP_MINUTES = 180;

export interface LocalClock {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** Minutes since local midnight. */
  minutes: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock date and time of an instant in an IANA zone. */
export function localClock(at: Date, timeZone: string): LocalClock {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The local day whose reminder is due at `at`, or null: from the chosen time until CATCH_UP_MINUTES later, on the
 * same local day. A clock moved forward over the chosen time (summer time) still falls in the window; a time that
 * happens twice (autumn) is claimed once by the day's send row.
 */
export function dueLocalDay(at: Date, timeZone: string, localTime: string): string | null {
  const clock = localClock(at, timeZone);
  const chosen = minutesOf(localTime);
  return clock.minutes >= chosen && clock.minutes < chosen + CATCH_UP_MINUTES ? clock.date : null;
}
