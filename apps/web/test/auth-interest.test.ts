import { describe, expect, it } from 'vitest';
import {
  asInterest,
  detectInterest,
  INTEREST_TTL_MS,
  type InterestInputs,
  interestRecord,
} from '../src/lib/interest.ts';

const NOW = 1_750_000_000_000;
const none: InterestInputs = {
  navigationState: null,
  historyState: null,
  search: '',
  pageAttribute: undefined,
  stored: null,
  now: NOW,
};
const record = (productId: string, age: number) =>
  JSON.stringify({ ...interestRecord(productId as 'coach', 'query', NOW - age) });

describe('detectInterest', () => {
  it('is general when nothing tells', () => {
    expect(detectInterest(none)).toEqual({ interest: 'general', source: 'default' });
  });

  it('reads, in order: navigation state, history state, query, page attribute, storage', () => {
    const all: InterestInputs = {
      navigationState: { interest: 'coach' },
      historyState: { interest: 'essence' },
      search: '?interest=13moons',
      pageAttribute: 'general',
      stored: record('essence', 0),
      now: NOW,
    };
    expect(detectInterest(all)).toEqual({ interest: 'coach', source: 'navigation' });
    expect(detectInterest({ ...all, navigationState: null })).toEqual({ interest: 'essence', source: 'history' });
    expect(detectInterest({ ...all, navigationState: null, historyState: null })).toEqual({
      interest: '13moons',
      source: 'query',
    });
    expect(detectInterest({ ...none, pageAttribute: 'essence', stored: record('coach', 0) })).toEqual({
      interest: 'essence',
      source: 'page',
    });
    expect(detectInterest({ ...none, stored: record('coach', 0) })).toEqual({ interest: 'coach', source: 'storage' });
  });

  it('skips values that are not known interests and falls through to the next source', () => {
    expect(detectInterest({ ...none, navigationState: { interest: 'hacker' }, search: 'interest=essence' })).toEqual({
      interest: 'essence',
      source: 'query',
    });
    expect(detectInterest({ ...none, search: '?interest=<script>' })).toEqual({
      interest: 'general',
      source: 'default',
    });
  });

  it('takes a product record in state by its productId', () => {
    expect(detectInterest({ ...none, navigationState: { interest: { productId: '13moons' } } }).interest).toBe(
      '13moons',
    );
  });

  it('uses a stored record for one hour only', () => {
    expect(detectInterest({ ...none, stored: record('coach', INTEREST_TTL_MS) }).interest).toBe('coach');
    expect(detectInterest({ ...none, stored: record('coach', INTEREST_TTL_MS + 1) }).interest).toBe('general');
    expect(detectInterest({ ...none, stored: '{"productId":"coach"}' }).interest).toBe('general');
    expect(detectInterest({ ...none, stored: 'not json {' }).interest).toBe('general');
    expect(detectInterest({ ...none, stored: 'essence' }).interest).toBe('essence');
  });
});

describe('asInterest', () => {
  it('accepts the known values in any case, and nothing else', () => {
    expect(asInterest(' Coach ')).toBe('coach');
    expect(asInterest('13MOONS')).toBe('13moons');
    expect(asInterest('unknown')).toBeNull();
    expect(asInterest(42)).toBeNull();
  });
});

describe('interestRecord', () => {
  it('has the fields of the spec', () => {
    expect(interestRecord('essence', 'query', NOW)).toEqual({
      productId: 'essence',
      productName: null,
      variant: null,
      source: 'query',
      price: null,
      timestamp: NOW,
    });
  });
});
