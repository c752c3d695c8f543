import { reportError } from './error-reporting.ts';

/**
 * The performance emergency check of spec 000 section 9: 3 s after start, a largest paint above 5 s, a first paint
 * above 3 s or more than 1 s of main-thread blocking means this device struggles with the app. Then the app reports
 * it through the error-report endpoint (with the figures) and goes light: animations and transitions stop
 * (`perf-emergency` on <html>) and the background work that can wait (the product sync) is skipped for the visit.
 */
export const EMERGENCY_CHECK_DELAY_MS = 3_000;
export const EMERGENCY_THRESHOLDS = { lcp: 5_000, fcp: 3_000, tbt: 1_000 } as const;
/** A task's blocking time is what it takes beyond 50 ms. */
const BLOCKING_AFTER_MS = 50;

export interface PaintFigures {
  lcp: number | null;
  fcp: number | null;
  tbt: number;
}

/** Which thresholds the figures pass, in the order of the spec; empty when all is well. */
export function exceededThresholds(figures: PaintFigures): (keyof PaintFigures)[] {
  const over: (keyof PaintFigures)[] = [];
  if (figures.lcp !== null && figures.lcp > EMERGENCY_THRESHOLDS.lcp) over.push('lcp');
  if (figures.fcp !== null && figures.fcp > EMERGENCY_THRESHOLDS.fcp) over.push('fcp');
  if (figures.tbt > EMERGENCY_THRESHOLDS.tbt) over.push('tbt');
  return over;
}

let emergency = false;

/** True once this visit has been found in a performance emergency. */
export const inPerformanceEmergency = () => emergency;

function observe(type: string, onEntry: (entry: PerformanceEntry) => void): () => void {
  try {
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) onEntry(entry);
    });
    observer.observe({ type, buffered: true });
    return () => observer.disconnect();
  } catch {
    // The browser does not measure this kind: the figure stays unknown and is not held against the visit.
    return () => {};
  }
}

/** Starts measuring at once and checks 3 s later; resolves with what the check found. */
export function watchPerformance(): Promise<{ figures: PaintFigures; exceeded: (keyof PaintFigures)[] }> {
  const figures: PaintFigures = { lcp: null, fcp: null, tbt: 0 };
  if (typeof PerformanceObserver === 'undefined') return Promise.resolve({ figures, exceeded: [] });
  const stops = [
    observe('largest-contentful-paint', (entry) => {
      figures.lcp = entry.startTime;
    }),
    observe('paint', (entry) => {
      if (entry.name === 'first-contentful-paint') figures.fcp = entry.startTime;
    }),
    observe('longtask', (entry) => {
      figures.tbt += Math.max(0, entry.duration - BLOCKING_AFTER_MS);
    }),
  ];
  return new Promise((resolve) => {
    window.setTimeout(() => {
      for (const stop of stops) stop();
      const exceeded = exceededThresholds(figures);
      if (exceeded.length > 0) enterEmergency(figures, exceeded);
      resolve({ figures, exceeded });
    }, EMERGENCY_CHECK_DELAY_MS);
  });
}

function enterEmergency(figures: PaintFigures, exceeded: (keyof PaintFigures)[]): void {
  emergency = true;
  document.documentElement.classList.add('perf-emergency');
  const round = (value: number | null) => (value === null ? 'unknown' : `${Math.round(value)} ms`);
  const error = Object.assign(
    new Error(
      `Performance emergency: ${exceeded.map((name) => name.toUpperCase()).join(', ')} over the limit ` +
        `(LCP ${round(figures.lcp)}, FCP ${round(figures.fcp)}, TBT ${round(figures.tbt)})`,
    ),
    { name: 'PerformanceEmergency' },
  );
  reportError(error, {}, 'runtime', {
    performance: {
      lcp: figures.lcp === null ? null : Math.round(figures.lcp),
      fcp: figures.fcp === null ? null : Math.round(figures.fcp),
      tbt: Math.round(figures.tbt),
      exceeded,
    },
  });
}
