import { INTERESTS } from '@hunab/contracts';
import { local } from './storage.ts';

/**
 * What brought a visitor to registration (spec 001 sections 3 and 4): coach, essence, 13moons, general (and the
 * server's other known values). Read from, in order, the navigation state, the history state, the `?interest=` query,
 * the page attribute `data-interest` on <html>, and the record kept in local storage for one hour; 'general' when
 * none holds a known value.
 */
export type Interest = (typeof INTERESTS)[number];

export const INTEREST_STORAGE_KEY = 'hunab_interest';
export const INTEREST_TTL_MS = 60 * 60 * 1000;
export const DEFAULT_INTEREST: Interest = 'general';

/** The record kept in local storage (spec 001 section 3). */
export interface InterestRecord {
  productId: string;
  productName: string | null;
  variant: string | null;
  source: string;
  price: number | null;
  timestamp: number;
}

export type InterestSource = 'navigation' | 'history' | 'query' | 'page' | 'storage' | 'default';

export interface InterestInputs {
  /** React Router's location.state. */
  navigationState: unknown;
  /** window.history.state. */
  historyState: unknown;
  /** location.search, with or without the leading '?'. */
  search: string;
  /** document.documentElement.dataset.interest. */
  pageAttribute: string | null | undefined;
  /** The raw text under INTEREST_STORAGE_KEY. */
  stored: string | null;
  now: number;
}

export function asInterest(value: unknown): Interest | null {
  if (typeof value !== 'string') return null;
  const clean = value.trim().toLowerCase();
  return (INTERESTS as readonly string[]).includes(clean) ? (clean as Interest) : null;
}

/** `{ interest: 'coach' }` or `{ interest: { productId: 'coach' } }`. */
function fromState(state: unknown): Interest | null {
  if (!state || typeof state !== 'object' || !('interest' in state)) return null;
  const value = (state as { interest: unknown }).interest;
  if (value && typeof value === 'object' && 'productId' in value) {
    return asInterest((value as { productId: unknown }).productId);
  }
  return asInterest(value);
}

/** A record younger than one hour, or (from older code) a bare value. */
function fromStored(text: string | null, now: number): Interest | null {
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return asInterest(text);
  }
  if (typeof parsed === 'string') return asInterest(parsed);
  if (!parsed || typeof parsed !== 'object') return null;
  const record = parsed as Partial<InterestRecord>;
  if (typeof record.timestamp !== 'number' || !Number.isFinite(record.timestamp)) return null;
  const age = now - record.timestamp;
  if (age < 0 || age > INTEREST_TTL_MS) return null;
  return asInterest(record.productId);
}

export function detectInterest(inputs: InterestInputs): { interest: Interest; source: InterestSource } {
  const candidates: [InterestSource, () => Interest | null][] = [
    ['navigation', () => fromState(inputs.navigationState)],
    ['history', () => fromState(inputs.historyState)],
    ['query', () => asInterest(new URLSearchParams(inputs.search).get('interest'))],
    ['page', () => asInterest(inputs.pageAttribute)],
    ['storage', () => fromStored(inputs.stored, inputs.now)],
  ];
  for (const [source, read] of candidates) {
    const interest = read();
    if (interest) return { interest, source };
  }
  return { interest: DEFAULT_INTEREST, source: 'default' };
}

export function interestRecord(interest: Interest, source: InterestSource, now: number): InterestRecord {
  return { productId: interest, productName: null, variant: null, source, price: null, timestamp: now };
}

/**
 * Keeps what a landing offered for the next hour, so a registration that follows carries it (spec 001 section 3):
 * the registration page reads it back through `detectInterest`.
 */
export function rememberInterest(
  interest: Interest,
  details: Pick<InterestRecord, 'productName' | 'variant' | 'price' | 'source'>,
  now = Date.now(),
): InterestRecord {
  const record: InterestRecord = { productId: interest, ...details, timestamp: now };
  local.setJson(INTEREST_STORAGE_KEY, record);
  return record;
}
