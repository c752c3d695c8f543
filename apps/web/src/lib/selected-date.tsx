import { addDays, formatDate, type PlainDate, today } from '@hunab/calendar';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';

/** Hourly refresh of "today" (spec 000 section 9: 3,600,000 ms). */
export const SELECTED_DATE_REFRESH_MS = 3_600_000;

/**
 * Asked before the selected date moves to another day; answers false to keep the current one (access rules live
 * with the features that know the plan, so the guard is registered from outside).
 */
export type DateChangeGuard = (target: PlainDate) => boolean;

interface SelectedDateValue {
  date: PlainDate;
  /** YYYY-MM-DD */
  iso: string;
  isToday: boolean;
  setDate(date: PlainDate): void;
  /**
   * Shows the date an address names (/context/{date}): the guard is told, so it can prompt or count, but the
   * selection follows the address whatever it answers, since the page of that address shows that date.
   */
  showDate(date: PlainDate): void;
  step(days: number): void;
  goToday(): void;
  /** Installs the guard asked before every change; returns the function that removes it. */
  setGuard(guard: DateChangeGuard): () => void;
}

const SelectedDateContext = createContext<SelectedDateValue | null>(null);

/**
 * The date every matrix page reads: today by default (at noon, as a plain date), refreshed hourly while the user
 * has not picked another; changing it invalidates personal content (spec 000 section 4.9).
 */
export function SelectedDateProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ date: PlainDate; followsToday: boolean }>(() => ({
    date: today(),
    followsToday: true,
  }));

  useEffect(() => {
    const timer = window.setInterval(() => {
      setState((current) => (current.followsToday ? { date: today(), followsToday: true } : current));
    }, SELECTED_DATE_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);

  const guard = useRef<DateChangeGuard | null>(null);
  const setGuard = useCallback((next: DateChangeGuard) => {
    guard.current = next;
    return () => {
      if (guard.current === next) guard.current = null;
    };
  }, []);

  const change = useCallback(
    (date: PlainDate, fromAddress = false) => {
      if (guard.current && !guard.current(date) && !fromAddress) return;
      const now = today();
      const followsToday = formatDate(date) === formatDate(now);
      setState({ date, followsToday });
      void queryClient.invalidateQueries({ queryKey: ['personal'] });
    },
    [queryClient],
  );

  const value = useMemo<SelectedDateValue>(() => {
    const iso = formatDate(state.date);
    return {
      date: state.date,
      iso,
      isToday: iso === formatDate(today()),
      setDate: (date) => change(date),
      showDate: (date) => change(date, true),
      step: (days) => {
        try {
          change(addDays(state.date, days));
        } catch {
          // Stepping past 1000-01-01 or 9999-12-31 does nothing.
        }
      },
      goToday: () => change(today()),
      setGuard,
    };
  }, [state.date, change, setGuard]);

  return <SelectedDateContext.Provider value={value}>{children}</SelectedDateContext.Provider>;
}

export function useSelectedDate(): SelectedDateValue {
  const value = useContext(SelectedDateContext);
  if (!value) throw new Error('useSelectedDate needs a SelectedDateProvider');
  return value;
}
