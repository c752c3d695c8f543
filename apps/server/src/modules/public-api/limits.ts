import type { FastifyReply } from 'fastify';
import { rateLimited } from '../../lib/rate-limit.ts';

/** Requests a client address may make to the public API in a window, and the window. */
export const PUBLIC_API_LIMIT = 120;
export const PUBLIC_API_WINDOW_S = 60;

/** The quota of one address as the RateLimit fields tell it: the limit, what is left, and seconds to the reset. */
export interface Quota {
  limit: number;
  remaining: number;
  reset: number;
}

/**
 * A fixed window per client address, in this process's memory (the answers are computed and cost nothing to store,
 * so a limit per process is enough to keep one client from taking the whole machine).
 */
export function createQuotas(options: { limit: number; windowS: number; now: () => number }) {
  const windowMs = options.windowS * 1000;
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = options.now();
  return {
    /** Counts one request of `key` and tells its quota after it; `remaining` below 0 means refused. */
    take(key: string): Quota {
      const time = options.now();
      if (time - lastSweep > windowMs) {
        for (const [k, w] of windows) if (time - w.start >= windowMs) windows.delete(k);
        lastSweep = time;
      }
      let current = windows.get(key);
      if (!current || time - current.start >= windowMs) {
        current = { start: time, count: 0 };
        windows.set(key, current);
      }
      current.count += 1;
      return {
        limit: options.limit,
        remaining: options.limit - current.count,
        reset: Math.max(1, Math.ceil((current.start + windowMs - time) / 1000)),
      };
    },
  };
}

/**
 * The quota in the fields of draft-ietf-httpapi-ratelimit-headers-07 (RateLimit-Limit, RateLimit-Remaining,
 * RateLimit-Reset in seconds, and RateLimit-Policy naming the window), which most clients and proxies read; a refused
 * request gets 429 in the error envelope with Retry-After.
 */
export function applyQuota(reply: FastifyReply, quota: Quota, windowS: number): void {
  reply.header('ratelimit-limit', String(quota.limit));
  reply.header('ratelimit-remaining', String(Math.max(0, quota.remaining)));
  reply.header('ratelimit-reset', String(quota.reset));
  reply.header('ratelimit-policy', `${quota.limit};w=${windowS}`);
  if (quota.remaining < 0) {
    throw rateLimited(quota.reset, `Too many requests to the public API. Try again in ${quota.reset} s.`);
  }
}
