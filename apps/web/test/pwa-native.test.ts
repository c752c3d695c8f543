// The web side of the PWA and the native shell: platform detection, the bridge helpers and the service worker
// registration, with Capacitor's native side and the browser's globals replaced by fakes.
import { Capacitor, CapacitorException, ExceptionCode } from '@capacitor/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fakes = vi.hoisted(() => ({
  store: new Map<string, string>(),
  browserOpen: vi.fn(async (_options: { url: string }) => {}),
  iconChange: vi.fn(async (_options: { name: string }) => {}),
}));

vi.mock('@capacitor/preferences', () => ({
  Preferences: {
    get: async ({ key }: { key: string }) => ({ value: fakes.store.get(key) ?? null }),
    set: async ({ key, value }: { key: string; value: string }) => {
      fakes.store.set(key, value);
    },
  },
}));
vi.mock('@capacitor/browser', () => ({ Browser: { open: fakes.browserOpen } }));
vi.mock('@capacitor/core', async (importOriginal) => {
  const real = await importOriginal<typeof import('@capacitor/core')>();
  return { ...real, registerPlugin: () => ({ change: fakes.iconChange }) };
});

const { nativeRequestHeaders, isNativePlatform, platformName, registrationSource } = await import(
  '../src/lib/platform.ts'
);
const { LAST_ICON_UPDATE_KEY, openSubscriptionLink, updateAppIconDaily } = await import('../src/lib/native.ts');

/** The native runtime's bridge on window.Capacitor, which platform.ts reads, and Capacitor's own view of it. */
function runOn(platform: 'web' | 'android' | 'ios') {
  vi.spyOn(Capacitor, 'isNativePlatform').mockReturnValue(platform !== 'web');
  vi.spyOn(Capacitor, 'getPlatform').mockReturnValue(platform);
  const current = (globalThis as { window?: object }).window ?? {};
  vi.stubGlobal('window', {
    ...current,
    Capacitor: { isNativePlatform: () => platform !== 'web', getPlatform: () => platform },
  });
}

beforeEach(() => {
  fakes.store.clear();
  fakes.browserOpen.mockClear();
  fakes.iconChange.mockReset();
  fakes.iconChange.mockResolvedValue(undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('platform', () => {
  it('is the website in a browser, with no extra headers', () => {
    runOn('web');
    expect(isNativePlatform()).toBe(false);
    expect(platformName()).toBe('web');
    expect(registrationSource()).toBe('website');
    expect(nativeRequestHeaders()).toEqual({});
  });

  it.each(['android', 'ios'] as const)('is the mobile app on %s, and says so in request headers', (platform) => {
    runOn(platform);
    expect(isNativePlatform()).toBe(true);
    expect(platformName()).toBe(platform);
    expect(registrationSource()).toBe('mobile_app');
    expect(nativeRequestHeaders()).toEqual({ 'X-Requested-With': 'app.hunab.mobile', 'X-Platform': 'mobile-app' });
  });
});

describe('openSubscriptionLink', () => {
  function stubLocation() {
    const assign = vi.fn();
    const current = (globalThis as { window?: object }).window ?? {};
    vi.stubGlobal('window', { ...current, location: { href: 'https://hunab.app/en/', assign } });
    return assign;
  }

  it('navigates on the web', async () => {
    runOn('web');
    const assign = stubLocation();
    await openSubscriptionLink('https://pay.example.com/plan?id=1');
    expect(assign).toHaveBeenCalledWith('https://pay.example.com/plan?id=1');
    expect(fakes.browserOpen).not.toHaveBeenCalled();
  });

  it('opens the in-app browser inside the native shell', async () => {
    runOn('android');
    const assign = stubLocation();
    await openSubscriptionLink('/en/subscribe');
    expect(fakes.browserOpen).toHaveBeenCalledWith({ url: 'https://hunab.app/en/subscribe' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('refuses addresses that are not web pages', async () => {
    runOn('web');
    const assign = stubLocation();
    await expect(openSubscriptionLink('javascript:alert(1)')).rejects.toThrow(TypeError);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('updateAppIconDaily', () => {
  it('does nothing on the web', async () => {
    runOn('web');
    await expect(updateAppIconDaily(7, '2026-03-01')).resolves.toBe(false);
    expect(fakes.iconChange).not.toHaveBeenCalled();
    expect(fakes.store.size).toBe(0);
  });

  it('changes the icon once per day on a phone', async () => {
    runOn('ios');
    await expect(updateAppIconDaily(7, '2026-03-01')).resolves.toBe(true);
    expect(fakes.iconChange).toHaveBeenCalledWith({ name: 'seal-7' });
    expect(fakes.store.get(LAST_ICON_UPDATE_KEY)).toBe('2026-03-01');

    await expect(updateAppIconDaily(8, '2026-03-01')).resolves.toBe(false);
    expect(fakes.iconChange).toHaveBeenCalledTimes(1);

    await expect(updateAppIconDaily(8, '2026-03-02')).resolves.toBe(true);
    expect(fakes.iconChange).toHaveBeenLastCalledWith({ name: 'seal-8' });
    expect(fakes.store.get(LAST_ICON_UPDATE_KEY)).toBe('2026-03-02');
  });

  it('makes one native call when asked twice at once', async () => {
    runOn('android');
    const results = await Promise.all([updateAppIconDaily(3, '2026-03-01'), updateAppIconDaily(3, '2026-03-01')]);
    expect(results).toEqual([true, true]);
    expect(fakes.iconChange).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      'UNIMPLEMENTED',
      new CapacitorException('"AppIcon" plugin is not implemented on android', ExceptionCode.Unimplemented),
    ],
    ['UNAVAILABLE', new CapacitorException('AppIcon is not available', ExceptionCode.Unavailable)],
    ['a native "not implemented" error', Object.assign(new Error('Method not implemented.'), { code: 'NOPE' })],
  ])('reports false when the shell has no AppIcon plugin (%s), and tries again next time', async (_name, error) => {
    runOn('android');
    fakes.iconChange.mockRejectedValueOnce(error);
    await expect(updateAppIconDaily(20, '2026-03-01')).resolves.toBe(false);
    expect(fakes.store.has(LAST_ICON_UPDATE_KEY)).toBe(false);
  });

  it('passes other native failures on', async () => {
    runOn('android');
    fakes.iconChange.mockRejectedValueOnce(new Error('disk full'));
    await expect(updateAppIconDaily(1, '2026-03-01')).rejects.toThrow('disk full');
    expect(fakes.store.has(LAST_ICON_UPDATE_KEY)).toBe(false);
  });

  it('refuses a seal outside 1-20 or a date not in YYYY-MM-DD', async () => {
    runOn('android');
    await expect(updateAppIconDaily(0, '2026-03-01')).rejects.toThrow(RangeError);
    await expect(updateAppIconDaily(21, '2026-03-01')).rejects.toThrow(RangeError);
    await expect(updateAppIconDaily(2.5, '2026-03-01')).rejects.toThrow(RangeError);
    await expect(updateAppIconDaily(2, '1 March 2026')).rejects.toThrow(RangeError);
    expect(fakes.iconChange).not.toHaveBeenCalled();
  });
});

describe('registerServiceWorker', () => {
  /** A browser with a service worker container; `readyState` as the document has it when the app calls. */
  function stubBrowser(readyState: DocumentReadyState) {
    const win = new EventTarget();
    const container = Object.assign(new EventTarget(), {
      register: vi.fn(async (_url: string, _options: RegistrationOptions) => ({})),
    });
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', { readyState });
    vi.stubGlobal('navigator', { serviceWorker: container });
    return { win, container };
  }

  async function freshPwa() {
    vi.resetModules();
    return import('../src/lib/pwa.ts');
  }

  it('registers /sw.js with scope / once the page has loaded, only once', async () => {
    vi.stubEnv('DEV', false);
    runOn('web');
    const { win, container } = stubBrowser('interactive');
    const pwa = await freshPwa();
    pwa.registerServiceWorker();
    pwa.registerServiceWorker();
    expect(container.register).not.toHaveBeenCalled();
    win.dispatchEvent(new Event('load'));
    expect(container.register).toHaveBeenCalledTimes(1);
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('registers at once when the page has already loaded', async () => {
    vi.stubEnv('DEV', false);
    runOn('web');
    const { container } = stubBrowser('complete');
    (await freshPwa()).registerServiceWorker();
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('turns CACHE_UPDATE_AVAILABLE into an appUpdateAvailable window event, and nothing else', async () => {
    vi.stubEnv('DEV', false);
    runOn('web');
    const { win, container } = stubBrowser('complete');
    const pwa = await freshPwa();
    expect(pwa.SERVICE_WORKER_MESSAGE).toBe('CACHE_UPDATE_AVAILABLE');
    pwa.registerServiceWorker();
    const heard = vi.fn();
    win.addEventListener('appUpdateAvailable', heard);
    container.dispatchEvent(new MessageEvent('message', { data: { type: 'SOMETHING_ELSE' } }));
    container.dispatchEvent(new MessageEvent('message', { data: 'CACHE_UPDATE_AVAILABLE' }));
    expect(heard).not.toHaveBeenCalled();
    container.dispatchEvent(new MessageEvent('message', { data: { type: 'CACHE_UPDATE_AVAILABLE' } }));
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard.mock.calls[0]?.[0]).toBeInstanceOf(CustomEvent);
  });

  it('does nothing in development', async () => {
    vi.stubEnv('DEV', true);
    runOn('web');
    const { container } = stubBrowser('complete');
    (await freshPwa()).registerServiceWorker();
    expect(container.register).not.toHaveBeenCalled();
  });

  it('does nothing inside the native shell', async () => {
    vi.stubEnv('DEV', false);
    const { container } = stubBrowser('complete');
    runOn('android');
    (await freshPwa()).registerServiceWorker();
    expect(container.register).not.toHaveBeenCalled();
  });

  it('does nothing in a browser without service workers', async () => {
    vi.stubEnv('DEV', false);
    runOn('web');
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('document', { readyState: 'complete' });
    vi.stubGlobal('navigator', {});
    const pwa = await freshPwa();
    expect(() => pwa.registerServiceWorker()).not.toThrow();
  });
});
