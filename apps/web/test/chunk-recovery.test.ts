import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A window with timers and a session storage, enough for the chunk recovery's bookkeeping. */
function fakeWindow() {
  const stored = new Map<string, string>();
  const sessionStorage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, String(value)),
    removeItem: (key: string) => void stored.delete(key),
  };
  vi.stubGlobal('window', {
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: number) => clearTimeout(id),
    sessionStorage,
    location: { reload() {} },
  });
  return stored;
}

describe('the chunk retry counter (spec 000 section 4.3)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is forgotten 10 s after a page that loaded well', async () => {
    const stored = fakeWindow();
    stored.set('hunab_chunk_retries', '1');
    const { resetRetriesLater } = await import('../src/app/update.tsx');
    resetRetriesLater();
    vi.advanceTimersByTime(10_000);
    expect(stored.has('hunab_chunk_retries')).toBe(false);
  });

  it('is kept while a recovery is under way, so a second failure after the reload shows the overlay', async () => {
    const stored = fakeWindow();
    const { resetRetriesLater, startChunkRecovery } = await import('../src/app/update.tsx');
    resetRetriesLater();
    vi.advanceTimersByTime(9_000);
    startChunkRecovery();
    expect(stored.get('hunab_chunk_retries')).toBe('1');
    vi.advanceTimersByTime(5_000);
    expect(stored.get('hunab_chunk_retries')).toBe('1');
  });
});
