import { describe, expect, it } from 'vitest';
import { registrationReturn, safeReturnPath } from '../src/features/auth/return-url.ts';

describe('safeReturnPath', () => {
  it.each([
    ['/tzolkin', '/tzolkin'],
    ['/en/dash/cycles?tab=1#aGk=', '/en/dash/cycles?tab=1#aGk='],
    ['/kin/207', '/kin/207'],
    ['/', '/'],
  ])('keeps the path of this site %j', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'tzolkin',
    '//evil.example/path',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\t/evil.example',
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it.each([
    '/login',
    '/en/login',
    '/register?interest=coach',
    '/forgot-password',
    '/ar/reset-password?token=x',
    '/verify-email/',
  ])('never returns to an auth page (%s)', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});

describe('registrationReturn', () => {
  it('goes back to the page that sent the reader to the form', () => {
    expect(registrationReturn('/en/subscription/checkout?plan=premium_monthly', '/en/tzolkin')).toBe(
      '/en/subscription/checkout?plan=premium_monthly',
    );
    expect(registrationReturn('/game/setup/complete', null)).toBe('/game/setup/complete');
  });

  it.each([
    '/en/checkout?product=13days',
    '/products/13days',
    '/ar/subscription',
    '/kin/207',
    '/en/context/2027-05-01',
    '/ja/compat',
    '/en/13days?ref=x',
  ])('comes back to the last page read when it was bought from or shared: %s', (last) => {
    expect(registrationReturn(undefined, last)).toBe(last);
  });

  it.each(['/tzolkin', '/en/dash', '/account', '/en/nowhere', '/en/login', '//evil.example/checkout', null])(
    'ends on the welcome after any other page: %j',
    (last) => {
      expect(registrationReturn(null, last)).toBeNull();
    },
  );
});
