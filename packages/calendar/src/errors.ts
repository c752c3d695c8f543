export type CalendarErrorCode =
  | 'INVALID_DATE'
  | 'DATE_OUT_OF_RANGE'
  | 'INVALID_KIN'
  | 'INVALID_TONE'
  | 'INVALID_SEAL'
  | 'INVALID_WAVESPELL'
  | 'INVALID_MOON'
  | 'INVALID_DAY_OF_MOON'
  | 'INVALID_LANGUAGE'
  | 'INVALID_OFFSET';

/** Raised for input the calendar cannot compute; `code` is stable, `message` is readable. */
export class CalendarError extends Error {
  readonly code: CalendarErrorCode;

  constructor(code: CalendarErrorCode, message: string) {
    super(message);
    this.name = 'CalendarError';
    this.code = code;
  }
}

export const INVALID_KIN_MESSAGE = 'Invalid kin number. Must be between 1 and 260.';

export function isCalendarError(error: unknown): error is CalendarError {
  return error instanceof CalendarError;
}
