import { addDreamspellDays, calendarDay, formatDate, type PlainDate } from '@hunab/calendar';
import { useNavigate } from 'react-router';
import type { Language } from '../../lib/languages.ts';
import { localizedPath } from '../../lib/languages.ts';

/** The date of a kin in the 260-day round that holds `around` (the kin may come before or after it). */
export function dateOfKinNear(around: PlainDate, kin: number): PlainDate {
  const here = calendarDay(around).kin.number;
  let offset = kin - here;
  if (offset > 130) offset -= 260;
  if (offset < -130) offset += 260;
  return addDreamspellDays(around, offset);
}

/** Opens the seal page of a date: /context/{YYYY-MM-DD}. */
export function useOpenContext(lang: Language) {
  const navigate = useNavigate();
  return (date: PlainDate) => navigate(localizedPath(lang, `/context/${formatDate(date)}`));
}
