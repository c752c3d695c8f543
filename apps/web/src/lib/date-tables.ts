export type DateStyle = 'full' | 'long' | 'medium' | 'short';

/** How a language writes dates: the tables of date-formats.ts, written by scripts/date-formats.mjs. */
export interface DateTables {
  /** The ten digits, zero first. */
  digits: string;
  /** Month (January first) and weekday (Sunday first, as Date.getDay counts) names, each list once. */
  names: readonly (readonly string[])[];
  styles: Readonly<
    Record<
      DateStyle,
      {
        /** Literal text and placeholders: {weekday} {day} {day2} {month} {monthNumber} {month2} {year} {year2}. */
        pattern: readonly string[];
        /** Index in `names` of the month names this style writes. */
        months?: number;
        /** Index in `names` of the weekday names this style writes. */
        weekdays?: number;
      }
    >
  >;
}
