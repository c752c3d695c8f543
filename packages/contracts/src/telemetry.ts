import { z } from 'zod';
import { safeText } from './text.ts';

const freeForm = z.record(z.string(), z.unknown());

/**
 * The query parameters an address keeps when it is stored for analytics, an error report or the CRM: the ones the
 * product reads to tell what a page showed (a tab, an offer, a campaign). Anything else, above all the one-time
 * links' `token`, `export` and `invite` and an `email`, never leaves the page.
 */
export const KEPT_QUERY_PARAMS: readonly string[] = [
  'tab',
  'interest',
  'plan',
  'product',
  'upgrade',
  'reason',
  'source',
  'platform',
  'step',
  'confirmed',
  'deleted',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
];

/**
 * An address as it may be stored: its path and its kept query parameters (no fragment, no other parameter), with
 * its origin only when `withOrigin` (a referrer from another site). Null when it is not an address at all.
 */
export function keptAddress(url: string, { withOrigin = false } = {}): string | null {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#\\]*/i.exec(url)?.[0] ?? '';
  if (!origin && /^[a-z][a-z0-9+.-]*:/i.test(url)) return null;
  const rest = url.slice(origin.length).split('#')[0] ?? '';
  const [path = '', query = ''] = rest.split('?', 2);
  const nameOf = (pair: string) => {
    try {
      return decodeURIComponent((pair.split('=')[0] ?? '').replace(/\+/g, ' '));
    } catch {
      return '';
    }
  };
  const kept = query.split('&').filter((pair) => pair && KEPT_QUERY_PARAMS.includes(nameOf(pair)));
  const where = path.startsWith('/') ? path : `/${path}`;
  return `${withOrigin ? origin.toLowerCase() : ''}${where}${kept.length > 0 ? `?${kept.join('&')}` : ''}`;
}

/** A client error report (spec 000 section 8): the error as text or as an object, and React's errorInfo. */
export const frontendErrorBodySchema = z.strictObject({
  error: z.union([safeText(20_000), freeForm]),
  errorInfo: z.union([safeText(20_000), freeForm, z.null()]).optional(),
});

/** The Analytics event of spec 000 section 3. */
export const analyticsEventBodySchema = z.strictObject({
  event: safeText(100).pipe(z.string().trim().min(1, 'event is required')),
  category: safeText(100).nullish(),
  label: safeText(500).nullish(),
  value: z.union([safeText(500), z.number().finite()]).nullish(),
  customData: freeForm.nullish(),
  platform: safeText(50).nullish(),
  timestamp: z.union([safeText(40), z.number().finite()]).nullish(),
  url: safeText(2000).nullish(),
  session_id: safeText(100).nullish(),
});

export const acceptedResponseSchema = z.object({ success: z.literal(true) });

/** The frontend version record of spec 000 section 3. */
export const frontendVersionSchema = z.object({
  frontendVersion: z.string(),
  cacheVersion: z.string(),
  minAppVersion: z.string(),
  lastUpdate: z.string(),
  requiresUpdate: z.boolean(),
  isCritical: z.boolean(),
});

export const frontendVersionQuerySchema = z.strictObject({
  /** The version the client runs, to tell it whether it is below the minimum. */
  version: z
    .string()
    .regex(/^\d+\.\d+\.\d+$/)
    .optional(),
  _t: z.string().max(40).optional(),
});
