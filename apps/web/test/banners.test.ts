import { plainDate } from '@hunab/calendar';
import { describe, expect, it } from 'vitest';
import {
  applicableBanners,
  type BannerContext,
  type BannerKind,
  bannerAt,
  bestPromo,
  daysUntil,
} from '../src/features/access/banners.ts';

const base: BannerContext = {
  lang: 'ru',
  path: '/tzolkin',
  signedIn: false,
  isAdmin: false,
  subscriptionActive: false,
  hasCards: false,
  hasMainProduct: null,
  birthDateInput: false,
  today: plainDate(2026, 3, 10),
  dismissed: new Set<BannerKind>(),
};

describe('top banners', () => {
  it('lists a guest without cards the subscription, 13-secrets and first-calculation banners in that order', () => {
    expect(applicableBanners(base)).toEqual(['subscription', 'thirteenSecrets', 'firstCalculation']);
  });

  it('keeps the 13-secrets and first-calculation banners off the dashboard and the cycles page', () => {
    expect(applicableBanners({ ...base, path: '/dash' })).toEqual(['subscription']);
    expect(applicableBanners({ ...base, path: '/dash/cycles' })).toEqual(['subscription']);
  });

  it('shows a paid user without the 13-day programme only the 13-days banner, in Russian', () => {
    const paid = { ...base, signedIn: true, subscriptionActive: true, hasCards: true, hasMainProduct: false };
    expect(applicableBanners(paid)).toEqual(['thirteenDays']);
    expect(applicableBanners({ ...paid, lang: 'en' })).toEqual([]);
    expect(applicableBanners({ ...paid, hasMainProduct: true })).toEqual([]);
  });

  it('shows the Russian-only banners in Russian alone, and nothing in German', () => {
    expect(applicableBanners({ ...base, lang: 'en' })).toEqual(['subscription', 'thirteenSecrets']);
    expect(applicableBanners({ ...base, lang: 'ar' })).toEqual(['subscription', 'thirteenSecrets']);
    expect(applicableBanners({ ...base, lang: 'de' })).toEqual([]);
  });

  it('shows the 13-moons countdown only before 26 July 2025', () => {
    const before = { ...base, today: plainDate(2025, 7, 20), hasCards: true, signedIn: true, subscriptionActive: true };
    expect(applicableBanners(before)).toEqual(['thirteenMoons']);
    expect(daysUntil(plainDate(2025, 7, 20), '2025-07-26')).toBe(6);
    expect(applicableBanners({ ...before, today: plainDate(2025, 7, 26) })).toEqual([]);
  });

  it('counts down to the 13-moons date of the settings instead once it is set', () => {
    const later = { ...base, today: plainDate(2026, 3, 10), hasCards: true, signedIn: true, subscriptionActive: true };
    expect(applicableBanners(later)).toEqual([]);
    expect(applicableBanners({ ...later, thirteenMoonsTarget: '2026-07-26' })).toEqual(['thirteenMoons']);
    expect(applicableBanners({ ...later, thirteenMoonsTarget: '2026-03-10' })).toEqual([]);
  });

  it('shows none while the dashboard asks for a birth date, and none to administrators for subscriptions', () => {
    expect(applicableBanners({ ...base, birthDateInput: true })).toEqual([]);
    expect(
      applicableBanners({ ...base, signedIn: true, isAdmin: true, subscriptionActive: true, hasCards: true }),
    ).toEqual([]);
  });

  it('leaves dismissed banners out of the rotation', () => {
    expect(applicableBanners({ ...base, dismissed: new Set<BannerKind>(['subscription']) })).toEqual([
      'thirteenSecrets',
      'firstCalculation',
    ]);
  });

  it('rotates one banner at a time through the list and shows nothing for an empty one', () => {
    const list: BannerKind[] = ['subscription', 'thirteenSecrets'];
    expect([0, 1, 2, 3].map((step) => bannerAt(list, step))).toEqual([
      'subscription',
      'thirteenSecrets',
      'subscription',
      'thirteenSecrets',
    ]);
    expect(bannerAt(['subscription'], 5)).toBe('subscription');
    expect(bannerAt([], 0)).toBeNull();
  });

  it('picks the promo with the highest discount', () => {
    const promos = [
      { code: 'A', discount_percentage: '10.00' },
      { code: 'B', discount_percentage: '25.00' },
      { code: 'C', discount_percentage: '5.00' },
    ];
    expect(bestPromo(promos)?.code).toBe('B');
    expect(bestPromo([])).toBeNull();
  });
});
