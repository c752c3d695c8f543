import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { type Language, languageOfPath, localizedPath } from '../../lib/languages.ts';
import type { FieldError } from './required.ts';

/** The interface language of the current path, and a helper that keeps its prefix on links and redirects. */
export function useAuthPaths(): { lang: Language; to: (path: string) => string } {
  const { pathname } = useLocation();
  const lang = languageOfPath(pathname);
  const to = useCallback((path: string) => localizedPath(lang, path), [lang]);
  return { lang, to };
}

/**
 * After a refused sign-in, holds the user on the page for a while (spec 001 section 4): an extra history entry is
 * pushed and pushed again whenever Back pops it, and leaving the page asks for confirmation. `arm` starts or extends
 * the window, `disarm` ends it (on success and on unmount).
 */
export function useBackNavigationGuard(): { arm: (ms: number) => void; disarm: () => void } {
  const until = useRef(0);
  const timer = useRef<number | undefined>(undefined);
  const cleanup = useRef<(() => void) | null>(null);

  const disarm = useCallback(() => {
    window.clearTimeout(timer.current);
    cleanup.current?.();
    cleanup.current = null;
    until.current = 0;
  }, []);

  const arm = useCallback(
    (ms: number) => {
      until.current = Date.now() + ms;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(disarm, ms);
      if (cleanup.current) return;
      const holding = () => Date.now() < until.current;
      const repush = () => window.history.pushState(window.history.state, '', window.location.href);
      const onPopState = () => {
        if (holding()) repush();
      };
      const onBeforeUnload = (event: BeforeUnloadEvent) => {
        if (!holding()) return;
        event.preventDefault();
        // Older browsers need a return value to show the dialog.
        event.returnValue = '';
      };
      repush();
      window.addEventListener('popstate', onPopState);
      window.addEventListener('beforeunload', onBeforeUnload);
      cleanup.current = () => {
        window.removeEventListener('popstate', onPopState);
        window.removeEventListener('beforeunload', onBeforeUnload);
      };
    },
    [disarm],
  );

  useEffect(() => disarm, [disarm]);
  return { arm, disarm };
}

/** A countdown in whole seconds: `start(60)`, then `left` falls to 0 once a second. */
export function useCooldown(): { left: number; start: (seconds: number) => void } {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const id = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) window.clearInterval(id);
    }, 250);
    return () => window.clearInterval(id);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1000);
  }, []);

  return { left: Math.max(0, Math.ceil((endsAt - now) / 1000)), start };
}

type TextValues<V> = { [K in keyof V]: string };

/** The values of a form of text fields, and what is wrong with them as far as it is shown yet. */
export interface CheckedForm<V extends TextValues<V>> {
  values: V;
  /** The problems of the values as they are now, shown or not. */
  errors: Partial<Record<keyof V, FieldError>>;
  set: (field: keyof V) => (value: string) => void;
  touch: (field: keyof V) => () => void;
  /** The translated problem of a field, once the field was left with something in it or the form was sent. */
  errorText: (field: keyof V) => string | null;
  markSubmitted: () => void;
  /** The form was sent at least once. */
  submitted: boolean;
}

/** A field is checked once left with something in it, and from the first submit on, on every change. */
export function useCheckedForm<V extends TextValues<V>>(
  initial: () => V,
  validate: (values: V) => Partial<Record<keyof V, FieldError>>,
): CheckedForm<V> {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const errors = validate(values);
  return {
    values,
    errors,
    set: (field) => (value) => setValues((old) => ({ ...old, [field]: value })),
    touch: (field) => () => {
      if (values[field] !== '') setTouched((old) => (old[field] ? old : { ...old, [field]: true }));
    },
    errorText: (field) => {
      const problem = submitted || touched[field] ? errors[field] : undefined;
      return problem ? t(problem.key, problem.values) : null;
    },
    markSubmitted: () => setSubmitted(true),
    submitted,
  };
}
