import { type PlainDate, today } from '@hunab/calendar';
import { useEffect, useState } from 'react';

const sameDate = (a: PlainDate, b: PlainDate) => a.year === b.year && a.month === b.month && a.day === b.day;

/** The user's local calendar date, kept current across midnight and after the device wakes. */
export function useToday(): PlainDate {
  const [date, setDate] = useState(today);
  useEffect(() => {
    const check = () => setDate((current) => (sameDate(current, today()) ? current : today()));
    const timer = window.setInterval(check, 60_000);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, []);
  return date;
}
