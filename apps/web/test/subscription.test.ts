import { featuresOfTier, MONTHLY_VIEW_LIMIT, PLANS, planById } from '@hunab/contracts';
import { describe, expect, it } from 'vitest';
import { planFeatureLines } from '../src/components/PlanFeatures.tsx';
import { pricewallVariant, recommendedPlan } from '../src/features/paywall/pricewall.ts';
import {
  actionsOf,
  offersUpgrade,
  paymentMethodLabel,
  shouldRetryRefresh,
  statusOf,
  visitContextOf,
} from '../src/features/subscription/model.ts';
import { plansOfPeriod } from '../src/features/subscription/SubscriptionPage.tsx';
import { ApiRequestError } from '../src/lib/api-error.ts';
import { bestPromo, discountedPrice, formatPrice, planPrice, subscriptionLink } from '../src/lib/plans.ts';

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('plan prices (spec 001 section 9)', () => {
  it('shows rubles in the ru-RU format for Russian', () => {
    const basicYearly = planById('basic_yearly');
    expect(basicYearly && planPrice(basicYearly, 'ru')).toBe(4900);
    expect(nbsp(formatPrice(4900, 'ru'))).toBe('4 900 ₽');
    expect(nbsp(formatPrice(490, 'ru'))).toBe('490 ₽');
  });

  it('shows dollars with two decimals in every other language', () => {
    const basic = planById('basic');
    expect(basic && planPrice(basic, 'en')).toBe(4.99);
    expect(formatPrice(4.99, 'en')).toBe('$4.99');
    expect(formatPrice(49, 'en')).toBe('$49.00');
    expect(nbsp(formatPrice(9.99, 'de'))).toBe('9,99 $');
    expect(nbsp(formatPrice(99, 'es'))).toMatch(/^99,00 US\$$/);
  });

  it('takes a discount off in whole rubles or in cents', () => {
    expect(discountedPrice(490, 15, 'ru')).toBe(417);
    expect(discountedPrice(4.99, 20, 'en')).toBe(3.99);
    expect(discountedPrice(9.99, 150, 'en')).toBe(0);
  });

  it('picks the promo with the highest discount and ignores unreadable ones', () => {
    const promos = [
      { code: 'TEN', discount_percentage: '10.00', valid_until: '2030-01-01' },
      { code: 'BROKEN', discount_percentage: 'lots', valid_until: '2030-01-01' },
      { code: 'THIRTY', discount_percentage: '30', valid_until: '2030-01-01' },
    ];
    expect(bestPromo(promos)?.code).toBe('THIRTY');
    expect(bestPromo(promos)?.percent).toBe(30);
    expect(bestPromo([])).toBeNull();
  });

  it('lists free, basic and premium of one billing period', () => {
    expect(plansOfPeriod('monthly').map((plan) => plan.id)).toEqual(['free', 'basic_monthly', 'premium_monthly']);
    expect(plansOfPeriod('yearly').map((plan) => plan.id)).toEqual(['free', 'basic_yearly', 'premium_yearly']);
    expect(PLANS.length).toBe(7);
  });
});

describe('the pricewall recommendation (spec 001 section 4)', () => {
  it('recommends basic for free users and the free limits, premium for basic users', () => {
    expect(recommendedPlan('content_date_free')).toBe('basic');
    expect(recommendedPlan('cards_limit_free')).toBe('basic');
    expect(recommendedPlan('cycles_access')).toBe('basic');
    expect(recommendedPlan('cycles_access', 'free')).toBe('basic');
    expect(recommendedPlan('content_date_basic')).toBe('premium');
    expect(recommendedPlan('cards_limit_basic')).toBe('premium');
    expect(recommendedPlan('cycles_access', 'basic')).toBe('premium');
  });

  it('has a free-limit and a basic-limit variant', () => {
    expect(pricewallVariant({ reason: 'cards_limit_free', limit: 3 })).toBe('free');
    expect(pricewallVariant({ reason: 'content_date_basic' })).toBe('basic');
  });
});

describe('subscriptionLink (spec 000 section 7)', () => {
  it('carries source, platform, reason, plan and the utm parameters of the current address', () => {
    const link = subscriptionLink({
      source: 'pricewall',
      reason: 'cards_limit_free',
      plan: 'basic',
      platform: 'web',
      location: { pathname: '/en/dash', search: '?utm_source=mail&utm_campaign=moon&other=x&utm_term=' },
    });
    const [path, query] = link.split('?');
    expect(path).toBe('/en/subscription');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      source: 'pricewall',
      platform: 'web',
      reason: 'cards_limit_free',
      plan: 'basic',
      utm_source: 'mail',
      utm_campaign: 'moon',
    });
  });

  it('stays without a prefix in Russian and leaves out what it was not given', () => {
    const link = subscriptionLink({
      source: 'account',
      platform: 'web',
      location: { pathname: '/account', search: '' },
    });
    expect(link).toBe('/subscription?source=account&platform=web');
  });

  it('is absolute to the product host inside the native app', () => {
    const link = subscriptionLink({
      source: 'account',
      extra: { upgrade: 'premium' },
      platform: 'android',
      location: { pathname: '/ar/account/subscription', search: '' },
    });
    expect(link).toMatch(/^https:\/\/[^/]+\/ar\/subscription\?source=account&platform=android&upgrade=premium$/);
  });
});

describe('the management page (spec 000 section 4.7)', () => {
  it('reads unknown statuses as expired', () => {
    expect(statusOf('paused')).toBe('paused');
    expect(statusOf('trialing')).toBe('expired');
    expect(statusOf(undefined)).toBe('expired');
  });

  it('offers pause and cancel when active, resume and cancel when paused, nothing after', () => {
    expect(actionsOf('active')).toEqual(['pause', 'cancel']);
    expect(actionsOf('paused')).toEqual(['resume', 'cancel']);
    expect(actionsOf('cancelled')).toEqual([]);
    expect(actionsOf('expired')).toEqual([]);
  });

  it('offers the upgrade only to an active basic subscription', () => {
    expect(offersUpgrade('active', 'basic_yearly')).toBe(true);
    expect(offersUpgrade('paused', 'basic')).toBe(false);
    expect(offersUpgrade('active', 'premium')).toBe(false);
  });

  it('retries a refresh at most three times, and never a refusal', () => {
    const down = new ApiRequestError(0, 'network_error', 'down');
    expect([0, 1, 2, 3].map((failures) => shouldRetryRefresh(failures, down))).toEqual([true, true, true, false]);
    expect(shouldRetryRefresh(0, new ApiRequestError(503, 'HTTP_503', 'busy'))).toBe(true);
    expect(shouldRetryRefresh(0, new ApiRequestError(401, 'UNAUTHORIZED', 'no'))).toBe(false);
  });
});

describe('the payment method of a subscription', () => {
  const method = (fields: Partial<Parameters<typeof paymentMethodLabel>[0]>) =>
    paymentMethodLabel({ payment_method: 'card', source: 'yookassa', card_brand: null, card_last4: null, ...fields });

  it('says a test payment is one, whatever the method', () => {
    expect(method({ source: 'test' })).toEqual(['paymentMethods.test']);
  });

  it('names a card by its brand and last four digits when the provider gave them', () => {
    expect(method({ card_brand: 'Visa', card_last4: '4242' })).toEqual([
      'paymentMethods.cardDetails',
      { brand: 'Visa', last4: '4242' },
    ]);
    expect(method({ card_brand: 'Mir' })).toEqual(['paymentMethods.cardBrand', { brand: 'Mir' }]);
    expect(method({})).toEqual(['paymentMethods.card']);
    expect(method({ payment_method: 'paypal', source: 'paypal' })).toEqual(['paymentMethods.paypal']);
    expect(method({ payment_method: null, source: 'admin' })).toEqual(['paymentMethods.none']);
  });
});

describe('what the link to /account/subscription says (spec 000 section 2.4)', () => {
  const visit = (query: string) => visitContextOf(new URLSearchParams(query));

  it('reads the views left, the dashboard tab and the level asked for', () => {
    expect(visit('views_remaining=3&tab=oracle&subscription_level=2')).toEqual({
      viewsRemaining: 3,
      tab: 'oracle',
      level: 2,
    });
    expect(visit('views_remaining=0&subscription_level=1')).toEqual({ viewsRemaining: 0, tab: null, level: 1 });
  });

  it('ignores values that are not what the links send', () => {
    expect(visit('views_remaining=-1&tab=admin&subscription_level=3')).toEqual({
      viewsRemaining: null,
      tab: null,
      level: null,
    });
    expect(visit('views_remaining=1e9&subscription_level=premium')).toEqual({
      viewsRemaining: null,
      tab: null,
      level: null,
    });
    expect(visit('')).toEqual({ viewsRemaining: null, tab: null, level: null });
  });
});

describe('the plan cards and the view counter tell one story (the plans of the contracts)', () => {
  it('names the free plan’s monthly views on its card, and none on the paid plans’', () => {
    const lines = (id: string) => planFeatureLines(featuresOfTier(planById(id)?.tier ?? 'free'));
    expect(lines('free')).toContainEqual({ key: 'features.viewsMonthly', options: { limit: MONTHLY_VIEW_LIMIT } });
    for (const id of ['basic_monthly', 'premium_yearly']) {
      expect(lines(id)).toContainEqual({ key: 'features.viewsUnlimited' });
      expect(lines(id).map((line) => line.key)).not.toContain('features.viewsMonthly');
    }
  });

  it('promises guests nothing a free account does not give', async () => {
    const { readFileSync } = await import('node:fs');
    for (const lang of ['en', 'ru', 'es', 'pt', 'de', 'ja', 'zh', 'ar']) {
      const read = (ns: string) => JSON.parse(readFileSync(`public/locales/${lang}/${ns}.json`, 'utf8'));
      const access = read('access');
      // The guest's prompt sends other dates to a subscription, as the free plan's card and refusal do.
      expect(access.prompt.limitReached, lang).not.toBe('');
      expect(access.views.what, lang).not.toBe('');
      expect(read('subscription').features.viewsMonthly, lang).toContain('{{limit}}');
    }
    const en = JSON.parse((await import('node:fs')).readFileSync('public/locales/en/access.json', 'utf8'));
    expect(en.prompt.limitReached).not.toMatch(/free account to open other dates/);
    expect(en.prompt.limitReached).toMatch(/other dates open with a subscription/);
  });
});
