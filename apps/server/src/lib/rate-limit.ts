import { ApiError } from './errors.ts';

/**
 * A fixed-window counter per key, in this process's memory: enough to stop one client flooding a cheap endpoint
 * (error reports, analytics). Rules that must hold across processes (sign-in throttling) live in the database.
 */
export function createRateLimiter(options: { limit: number; windowMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();

  return {
    /** Counts one hit; returns the seconds to wait when over the limit, else 0. */
    hit(key: string): number {
      const time = now();
      if (time - lastSweep > options.windowMs) {
        for (const [k, w] of windows) if (time - w.start >= options.windowMs) windows.delete(k);
        lastSweep = time;
      }
      const current = windows.get(key);
      if (!current || time - current.start >= options.windowMs) {
        windows.set(key, { start: time, count: 1 });
        return 0;
      }
      current.count += 1;
      return current.count > options.limit ? Math.ceil((current.start + options.windowMs - time) / 1000) : 0;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** The 429 in the envelope, with Retry-After, for a client that must wait `wait` seconds. */
export function rateLimited(wait: number, message = `Too many requests. Try again in ${wait} s.`): ApiError {
  return new ApiError(429, 'RATE_LIMITED', message, { retryAfter: wait });
}

/** Counts one hit of `key` and answers 429 in the envelope, with Retry-After, when it is over the limit. */
export function limitOrThrow(limiter: RateLimiter, key: string): void {
  const wait = limiter.hit(key);
  if (wait > 0) throw rateLimited(wait);
}
