import { calendarDay, parseDate } from '@hunab/calendar';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { telegramChats, telegramInbox, telegramTokens } from '../src/db/schema.ts';
import { createPacer } from '../src/modules/telegram/adapter.ts';
import { grantPlan, newAccount, newAdmin } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { testConfig } from './helpers/config.ts';
import { type FakeTelegram, startFakeTelegram } from './helpers/fake-telegram.ts';
import { client } from './helpers/http.ts';

const TOKEN = '7000000001:AAHtestTokenOfTheHunabBot_0123456789';
const SECRET = 'webhook-Secret_0123456789';
let fake: FakeTelegram;
beforeAll(async () => {
  fake = await startFakeTelegram(TOKEN);
});
afterAll(async () => fake?.close());

const ctx = useTestApp(() => ({
  publicUrl: 'https://hunab.test',
  telegram: { token: TOKEN, apiUrl: fake.url, webhookSecret: SECRET, limits: { perChatMs: 0 } },
}));
const http = client(() => ctx.app);

let updateId = 5000;
let chatCounter = 100_000;
const newChat = () => ++chatCounter;

function commandUpdate(chatId: number, text: string, languageCode = 'en') {
  const command = text.split(' ')[0] ?? '';
  updateId += 1;
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: 'private', first_name: 'Reader' },
      from: { id: chatId, is_bot: false, first_name: 'Reader', language_code: languageCode },
      text,
      ...(command.startsWith('/') ? { entities: [{ type: 'bot_command', offset: 0, length: command.length }] } : {}),
    },
  };
}

const webhook = (update: unknown, secret: string | null = SECRET) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/telegram/webhook',
    headers: secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret },
    payload: update as object,
  });

/** Sends a command through the webhook, waits for the bot, and answers the texts the chat received from it. */
async function say(chatId: number, text: string, languageCode = 'en') {
  const before = fake.sent(chatId).length;
  const reply = await webhook(commandUpdate(chatId, text, languageCode));
  expect(reply.statusCode).toBe(200);
  await ctx.app.telegram.idle();
  return fake.sent(chatId).slice(before);
}
const textOf = (calls: { payload: Record<string, unknown> }[]) =>
  calls.map((call) => String(call.payload.text)).join('\n');

async function linkedChat(overrides: Record<string, unknown> = {}) {
  const account = await newAccount(http, { lang: 'en', birth_date: '1990-05-17', ...overrides });
  const link = await http.post('/api/telegram/link-token', {}, { token: account.token });
  expect(link.status).toBe(200);
  const token = new URL(link.body.url).searchParams.get('start') ?? '';
  const chatId = newChat();
  const answer = await say(chatId, `/start ${token}`);
  expect(textOf(answer)).toContain('connected to your Hunab account');
  return { account, chatId, token };
}

const utcToday = () => new Date().toISOString().slice(0, 10);

describe('the webhook', () => {
  it('answers /today with today’s kin when Telegram sends the secret token', async () => {
    const chatId = newChat();
    const kin = calendarDay(parseDate(utcToday())).kin.number;
    const sent = await say(chatId, '/today');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.payload.text).toContain(`Kin ${kin}:`);
    expect(sent[0]?.payload.link_preview_options).toMatchObject({
      url: `https://hunab.test/api/share/kin/${kin}.png?lang=en`,
    });
  });

  it('refuses a call without the secret token or with another one, and sends nothing', async () => {
    const chatId = newChat();
    const missing = await webhook(commandUpdate(chatId, '/today'), null);
    const wrong = await webhook(commandUpdate(chatId, '/today'), `${SECRET}x`);
    expect(missing.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    await ctx.app.telegram.idle();
    expect(fake.sent(chatId)).toHaveLength(0);
  });

  it('handles an update Telegram delivers twice once', async () => {
    const chatId = newChat();
    const update = commandUpdate(chatId, '/help');
    const [first, second] = await Promise.all([webhook(update), webhook(update)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    await ctx.app.telegram.idle();
    expect(await webhook(update).then((reply) => reply.statusCode)).toBe(200);
    await ctx.app.telegram.idle();
    expect(fake.sent(chatId)).toHaveLength(1);
    const rows = await ctx.database.db.select().from(telegramInbox).where(eq(telegramInbox.updateId, update.update_id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.processedAt).not.toBeNull();
  });

  it('says what it expected of a bad date or time, in the chat’s language', async () => {
    const chatId = newChat();
    expect(textOf(await say(chatId, '/kin 2026-13-40'))).toContain('YYYY-MM-DD');
    expect(textOf(await say(chatId, '/kin tomorrow', 'ru'))).toContain('ГГГГ-ММ-ДД');
    expect(textOf(await say(chatId, 'hello', 'de'))).toContain('/help');
  });

  it('waits out a 429 for its retry_after and sends once', async () => {
    const chatId = newChat();
    fake.flood(chatId, 1);
    const started = Date.now();
    const sent = await say(chatId, '/today');
    expect(sent.map((call) => call.ok)).toEqual([false, true]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('makes the site’s chat-bot links lead to this bot, which starts in the link’s language', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/go/bot/es?source=landing_hunabbot' });
    expect(reply.statusCode).toBe(302);
    expect(reply.headers.location).toBe('https://t.me/hunab_test_bot?start=es');
    expect(textOf(await say(newChat(), '/start es', 'en'))).toContain('Hola');
    expect(textOf(await say(newChat(), '/start 13moons'))).toContain('Hello!');
  });

  it('points Telegram’s webhook here with the secret token', async () => {
    expect(await ctx.app.telegram.registerWebhook()).toBe(true);
    expect(fake.webhook()).toEqual({ url: 'https://hunab.test/api/telegram/webhook', secret_token: SECRET });
  });
});

describe('linking a chat to an account', () => {
  it('links with the one-time t.me link and answers personal commands only in the linked chat', async () => {
    const { account, chatId, token } = await linkedChat();
    const birthKin = calendarDay(parseDate('1990-05-17')).kin.number;
    expect(textOf(await say(chatId, '/me'))).toContain(`Your birth kin (1990-05-17): ${birthKin}`);

    const stranger = newChat();
    expect(textOf(await say(stranger, `/start ${token}`))).toContain('not valid or has expired');
    const unlinked = textOf(await say(stranger, '/me'));
    expect(unlinked).toContain('Connect Telegram');
    expect(unlinked).not.toContain(String(birthKin));

    const links = await http.get('/api/telegram/links', { token: account.token });
    expect(links.body).toMatchObject({
      enabled: true,
      username: 'hunab_test_bot',
      chats: [{ chat_id: String(chatId), active: true }],
    });
  });

  it('keeps only the hash of a link, which lasts 15 minutes', async () => {
    const account = await newAccount(http, { lang: 'en' });
    const link = await http.post('/api/telegram/link-token', {}, { token: account.token });
    expect(link.body.url).toMatch(/^https:\/\/t\.me\/hunab_test_bot\?start=[A-Za-z0-9_-]{43}$/);
    const token = new URL(link.body.url).searchParams.get('start') ?? '';
    const rows = await ctx.database.db.select().from(telegramTokens).where(eq(telegramTokens.userId, account.id));
    expect(rows.map((row) => row.tokenHash)).not.toContain(token);
    ctx.clock.offsetMs = 16 * 60_000;
    try {
      expect(textOf(await say(newChat(), `/start ${token}`))).toContain('not valid or has expired');
    } finally {
      ctx.clock.offsetMs = 0;
    }
  });

  it('lets the owner unlink, and nobody else', async () => {
    const { account, chatId } = await linkedChat();
    const other = await newAccount(http);
    expect((await http.post('/api/telegram/unlink', { chat_id: String(chatId) }, { token: other.token })).status).toBe(
      404,
    );
    expect((await http.post('/api/telegram/unlink', { chat_id: String(chatId) })).status).toBe(401);
    expect(
      (await http.post('/api/telegram/unlink', { chat_id: String(chatId) }, { token: account.token })).status,
    ).toBe(200);
    expect(textOf(await say(chatId, '/cards'))).toContain('Connect Telegram');
  });

  it('needs a signed-in user for a link', async () => {
    expect((await http.post('/api/telegram/link-token', {})).status).toBe(401);
    expect((await http.get('/api/telegram/links')).status).toBe(401);
  });

  it('lists the linked account’s cards', async () => {
    const { account, chatId } = await linkedChat();
    const card = await http.post('/api/cards', { name: 'Mira', birth_date: '1988-03-02' }, { token: account.token });
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    expect(textOf(await say(chatId, '/cards'))).toContain(
      `Mira, 1988-03-02: kin ${calendarDay(parseDate('1988-03-02')).kin.number}`,
    );
  });
});

describe('the daily message', () => {
  it('goes once a day at the chosen local time, through the reminders, across parallel runs', async () => {
    const { chatId } = await linkedChat();
    expect(textOf(await say(chatId, '/remind 25:00'))).toContain('/remind 08:00');
    expect(textOf(await say(chatId, '/remind 07:30'))).toContain('07:30 (Europe/Moscow)');
    // 07:40 in Moscow (UTC+3) on a fixed day.
    const at = new Date('2026-03-10T04:40:00Z');
    const before = fake.sent(chatId).length;
    await Promise.all([ctx.app.reminders.runDue(at), ctx.app.reminders.runDue(at)]);
    await ctx.app.reminders.runDue(new Date(at.getTime() + 30 * 60_000));
    const daily = fake.sent(chatId).slice(before);
    expect(daily).toHaveLength(1);
    expect(daily[0]?.payload.text).toContain(`Kin ${calendarDay(parseDate('2026-03-10')).kin.number}`);

    expect(textOf(await say(chatId, '/stop'))).toContain('off');
    await ctx.app.reminders.runDue(new Date('2026-03-11T04:40:00Z'));
    expect(
      fake
        .sent(chatId)
        .slice(before + 1)
        .filter((call) => String(call.payload.text).includes('Kin')),
    ).toHaveLength(0);
  });

  it('stops sending to a chat that blocked the bot', async () => {
    const { chatId } = await linkedChat();
    await say(chatId, '/remind 09:00');
    fake.block(chatId);
    await ctx.app.reminders.runDue(new Date('2026-04-01T06:10:00Z'));
    const [row] = await ctx.database.db.select().from(telegramChats).where(eq(telegramChats.chatId, chatId));
    expect(row?.active).toBe(false);
    const attempts = fake.sent(chatId).length;
    await ctx.app.reminders.runDue(new Date('2026-04-02T06:10:00Z'));
    expect(fake.sent(chatId)).toHaveLength(attempts);
  });
});

describe('plans', () => {
  const lastMonth = () => new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

  it('keeps another day’s reading for a plan that opens it, and signs a free reader in to subscribe', async () => {
    const { chatId } = await linkedChat();
    const [locked] = await say(chatId, `/kin ${lastMonth()}`);
    expect(locked?.payload.text).toContain('opens with a subscription');
    const button = (locked?.payload.reply_markup as { inline_keyboard: { url: string }[][] } | undefined)
      ?.inline_keyboard[0]?.[0];
    const login = new URL(button?.url ?? '');
    expect(login.origin + login.pathname).toBe('https://hunab.test/en/telegram/login');

    const token = login.searchParams.get('token');
    const signedIn = await http.post('/api/telegram/login', { token });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ next: '/subscription' });
    const me = await http.get('/api/auth/me', { token: signedIn.body.token });
    expect(me.body.user.email).toBe(signedIn.body.user.email);
    expect((await http.post('/api/telegram/login', { token })).status).toBe(400);
  });

  it('opens any day’s reading for premium', async () => {
    const { account, chatId } = await linkedChat();
    const admin = await newAdmin(http, ctx.database.db);
    expect((await grantPlan(http, admin, account.id, 'premium', 30)).status).toBe(200);
    const [open] = await say(chatId, `/kin ${lastMonth()}`);
    expect(open?.payload.text).not.toContain('subscription');
    expect(open?.payload.reply_markup).toBeUndefined();
  });

  it('gives a guest chat only today’s reading', async () => {
    const [locked] = await say(newChat(), `/kin ${lastMonth()}`);
    expect(locked?.payload.text).toContain('subscribed account');
  });
});

describe('the admin’s figures', () => {
  it('counts linked chats, subscribers and the day’s sent and failed messages', async () => {
    const admin = await newAdmin(http, ctx.database.db);
    const user = await newAccount(http);
    expect((await http.get('/api/admin/telegram/stats')).status).toBe(401);
    expect((await http.get('/api/admin/telegram/stats', { token: user.token })).status).toBe(403);
    const stats = await http.get('/api/admin/telegram/stats', { token: admin.token });
    expect(stats.status).toBe(200);
    expect(stats.body.data.linked_chats).toBeGreaterThan(0);
    expect(stats.body.data.blocked_chats).toBeGreaterThan(0);
    expect(stats.body.data.daily_subscribers).toBeGreaterThan(0);
    const today = stats.body.data.days.find((day: { day: string }) => day.day === utcToday());
    expect(today.sent).toBeGreaterThan(0);
    expect(today.failed).toBeGreaterThan(0);
  });
});

describe('the sending pace', () => {
  it('spaces sends to one chat and across all chats as the Bot API asks', async () => {
    const pace = createPacer({ perSecond: 100, perChatMs: 150, maxRetryAfterSeconds: 60, maxRetries: 3 });
    let started = Date.now();
    await Promise.all([pace(1), pace(1), pace(1)]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    started = Date.now();
    await Promise.all(Array.from({ length: 11 }, (_, index) => pace(1000 + index)));
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
  });
});

describe('the sending pace of several processes', () => {
  it('keeps the sends of two servers on one database within the Bot API’s rate together', async () => {
    // Two processes of the product, each allowed 10 messages a second; Telegram refuses more than 12 a second.
    const limits = { perSecond: 10, perChatMs: 0 };
    const telegram = { token: TOKEN, apiUrl: fake.url, webhookSecret: SECRET, limits };
    const servers = await Promise.all(
      [0, 1].map(() =>
        buildApp({ database: ctx.database, config: testConfig({ publicUrl: 'https://hunab.test', telegram }) }),
      ),
    );
    try {
      fake.limitPerSecond(12);
      const first = fake.calls.length;
      const started = Date.now();
      await Promise.all(
        servers.flatMap((server, index) =>
          Array.from({ length: 20 }, (_, n) => server.telegram.bot?.api.sendMessage(900_000 + index * 100 + n, 'Kin')),
        ),
      );
      const calls = fake.calls.slice(first).filter((call) => call.method === 'sendMessage');
      expect(calls.filter((call) => !call.ok)).toEqual([]);
      expect(calls).toHaveLength(40);
      // 40 messages at 10 a second between them fill four one-second windows: more than three seconds' boundaries.
      expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
      const windows = new Set(calls.map((call) => Math.floor(call.at / 1000)));
      expect(windows.size).toBeGreaterThanOrEqual(4);
    } finally {
      fake.limitPerSecond(null);
      await Promise.all(servers.map((server) => server.close()));
    }
  });
});
