// What leaves the page about the address it is on: analytics events and error reports carry the path and the kept
// query parameters, never a one-time link's token (docs/decisions/023-hardening.md, third round).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from './helpers/memory-storage.ts';

const TOKEN_PAGES = [
  ['http://localhost:3000/reset-password?token=RESETSECRET&utm_source=mail', '/reset-password?utm_source=mail'],
  ['http://localhost:3000/en/account/restore?token=RESTORESECRET', '/en/account/restore'],
  ['http://localhost:3000/account?export=EXPORTSECRET#data', '/account'],
  ['http://localhost:3000/verify-email?token=VERIFYSECRET&email=a%40b.example', '/verify-email'],
] as const;

let href = '';
beforeEach(() => {
  vi.stubGlobal('window', {
    localStorage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
    location: {
      hostname: 'localhost',
      origin: 'http://localhost:3000',
      get href() {
        return href;
      },
    },
    addEventListener: () => {},
  });
});
afterEach(() => vi.unstubAllGlobals());

const { track } = await import('../src/lib/analytics.ts');
const { reportError } = await import('../src/lib/error-reporting.ts');

const bodiesOf = (send: ReturnType<typeof vi.fn>) =>
  send.mock.calls.map((call) => String((call[1] as { body?: unknown } | undefined)?.body ?? ''));

describe('the address an event or an error report sends', () => {
  it('is the path and the kept parameters of each token page', () => {
    const send = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', send);
    (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = 'test';
    for (const [page, kept] of TOKEN_PAGES) {
      href = page;
      track({ event: 'page_view', label: 'page' });
      reportError(new Error(`on ${kept}`));
      const [event, report] = bodiesOf(send).slice(-2);
      expect(JSON.parse(String(event)).url).toBe(kept);
      expect(JSON.parse(String(report)).error.url).toBe(kept);
    }
    const all = bodiesOf(send).join('\n');
    for (const secret of ['RESETSECRET', 'RESTORESECRET', 'EXPORTSECRET', 'VERIFYSECRET', 'a%40b']) {
      expect(all).not.toContain(secret);
    }
  });
});
