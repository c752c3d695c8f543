import { normalizeCardDate, parseCardDate } from '@hunab/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from './helpers/memory-storage.ts';

beforeEach(() => {
  vi.stubGlobal('window', {
    localStorage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
    addEventListener() {},
    removeEventListener() {},
  });
});
afterEach(() => vi.unstubAllGlobals());

const { cardsOfReply, fetchCards } = await import('../src/features/cards/api.ts');
const store = await import('../src/features/cards/localStore.ts');
const model = await import('../src/features/cards/model.ts');
const { breakers, CircuitOpenError } = await import('../src/lib/circuit-breaker.ts');
const { recommendedPlan } = await import('../src/features/paywall/pricewall.ts');

describe('card dates (spec 001 section 5)', () => {
  it('keeps a full ISO UTC value, reads a zoneless one as UTC and puts a date alone at noon UTC', () => {
    expect(parseCardDate('1990-05-17T08:30:00.000Z')).toEqual({ iso: '1990-05-17T08:30:00.000Z' });
    expect(parseCardDate('1990-05-17T08:30')).toEqual({ iso: '1990-05-17T08:30:00.000Z' });
    expect(parseCardDate('1990-05-17')).toEqual({ iso: '1990-05-17T12:00:00.000Z' });
    expect(parseCardDate('1990-05-17T08:30:00+05:30')).toEqual({ iso: '1990-05-17T03:00:00.000Z' });
    expect(parseCardDate('1990-02-29')).toEqual({ problem: 'INVALID_DATE' });
    expect(parseCardDate('10000-01-01')).toEqual({ problem: 'INVALID_DATE' });
    expect(parseCardDate('0999-01-01')).toEqual({ problem: 'DATE_OUT_OF_RANGE' });
  });

  it('turns what cannot be read into the current time', () => {
    const now = new Date('2024-03-01T10:00:00Z');
    expect(normalizeCardDate('sometime', now)).toBe('2024-03-01T10:00:00.000Z');
    expect(normalizeCardDate(undefined, now)).toBe('2024-03-01T10:00:00.000Z');
    expect(normalizeCardDate('1990-05-17', now)).toBe('1990-05-17T12:00:00.000Z');
    expect(normalizeCardDate(Date.UTC(1990, 4, 17, 6), now)).toBe('1990-05-17T06:00:00.000Z');
  });
});

describe('the card form', () => {
  const values = (overrides: Partial<import('../src/features/cards/model.ts').CardFormValues> = {}) => ({
    ...model.EMPTY_FORM,
    name: 'Mila',
    date: '1987-07-26',
    ...overrides,
  });

  it('needs a name and a valid date-time', () => {
    expect(model.readCardForm(values({ name: '  ' }))).toEqual({ ok: false, errors: { name: 'errors.required' } });
    expect(model.readCardForm(values({ date: '' }))).toEqual({
      ok: false,
      errors: { birth_date: 'errors.invalidDate' },
    });
    expect(model.readCardForm(values({ date: '1987-02-30' }))).toMatchObject({ ok: false });
    expect(model.readCardForm(values({ date: '10000-01-01' }))).toMatchObject({ ok: false });
    expect(model.readCardForm(values({ time: '25:00' }))).toMatchObject({ ok: false });
    expect(model.readCardForm(values({ time: 'noon' }))).toMatchObject({ ok: false });
  });

  it('adds seconds to HH:MM, takes noon for a missing time, and refuses a birth date after today', () => {
    expect(model.readCardForm(values({ time: '08:05' }))).toMatchObject({
      ok: true,
      card: { name: 'Mila', birth_date: '1987-07-26T08:05:00.000Z', description: null, is_primary: false },
      typed: '1987-07-26T08:05:00',
    });
    expect(model.readCardForm(values({ time: '' }))).toMatchObject({
      card: { birth_date: '1987-07-26T12:00:00.000Z' },
    });
    expect(model.EMPTY_FORM.time).toBe('12:00');
    expect(model.readCardForm(values({ date: '9999-12-31', time: '23:59' }))).toMatchObject({
      ok: false,
      errors: { birth_date: 'errors.futureDate' },
    });
    const today = new Date().toISOString().slice(0, 10);
    expect(model.readCardForm(values({ date: today, time: '23:59' }))).toMatchObject({ ok: true });
  });
});

describe('the card list', () => {
  const card = (id: string, name: string, birth_date = '1990-05-17T12:00:00.000Z') =>
    ({ id, name, birth_date }) as import('../src/features/cards/model.ts').Card;

  it('searches names case-insensitively by substring', () => {
    const cards = [card('1', 'Мила'), card('2', 'Людмила Петровна'), card('3', 'Anna')];
    expect(model.filterCards(cards, 'МИЛ').map((c) => c.id)).toEqual(['1', '2']);
    expect(model.filterCards(cards, ' ann ').map((c) => c.id)).toEqual(['3']);
    expect(model.filterCards(cards, '')).toHaveLength(3);
  });

  it('does not add a card already in the list: same id, or same name and birth date', () => {
    const list = [card('1', 'Mila')];
    expect(model.mergeCards(list, [card('1', 'Other')])).toHaveLength(1);
    expect(model.mergeCards(list, [card('9', 'Mila', '1990-05-17')])).toHaveLength(1);
    expect(model.mergeCards(list, [card('9', 'Mila', '1990-05-18')])).toHaveLength(2);
  });

  it('opens the cycles at the base64 of the birth date, in the page only on /dash and /dash/cycles', () => {
    const href = model.cyclesHref('/en/dash/cycles', '1990-05-17T12:00:00.000Z');
    expect(href).toBe(`/en/dash/cycles#${btoa('1990-05-17T12:00:00.000Z')}`);
    expect(atob(href.split('#')[1] ?? '').slice(0, 10)).toBe('1990-05-17');
    expect(['/dash', '/dash/cycles', '/tzolkin', '/dash/stats'].map(model.pickStaysInPage)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([model.FIRST_RENDER_COUNT, model.SECOND_RENDER_MS]).toEqual([12, 60]);
  });

  it('reads a list from any of the reply shapes', () => {
    const list = [card('1', 'Mila')];
    for (const body of [list, { data: list }, { data: { cards: list } }, { cards: list }]) {
      expect(cardsOfReply(body)).toEqual(list);
    }
    expect(cardsOfReply({ data: { card: list[0] } })).toBeNull();
    expect(cardsOfReply(null)).toBeNull();
  });
});

describe('a guest’s cards on the device', () => {
  const input = (name: string, birth_date = '1990-05-17T12:00:00.000Z') => ({
    name,
    birth_date,
    description: null,
    is_primary: false,
  });

  it('keeps them under user local_user with timestamp ids, the first one primary', () => {
    const first = store.addLocalCard(input('One'));
    const second = store.addLocalCard(input('Two'));
    expect(first).toMatchObject({ user_id: 'local_user', is_primary: true });
    expect(second.is_primary).toBe(false);
    expect(Number(first.id)).toBeGreaterThan(1_600_000_000_000);
    expect(Number(second.id)).toBeGreaterThan(Number(first.id));
    expect(store.readLocalCards().map((c) => c.name)).toEqual(['One', 'Two']);
  });

  it('passes the primary mark on when the primary card goes, and to a card made primary', () => {
    const first = store.addLocalCard(input('One'));
    const second = store.addLocalCard(input('Two'));
    const third = store.addLocalCard(input('Three'));
    store.updateLocalCard(third.id, { is_primary: true });
    expect(
      store
        .readLocalCards()
        .filter((c) => c.is_primary)
        .map((c) => c.name),
    ).toEqual(['Three']);
    store.removeLocalCard(third.id);
    expect(
      store
        .readLocalCards()
        .filter((c) => c.is_primary)
        .map((c) => c.id),
    ).toEqual([first.id]);
    store.removeLocalCard(first.id);
    expect(store.readLocalCards().map((c) => [c.id, c.is_primary])).toEqual([[second.id, true]]);
  });

  it('makes stored dates readable, an unreadable one the current time', () => {
    window.localStorage.setItem(
      'cards',
      JSON.stringify([
        { id: 1700000000000, name: 'Old', birth_date: '1990-05-17' },
        { id: 2, name: 'Bad', birth_date: 'x' },
      ]),
    );
    const [old, bad] = store.readLocalCards();
    expect(old).toMatchObject({ id: '1700000000000', birth_date: '1990-05-17T12:00:00.000Z', user_id: 'local_user' });
    expect(Math.abs(Date.parse(bad?.birth_date ?? '') - Date.now())).toBeLessThan(5_000);
  });

  it('lays the dates as typed over the list while they name the same instant', () => {
    const card = store.addLocalCard(input('Typed', '1990-05-17T08:30:00.000Z'));
    store.rememberOriginalDate(card.id, '1990-05-17T08:30:00');
    expect(store.withOriginalDates([card])[0]?.birth_date).toBe('1990-05-17T08:30:00');
    const changedElsewhere = { ...card, birth_date: '1991-01-01T12:00:00.000Z' };
    expect(store.withOriginalDates([changedElsewhere])[0]?.birth_date).toBe('1991-01-01T12:00:00.000Z');
    store.moveOriginalDates([{ from: card.id, to: 'server-id' }]);
    expect(store.withOriginalDates([{ ...card, id: 'server-id' }])[0]?.birth_date).toBe('1990-05-17T08:30:00');
    expect(store.withOriginalDates([card])[0]?.birth_date).toBe('1990-05-17T08:30:00.000Z');
  });

  it('keeps the draft of an unsaved card until it is cleared', () => {
    expect(store.readDraft()).toBeNull();
    store.saveDraft({ ...model.EMPTY_FORM, name: 'Half typed' });
    expect(window.localStorage.getItem('unsaved_card')).toContain('Half typed');
    expect(store.readDraft()?.name).toBe('Half typed');
    store.clearDraft();
    expect(store.readDraft()).toBeNull();
  });
});

describe('fetching a signed-in user’s cards', () => {
  beforeEach(() => window.localStorage.setItem('auth_token', 'aaa.bbb.ccc'));
  afterEach(() => breakers.cards.reset());

  it('says the token is missing before the call, and missing during it when the server refuses it', async () => {
    window.localStorage.removeItem('auth_token');
    const fetch = vi.fn(async () => new Response('{"success":false,"error":{"code":"UNAUTHORIZED"}}', { status: 401 }));
    vi.stubGlobal('fetch', fetch);
    expect((await fetchCards('u3')).error?.message).toBe('Auth token missing');
    expect(fetch).not.toHaveBeenCalled();
    window.localStorage.setItem('auth_token', 'aaa.bbb.ccc');
    expect((await fetchCards('u3')).error?.message).toBe('Auth token missing during API call');
  });

  it('answers the cached cards with success false when the server cannot be reached, then opens the breaker', async () => {
    const cached = [{ id: 'a', name: 'Cached', birth_date: '1990-05-17T12:00:00.000Z' }];
    store.writeCachedCards({ userId: 'u1', cards: cached as never, limits: null });
    const fetch = vi.fn(async (_url: string) => {
      throw new TypeError('fetch failed');
    });
    vi.stubGlobal('fetch', fetch);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const list = await fetchCards('u1');
      expect(list).toMatchObject({ success: false, cards: cached });
      expect(list.error?.message).toBe('Network error. Please check your connection.');
    }
    const rejected = await fetchCards('u1');
    expect(rejected.error).toBeInstanceOf(CircuitOpenError);
    expect(rejected.error?.message).toBe('Circuit cards is open - request rejected');
    expect(rejected.cards).toEqual(cached);
    // The connection test that follows a failure asks /health and /status; the cards were asked 4 times.
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/cards')).length).toBe(4);
    expect((await fetchCards('someone else')).cards).toEqual([]);
  });

  it('caches a fetched list for the user and passes the plan limits on', async () => {
    const limits = { plan: 'free', limit: 3, count: 1, remaining: 2, canAdd: true };
    const cards = [{ id: 'a', name: 'Fresh', birth_date: '1990-05-17T12:00:00.000Z' }];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: true, data: cards, limits }), { status: 200 })),
    );
    expect(await fetchCards('u2')).toEqual({ success: true, cards, limits, error: null });
    expect(store.readCachedCards('u2')?.cards).toEqual(cards);
  });
});

describe('the pricewall', () => {
  it('recommends basic on the free limits and premium on the basic ones', () => {
    expect(recommendedPlan('cards_limit_free')).toBe('basic');
    expect(recommendedPlan('content_date_free')).toBe('basic');
    expect(recommendedPlan('cards_limit_basic')).toBe('premium');
    expect(model.pricewallReasonOf('free')).toBe('cards_limit_free');
    expect(model.pricewallReasonOf('basic')).toBe('cards_limit_basic');
    expect(model.pricewallReasonOf('premium')).toBeNull();
  });
});
