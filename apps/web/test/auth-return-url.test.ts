import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../src/features/auth/return-url.ts';

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
