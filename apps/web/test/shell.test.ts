import { MAILING_LIST_IDS } from '@hunab/contracts';
import { describe, expect, it } from 'vitest';
import { layoutRules } from '../src/app/layoutRules.ts';
import { ApiRequestError } from '../src/lib/api-error.ts';
import { CircuitBreaker, countsAsFailure } from '../src/lib/circuit-breaker.ts';
import { LANGUAGE_CONFIG, LANGUAGES, localizedPath, splitLanguage } from '../src/lib/languages.ts';
import { ROUTES } from '../src/lib/route-table.ts';

describe('the language config', () => {
  // The web keeps its own copy so the first download stays free of the validation library; the server's is the rule.
  it('names the same mailing list per language as the server (spec 000 section 9)', () => {
    for (const lang of LANGUAGES) expect(LANGUAGE_CONFIG[lang].mailingListId, lang).toBe(MAILING_LIST_IDS[lang]);
  });
});

describe('language prefixes', () => {
  it('reads the language from the first segment, Russian without one', () => {
    expect(splitLanguage('/en/tzolkin')).toEqual({ lang: 'en', path: '/tzolkin' });
    expect(splitLanguage('/en/')).toEqual({ lang: 'en', path: '/' });
    expect(splitLanguage('/ar')).toEqual({ lang: 'ar', path: '/' });
    expect(splitLanguage('/tzolkin')).toEqual({ lang: 'ru', path: '/tzolkin' });
    expect(splitLanguage('/entrance')).toEqual({ lang: 'ru', path: '/entrance' });
  });

  it('writes Russian paths without a prefix and the others with one', () => {
    expect(localizedPath('ru', '/dash')).toBe('/dash');
    expect(localizedPath('de', '/dash')).toBe('/de/dash');
    expect(localizedPath('ja', '/')).toBe('/ja');
  });
});

describe('the route table', () => {
  it('has each path once', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('puts every admin page behind login and the admin guard, and every redirect somewhere real', () => {
    for (const route of ROUTES.filter((r) => r.adminOnly)) expect(route.requiresLogin).toBe(true);
    const known = new Set(ROUTES.map((r) => r.path));
    for (const route of ROUTES.filter((r) => r.redirect)) {
      const target = (route.redirect ?? '').replace(/^\/(en|es|pt|de|ja|zh|ar)(?=\/)/, '');
      expect(known.has(target), `${route.path} -> ${route.redirect}`).toBe(true);
    }
  });

  it('contains the redirects of the spec', () => {
    const redirects = Object.fromEntries(ROUTES.filter((r) => r.redirect).map((r) => [r.path, r.redirect]));
    expect(redirects).toMatchObject({
      '/cycles': '/dash/cycles',
      '/profile': '/account',
      '/profile/payments': '/account/payments',
      '/account/preferences': '/account',
      '/privacy': '/legal/privacy',
      '/terms': '/legal/terms',
      '/stats': '/admin/stats/users',
      '/admin/stats': '/admin/stats/users',
      '/cycles/stats': '/admin/stats/users',
      '/admin/stats/email': '/admin/stats/email/overview',
      '/team': '/team/management',
      '/subscription/masters': '/masters/subscription',
      '/subscription/business': '/business/subscription',
      '/education/courses/13-days': '/education/courses/13-days/lesson/intro',
    });
  });
});

describe('layout rules', () => {
  it('hides header controls on landing, auth, checkout, products and setup pages', () => {
    for (const kind of ['auth', 'checkout', 'products', 'setup'] as const)
      expect(layoutRules(kind, '/x').headerControls).toBe(false);
    expect(layoutRules('landing', '/welcome').headerControls).toBe(false);
    expect(layoutRules('matrix', '/tzolkin').headerControls).toBe(true);
  });

  it('shows the date selector on matrix pages but not on the dashboard', () => {
    expect(layoutRules('matrix', '/moon').dateSelector).toBe(true);
    expect(layoutRules('matrix', '/dash').dateSelector).toBe(false);
    expect(layoutRules('matrix', '/dash/cycles').dateSelector).toBe(false);
    expect(layoutRules('legal', '/legal').dateSelector).toBe(false);
  });

  it('hides the bottom navigation on landing, auth, checkout, legal, setup and education pages', () => {
    for (const kind of ['landing', 'auth', 'checkout', 'legal', 'setup', 'education'] as const) {
      expect(layoutRules(kind, '/x').bottomNav).toBe(false);
    }
    expect(layoutRules('account', '/account').bottomNav).toBe(true);
  });

  it('shows the mobile date bar on matrix pages and the dashboard only', () => {
    expect(layoutRules('matrix', '/dash').mobileDateBar).toBe(true);
    expect(layoutRules('account', '/account').mobileDateBar).toBe(false);
  });
});

describe('the circuit breaker', () => {
  const network = () => Promise.reject(new ApiRequestError(0, 'network_error', 'down'));

  it('opens after the threshold of failures, rejects, then half-opens after the reset time', async () => {
    let now = 0;
    const breaker = new CircuitBreaker('cards', { failureThreshold: 4, resetMs: 10_000, now: () => now });
    for (let i = 0; i < 4; i++) await expect(breaker.execute(network)).rejects.toThrow('down');
    expect(breaker.state).toBe('open');
    await expect(breaker.execute(() => Promise.resolve(1))).rejects.toThrow('Circuit cards is open - request rejected');
    now = 10_000;
    expect(breaker.state).toBe('half-open');
    await expect(breaker.execute(() => Promise.resolve(1))).resolves.toBe(1);
    expect(breaker.state).toBe('closed');
  });

  it('opens again at once when the half-open trial fails', async () => {
    let now = 0;
    const breaker = new CircuitBreaker('auth', { failureThreshold: 5, resetMs: 15_000, now: () => now });
    for (let i = 0; i < 5; i++) await expect(breaker.execute(network)).rejects.toThrow();
    now = 15_000;
    await expect(breaker.execute(network)).rejects.toThrow('down');
    expect(breaker.state).toBe('open');
  });

  it('counts network errors, timeouts, aborts and 5xx, but not 4xx', () => {
    expect(countsAsFailure(new ApiRequestError(0, 'request_timeout', ''))).toBe(true);
    expect(countsAsFailure(new ApiRequestError(503, 'x', ''))).toBe(true);
    expect(countsAsFailure(new DOMException('aborted', 'AbortError'))).toBe(true);
    expect(countsAsFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(countsAsFailure(new ApiRequestError(401, 'UNAUTHORIZED', ''))).toBe(false);
    expect(countsAsFailure(new ApiRequestError(404, 'NOT_FOUND', ''))).toBe(false);
  });

  it('never counts 4xx towards opening', async () => {
    const breaker = new CircuitBreaker('cards', { failureThreshold: 2, resetMs: 10_000 });
    for (let i = 0; i < 5; i++)
      await expect(breaker.execute(() => Promise.reject(new ApiRequestError(400, 'BAD', 'bad')))).rejects.toThrow();
    expect(breaker.state).toBe('closed');
  });
});
