// The query layer's limits, the native request client and app icon plugin, the language config, the performance
// emergency check, the font wait, the error de-duplication clean-up and the content loader's failures
// (spec 000 sections 3, 7 and 9; spec 001 sections 4 and 8).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from './helpers/memory-storage.ts';

beforeEach(() => {
  vi.stubGlobal('window', {
    localStorage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
    location: { hostname: 'localhost', origin: 'http://localhost:3000', href: 'http://localhost:3000/' },
    addEventListener: () => {},
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const { RequestQueue } = await import('../src/lib/request-queue.ts');
const { apiUrl } = await import('../src/lib/api.ts');
const { createNativeFetch, UnsupportedMethodError } = await import('../src/lib/native-http.ts');
const { AppIconWeb } = await import('../src/lib/native.ts');
const { LANGUAGE_CONFIG, LANGUAGES, legalPath, productsShown } = await import('../src/lib/languages.ts');
const { exceededThresholds } = await import('../src/lib/performance-emergency.ts');
const { waitForFonts } = await import('../src/lib/fonts.ts');
const { cleanUpReportedErrors, rememberedErrorCount, reportError } = await import('../src/lib/error-reporting.ts');
const { loadReading, InvalidContextError } = await import('../src/lib/readings.ts');
const { createSendWindow } = await import('../src/lib/send-window.ts');
const { track } = await import('../src/lib/analytics.ts');

describe('the request queue', () => {
  it('runs at most 6 at once and starts the waiting ones in batches of 3', async () => {
    const queue = new RequestQueue();
    const releases: (() => void)[] = [];
    let running = 0;
    let most = 0;
    const starts: number[] = [];
    const task = () =>
      queue.run(
        () =>
          new Promise<void>((done) => {
            running += 1;
            most = Math.max(most, running);
            starts.push(running);
            releases.push(() => {
              running -= 1;
              done();
            });
          }),
      );
    const all = Array.from({ length: 12 }, task);
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(releases.length).toBe(6);
    expect(queue.stats).toEqual({ running: 6, waiting: 6 });
    // One place free is not a batch: nothing starts until three are.
    releases[0]?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(releases.length).toBe(6);
    releases[1]?.();
    releases[2]?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(releases.length).toBe(9);
    for (let i = 3; i < 9; i += 1) releases[i]?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(releases.length).toBe(12);
    for (let i = 9; i < 12; i += 1) releases[i]?.();
    await Promise.all(all);
    expect(most).toBe(6);
  });
});

describe('the API address', () => {
  it('is absolute on localhost, with a leading /api never doubled', () => {
    expect(apiUrl('/api/health')).toBe('http://localhost:3000/api/health');
    expect(apiUrl('status')).toBe('http://localhost:3000/api/status');
  });
  it('is the relative /api elsewhere', () => {
    (window as unknown as { location: { hostname: string } }).location.hostname = 'hunab.app';
    expect(apiUrl('/health')).toBe('/api/health');
  });
});

describe('the native request client', () => {
  const transport = vi.fn(async (options: { method?: string; url: string; data?: unknown }) => ({
    status: options.url.endsWith('/missing') ? 404 : 201,
    data: options.url.endsWith('/missing') ? { error: { code: 'NOT_FOUND', message: 'gone' } } : { echo: options.data },
    headers: {},
    url: options.url,
  }));
  const nativeFetch = createNativeFetch(transport);

  it('wraps any success as a 200 JSON response', async () => {
    const response = await nativeFetch('https://hunab.app/api/cards', { method: 'POST', body: '{"name":"A"}' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ echo: { name: 'A' } });
  });
  it('keeps a failure’s status and body', async () => {
    const response = await nativeFetch('https://hunab.app/api/missing', { method: 'GET' });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
  it.each(['GET', 'POST', 'PUT', 'DELETE'])('sends %s', async (method) => {
    await expect(nativeFetch('https://hunab.app/api/x', { method })).resolves.toBeInstanceOf(Response);
  });
  it.each(['PATCH', 'HEAD', 'OPTIONS'])('refuses %s with "Unsupported method"', async (method) => {
    const calls = transport.mock.calls.length;
    await expect(nativeFetch('https://hunab.app/api/x', { method })).rejects.toThrow(UnsupportedMethodError);
    await expect(nativeFetch('https://hunab.app/api/x', { method })).rejects.toThrow('Unsupported method');
    expect(transport.mock.calls.length).toBe(calls);
  });
});

describe('the app icon plugin on the web', () => {
  it('does nothing and says the platform cannot change its icon', async () => {
    const web = new AppIconWeb();
    await expect(web.change({ name: 'seal-3' })).resolves.toBeUndefined();
    expect(await web.isSupported()).toEqual({ value: false });
    expect(await web.getName()).toEqual({ value: null });
  });
});

describe('the language config', () => {
  it('has products, the mailing list, the chat-bot and the legal paths for every language', () => {
    const ids = { ru: 12, en: 15, es: 16, pt: 18, ar: 19, ja: 20, zh: 21, de: 22 };
    for (const lang of LANGUAGES) {
      const config = LANGUAGE_CONFIG[lang];
      expect(config.products).toEqual({ enabled: lang === 'ru', showInDev: true, showInProd: lang === 'ru' });
      expect(config.mailingList.id).toBe(ids[lang]);
      expect(config.mailingList.name).toBeTruthy();
      // The server's counted link, which leads to the product's own bot when one runs (else the admin's link).
      expect(config.chatBot.url).toBe(`/go/bot/${lang}`);
      expect(config.chatBot.name).toBeTruthy();
      expect(config.legal).toEqual({ privacy: '/legal/privacy', terms: '/legal/terms' });
      expect(config.seo.hreflang).toBe(lang);
    }
    expect(legalPath('en', 'terms')).toBe('/en/legal/terms');
    expect(legalPath('ru', 'privacy')).toBe('/legal/privacy');
  });
  it('sells the programmes in Russian only in production builds, everywhere in development', () => {
    expect(productsShown(LANGUAGE_CONFIG.ru, false)).toBe(true);
    expect(productsShown(LANGUAGE_CONFIG.en, false)).toBe(false);
    expect(productsShown(LANGUAGE_CONFIG.en, true)).toBe(true);
  });
});

describe('the performance emergency thresholds', () => {
  it('passes only above LCP 5000 ms, FCP 3000 ms and TBT 1000 ms', () => {
    expect(exceededThresholds({ lcp: 5000, fcp: 3000, tbt: 1000 })).toEqual([]);
    expect(exceededThresholds({ lcp: 5001, fcp: 3001, tbt: 1001 })).toEqual(['lcp', 'fcp', 'tbt']);
    expect(exceededThresholds({ lcp: null, fcp: null, tbt: 1200 })).toEqual(['tbt']);
  });
});

describe('the font wait', () => {
  it('gives up after 3 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('document', { fonts: { ready: new Promise(() => {}) } });
    const waiting = waitForFonts();
    vi.advanceTimersByTime(2_999);
    let settled = false;
    void waiting.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await waiting).toBe('timeout');
  });
  it('goes on as soon as the fonts are in', async () => {
    vi.stubGlobal('document', { fonts: { ready: Promise.resolve() } });
    expect(await waitForFonts()).toBe('loaded');
  });
});

describe('the error de-duplication clean-up', () => {
  it('forgets errors reported more than a minute before', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = 'test';
    const before = rememberedErrorCount();
    reportError(new Error(`once ${Math.random()}`));
    expect(rememberedErrorCount()).toBe(before + 1);
    expect(cleanUpReportedErrors(Date.now())).toBe(0);
    expect(cleanUpReportedErrors(Date.now() + 61_000)).toBeGreaterThanOrEqual(1);
    expect(rememberedErrorCount()).toBe(0);
  });
});

describe('the budget of fire-and-forget notes', () => {
  it('takes at most the limit in any window and frees a place as the oldest send leaves it', () => {
    let now = 0;
    const window = createSendWindow(3, 60_000, () => now);
    expect(window.take()).toBe(true);
    now = 10_000;
    expect([window.take(), window.take(), window.take()]).toEqual([true, true, false]);
    now = 59_999;
    expect(window.take()).toBe(false);
    now = 60_000;
    expect(window.take()).toBe(true);
    expect(window.take()).toBe(false);
    now = 70_000;
    expect([window.take(), window.take(), window.take()]).toEqual([true, true, false]);
  });

  it('sends at most 30 analytics events a minute from a tab and still hands every event to the data layer', () => {
    const send = vi.fn(async () => new Response('{"success":true}'));
    vi.stubGlobal('fetch', send);
    const dataLayer: unknown[] = [];
    (window as unknown as { dataLayer: unknown[] }).dataLayer = dataLayer;
    for (let i = 0; i < 40; i += 1) track({ event: 'page_view', label: String(i) });
    expect(send).toHaveBeenCalledTimes(30);
    expect(dataLayer).toHaveLength(40);
  });
});

describe('the content loader’s failures', () => {
  const answer = (api: () => Response, file: () => Response) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (String(url).includes('/api/') ? api() : file())),
    );

  it('says the content could not be loaded when the sources fail, and shows the built-in text', async () => {
    answer(
      () => new Response('{}', { status: 503 }),
      () => new Response('', { status: 500 }),
    );
    const reading = await loadReading('signs', 4, 'en');
    expect(reading).toMatchObject({ source: 'builtin', problem: 'loadFailed' });
  });
  it('says there is no content when every source answers without it', async () => {
    answer(
      () => new Response('{"success":true,"data":null}', { status: 200 }),
      () => new Response('', { status: 404 }),
    );
    expect(await loadReading('signs', 5, 'en')).toMatchObject({ source: 'builtin', problem: 'noContent' });
  });
  it('refuses a number the API calls invalid', async () => {
    answer(
      () => new Response('{"success":false,"error":{"code":"VALIDATION_ERROR","message":"n"}}', { status: 400 }),
      () => new Response('', { status: 404 }),
    );
    await expect(loadReading('signs', 6, 'en')).rejects.toBeInstanceOf(InvalidContextError);
  });
  it('fails on a reply of another shape', async () => {
    answer(
      () => new Response('{"success":true,"data":{"content_text":"text"}}', { status: 200 }),
      () => new Response('', { status: 404 }),
    );
    await expect(loadReading('signs', 7, 'en')).rejects.toBeInstanceOf(TypeError);
  });
});

describe('the main level 1 purchase check', async () => {
  const { checkMainLevel1 } = await import('../src/features/access/main-purchase.ts');
  it('counts a failed check as no purchase, with the spec’s words for the failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"success":false}', { status: 500 })),
    );
    expect(await checkMainLevel1()).toEqual({ hasPurchase: false, error: 'Ошибка проверки main level 1' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await checkMainLevel1()).toEqual({ hasPurchase: false, error: 'Ошибка сети при проверке main level 1' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"success":true,"data":{"hasPurchase":true}}')),
    );
    expect(await checkMainLevel1()).toEqual({ hasPurchase: true, error: null });
  });
});

describe('the content loader’s reset', () => {
  it('stops waiting after 10 s and shows the built-in text as a failed load', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const loading = loadReading('tones', 3, 'en');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await loading).toMatchObject({ source: 'builtin', problem: 'loadFailed' });
  });
});

describe('the token the requests carry', () => {
  it('is read from storage at most every 5 s, and at once after the session store changes it', async () => {
    const { api, forgetCachedToken } = await import('../src/lib/api.ts');
    const fetch = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetch);
    const bearer = (call: number) =>
      ((fetch.mock.calls[call] as unknown as [string, RequestInit])[1].headers as Record<string, string>).authorization;
    forgetCachedToken();
    window.localStorage.setItem('auth_token', 'a.b.c');
    await api('/x');
    window.localStorage.setItem('auth_token', 'd.e.f');
    await api('/x');
    expect([bearer(0), bearer(1)]).toEqual(['Bearer a.b.c', 'Bearer a.b.c']);
    forgetCachedToken();
    await api('/x');
    expect(bearer(2)).toBe('Bearer d.e.f');
  });
});
