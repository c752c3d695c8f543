import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { calendarDay, parseDate } from '@hunab/calendar';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { outboxEmails, pushSubscriptions, reminderSends, users } from '../src/db/schema.ts';
import { isPublicAddress } from '../src/lib/public-address.ts';
import { localClock } from '../src/modules/reminders/clock.ts';
import { useTestApp } from './helpers/app.ts';
import { client, registration } from './helpers/http.ts';
import { type ReceivedEmail, useSmtpServer } from './helpers/smtp.ts';

const smtp = useSmtpServer();

const ctx = useTestApp(() => ({ smtpUrl: smtp.url, pushAllowLocal: true }));
const http = client(() => ctx.app);
const HOUR = 3_600_000;

interface Account {
  token: string;
  id: string;
  email: string;
}

async function account(overrides: Record<string, unknown> = {}): Promise<Account> {
  const body = registration(overrides);
  const reply = await http.post('/api/auth/register', body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { token: reply.body.token, id: reply.body.user.id, email: body.email as string };
}

const settings = (overrides: Record<string, unknown> = {}) => ({
  email: true,
  push: false,
  daily: true,
  returns: true,
  local_time: '08:00',
  time_zone: 'Europe/Moscow',
  ...overrides,
});

/** Follows the confirmation link of the language list that turning the email on sent (double opt-in). */
async function confirmList(email: string) {
  const pattern = /\/api\/subscriptions\/confirm\?token=[\w.-]+/;
  let link: string | undefined;
  for (let waited = 0; !link && waited < 5000; waited += 20) {
    link = smtp.received.map((mail) => pattern.exec(mail.to.includes(email) ? mail.text : '')?.[0]).find(Boolean);
    if (!link) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(link, `no confirmation to ${email}`).toBeTruthy();
  expect((await ctx.app.inject({ method: 'GET', url: String(link) })).statusCode).toBe(302);
}

async function subscribed(overrides: Record<string, unknown> = {}, user: Record<string, unknown> = {}) {
  const who = await account(user);
  const reply = await http.put('/api/reminders', settings(overrides), { token: who.token });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  if (reply.body.data.email) await confirmList(who.email);
  return who;
}

/** A header as it was sent (mailparser reads List-Unsubscribe into an object). */
const headerLine = (mail: ReceivedEmail, key: string) =>
  (mail.mail.headerLines.find((h) => h.key === key)?.line ?? '').replace(/^[^:]+:\s*/, '');

const sendsOf = (ids: string[]) =>
  ctx.database.db.select().from(reminderSends).where(inArray(reminderSends.userId, ids));

describe('reminder settings', () => {
  it('start off, are saved per user and refuse a zone or time that does not exist', async () => {
    const me = await account();
    const first = await http.get('/api/reminders', { token: me.token });
    expect(first.body.data).toMatchObject({ email: false, push: false, devices: 0 });
    const saved = await http.put('/api/reminders', settings({ time_zone: 'Asia/Tokyo', local_time: '21:30' }), {
      token: me.token,
    });
    expect(saved.body.data).toMatchObject({ email: true, time_zone: 'Asia/Tokyo', local_time: '21:30' });
    for (const bad of [
      { time_zone: 'Mars/Olympus' },
      { local_time: '24:00' },
      { local_time: '8:00' },
      { email: 'yes' },
    ]) {
      const reply = await http.put('/api/reminders', settings(bad), { token: me.token });
      expect(reply.status, JSON.stringify(bad)).toBe(400);
      expect(reply.body.error.code).toBe('VALIDATION_ERROR');
    }
    const other = await account();
    expect((await http.get('/api/reminders', { token: other.token })).body.data.email).toBe(false);
    expect((await http.get('/api/reminders')).status).toBe(401);
    expect((await http.put('/api/reminders', { junk: true })).status).toBe(401);
  });
});

describe('the daily reminder', () => {
  // 240 runs of the scheduler over two days: on a loaded two-core machine well over the default 30 s.
  it('goes out once per local day at the chosen local time in every time zone, with a moved clock', {
    timeout: 120_000,
  }, async () => {
    const zones = [
      'Pacific/Kiritimati',
      'Asia/Tokyo',
      'Asia/Kolkata',
      'Europe/Moscow',
      'America/New_York',
      'Pacific/Pago_Pago',
    ];
    const people = [];
    for (const zone of zones) people.push({ zone, who: await subscribed({ time_zone: zone, local_time: '08:00' }) });
    const ids = people.map((p) => p.who.id);
    // Two whole days in 15-minute steps, over the change to winter time in New York (2025-11-02).
    const start = Date.UTC(2025, 10, 1, 0, 0);
    for (let at = start; at < start + 48 * HOUR; at += 15 * 60_000) await ctx.app.reminders.runDue(new Date(at));
    const sends = await sendsOf(ids);
    for (const { zone, who } of people) {
      const mine = sends.filter((s) => s.userId === who.id && s.channel === 'email');
      const days = mine.map((s) => s.localDay);
      expect(new Set(days).size, zone).toBe(days.length);
      // Two or three local days fall in 48 hours, depending on the zone; a day whose 08:00 came just before the
      // first run is caught up at that run.
      expect(mine.length, zone).toBeGreaterThanOrEqual(2);
      expect(mine.length, zone).toBeLessThanOrEqual(3);
      for (const send of mine) {
        const clock = localClock(send.createdAt, zone);
        expect(clock.date, zone).toBe(send.localDay);
        expect(clock.minutes, zone).toBeGreaterThanOrEqual(8 * 60);
        const late = send.createdAt.getTime() === start ? 180 : 15;
        expect(clock.minutes, zone).toBeLessThan(8 * 60 + late);
        expect(send.kin).toBe(calendarDay(parseDate(send.localDay)).kin.number);
      }
    }
    // Running again over the same two days sends nothing more.
    for (let at = start; at < start + 48 * HOUR; at += HOUR) await ctx.app.reminders.runDue(new Date(at));
    expect(await sendsOf(ids)).toHaveLength(sends.length);
    const outbox = await ctx.database.db
      .select()
      .from(outboxEmails)
      .where(and(inArray(outboxEmails.userId, ids), eq(outboxEmails.kind, 'dailyReminder')));
    expect(outbox).toHaveLength(sends.length);
  });

  it('names the day’s kin, a short reading and the galactic returns of the user and their cards', async () => {
    // 2025-06-10 carries the kin of 1987-07-26 plus whole rounds of 260 days? Find a day that is the user's return.
    const birth = '1987-07-26';
    const birthKin = calendarDay(parseDate(birth)).kin.number;
    let day = Date.UTC(2025, 5, 1);
    while (calendarDay(parseDate(new Date(day).toISOString().slice(0, 10))).kin.number !== birthKin) day += 86_400_000;
    const localDay = new Date(day).toISOString().slice(0, 10);
    const me = await subscribed({ time_zone: 'UTC', local_time: '07:00' }, { birth_date: birth, lang: 'en' });
    const card = await http.post('/api/cards', { name: 'Sister', birth_date: birth }, { token: me.token });
    expect(card.status).toBe(201);
    await ctx.app.reminders.runDue(new Date(day + 7 * HOUR + 60_000));
    const mail = await smtp.waitFor(me.email, /Kin/);
    const kin = calendarDay(parseDate(localDay), 'en').kin;
    expect(mail.subject).toBe(`Kin ${kin.number} · ${kin.name}`);
    expect(mail.text).toContain(`Today is Kin ${kin.number}`);
    expect(mail.text).toContain('Today is your galactic return');
    expect(mail.text).toContain('Today is the galactic return of “Sister”');
    expect(mail.text).toContain(`http://hunab.test/en/context/${localDay}`);
    const unsubscribe = headerLine(mail, 'list-unsubscribe');
    expect(unsubscribe).toMatch(/^<http:\/\/hunab\.test\/api\/reminders\/unsubscribe\/[\w-]+\.[\w-]+>$/);
    expect(headerLine(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });

  it('sends returns-only reminders on return days alone', async () => {
    const me = await subscribed({ time_zone: 'UTC', daily: false, returns: true }, { birth_date: '2000-01-01' });
    const birthKin = calendarDay(parseDate('2000-01-01')).kin.number;
    const DAY = 86_400_000;
    let returnDay = Date.UTC(2026, 0, 1);
    while (calendarDay(parseDate(new Date(returnDay).toISOString().slice(0, 10))).kin.number !== birthKin)
      returnDay += DAY;
    for (const day of [returnDay - 2 * DAY, returnDay - DAY, returnDay, returnDay + DAY, returnDay + 100 * DAY]) {
      await ctx.app.reminders.runDue(new Date(day + 8 * HOUR));
    }
    const sends = await sendsOf([me.id]);
    expect(sends.map((s) => s.localDay)).toEqual([new Date(returnDay).toISOString().slice(0, 10)]);
    expect(sends[0]?.kin).toBe(birthKin);
  });

  it('stops at one click on the unsubscribe link, without signing in; opening the link changes nothing', async () => {
    const me = await subscribed({ time_zone: 'UTC', local_time: '06:00' }, { lang: 'en' });
    const day = Date.UTC(2027, 2, 3);
    await ctx.app.reminders.runDue(new Date(day + 6 * HOUR));
    const mail = await smtp.waitFor(me.email, /Kin/);
    const link = headerLine(mail, 'list-unsubscribe').slice(1, -1);
    const path = new URL(link).pathname;

    const opened = await http.get(path);
    expect(opened.status).toBe(200);
    expect(String(opened.body)).toContain('<form method="post">');
    // In the reader's language only.
    expect(String(opened.body)).toContain('Stop the daily reminder emails?');
    expect(String(opened.body)).not.toContain('Отписаться');
    expect((await http.get('/api/reminders', { token: me.token })).body.data.email).toBe(true);

    const forged = await http.call('POST', `${path.slice(0, -3)}xyz`, 'List-Unsubscribe=One-Click', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe('INVALID_TOKEN');

    // RFC 8058's own format, multipart/form-data, as some mail clients send it.
    const boundary = 'hunab-one-click';
    const oneClick = await http.call(
      'POST',
      path,
      `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
    );
    expect(oneClick.status).toBe(200);
    expect((await http.get('/api/reminders', { token: me.token })).body.data.email).toBe(false);
    await ctx.app.reminders.runDue(new Date(day + 86_400_000 + 6 * HOUR));
    expect(await sendsOf([me.id])).toHaveLength(1);
  });

  // Two more servers built and twelve accounts signed up first: slow on a loaded machine, whatever the reminders do.
  it('is sent exactly once when several server processes run at the same moment', { timeout: 120_000 }, async () => {
    const second = ctx.database.url ? await openDatabase({ databaseUrl: ctx.database.url, dataDir: '' }) : ctx.database;
    const others = await Promise.all(
      [0, 1].map(() =>
        buildApp({
          database: second,
          config: ctx.config,
          closeDatabase: false,
          now: () => new Date(Date.now() + ctx.clock.offsetMs),
        }),
      ),
    );
    try {
      const people = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          subscribed({ time_zone: i % 2 ? 'Asia/Tokyo' : 'UTC', local_time: '09:00' }),
        ),
      );
      const ids = people.map((p) => p.id);
      const apps = [ctx.app, ...others, ctx.app, ...others];
      // 09:05 in Tokyo, then 09:05 in UTC: each moment is run by every process at once.
      for (const at of [Date.UTC(2028, 4, 4, 0, 5), Date.UTC(2028, 4, 4, 9, 5)]) {
        await Promise.all(apps.map((app) => app.reminders.runDue(new Date(at))));
      }
      const sends = await sendsOf(ids);
      expect(sends).toHaveLength(12);
      const outbox = await ctx.database.db
        .select({ id: outboxEmails.id })
        .from(outboxEmails)
        .where(and(inArray(outboxEmails.userId, ids), eq(outboxEmails.kind, 'dailyReminder')));
      expect(outbox).toHaveLength(12);
    } finally {
      for (const other of others) await other.close();
      if (second !== ctx.database) await second.close();
    }
  });

  it('stops for a deleted account', async () => {
    const me = await subscribed({ time_zone: 'UTC' });
    await ctx.database.db.delete(users).where(eq(users.id, me.id));
    await ctx.app.reminders.runDue(new Date(Date.UTC(2029, 0, 1, 8, 1)));
    expect(await sendsOf([me.id])).toHaveLength(0);
  });

  it('stops everything for a blocked account: reminder emails and push, its feed and any other letter', async () => {
    const pushService = await startPushService();
    try {
      const me = await subscribed({ push: true, time_zone: 'UTC', local_time: '08:00' }, { lang: 'en' });
      const keys = device().keys;
      const kept = await http.post(
        '/api/reminders/push-subscriptions',
        { endpoint: `${pushService.url}/push/blocked`, keys },
        { token: me.token },
      );
      expect(kept.status).toBe(200);
      const feed = await http.post('/api/feed', {}, { token: me.token });
      expect(feed.status, JSON.stringify(feed.body)).toBe(200);
      const feedPath = new URL(feed.body.data.https_url as string).pathname;
      expect((await ctx.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(200);

      const boss = await account();
      await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, boss.id));
      const blocked = await http.post(
        `/api/admin/users/${me.id}/block`,
        { blocked: true, reason: 'abuse' },
        { token: boss.token },
      );
      expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
      await ctx.app.mailer.flush();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const toMe = () => smtp.received.filter((mail) => mail.to.includes(me.email)).length;
      const before = toMe();

      expect((await ctx.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(404);
      await ctx.app.reminders.runDue(new Date(Date.UTC(2029, 2, 3, 8, 1)));
      expect(await sendsOf([me.id])).toHaveLength(0);
      expect(pushService.received).toHaveLength(0);
      // Any letter at all, by account or by address, stays unsent and unrecorded.
      await ctx.app.mailer.send({
        to: me.email,
        kind: 'dailyReminder',
        lang: 'en',
        userId: null,
        values: { name: 'x' },
      });
      await ctx.app.mailer.flush();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(toMe()).toBe(before);
      const letters = await ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, me.email));
      expect(
        letters.filter((row) => row.createdAt.getTime() > Date.now() - 5_000 && row.kind === 'dailyReminder'),
      ).toEqual([]);
    } finally {
      await pushService.close();
    }
  });
});

/** A local push service: it answers 201 to /push/*, 410 to /gone/*, and keeps what arrives. */
async function startPushService() {
  const received: { path: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = request.url?.startsWith('/gone/') ? 410 : 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a push subscription: its P-256 key pair and auth secret. */
function device() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

describe('push reminders', () => {
  it('reach every device of the user, encrypted for each, signed with the server’s VAPID key, once a day', async () => {
    const pushService = await startPushService();
    try {
      const publicKey = (await http.get('/api/reminders/push-key')).body.publicKey as string;
      expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
      const me = await subscribed({ email: false, push: true, time_zone: 'UTC', local_time: '10:00' }, { lang: 'en' });
      const phone = device();
      const laptop = device();
      const old = device();
      for (const [path, d] of [
        ['/push/phone', phone],
        ['/push/laptop', laptop],
        ['/gone/old', old],
      ] as const) {
        const reply = await http.post(
          '/api/reminders/push-subscriptions',
          { endpoint: `${pushService.url}${path}`, expirationTime: null, keys: d.keys },
          { token: me.token },
        );
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      }
      expect((await http.get('/api/reminders', { token: me.token })).body.data.devices).toBe(3);

      const at = Date.UTC(2030, 6, 26, 10, 1);
      await ctx.app.reminders.runDue(new Date(at));
      expect(pushService.received.map((r) => r.path).sort()).toEqual(['/gone/old', '/push/laptop', '/push/phone']);
      const kin = calendarDay(parseDate('2030-07-26'), 'en').kin;
      // @ts-expect-error: http_ece (web-push's own dependency) ships no types
      const ece = (await import('http_ece')).default as {
        decrypt(body: Buffer, params: Record<string, unknown>): Buffer;
      };
      for (const [path, d] of [
        ['/push/phone', phone],
        ['/push/laptop', laptop],
      ] as const) {
        const request = pushService.received.find((r) => r.path === path);
        if (!request) throw new Error(`nothing reached ${path}`);
        expect(request.headers['content-encoding']).toBe('aes128gcm');
        expect(Number(request.headers.ttl)).toBeGreaterThan(0);
        expect(request.headers.authorization).toMatch(
          new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
        );
        expect(request.body.toString('utf8')).not.toContain('Kin');
        const payload = JSON.parse(
          ece
            .decrypt(request.body, { version: 'aes128gcm', privateKey: d.ecdh, authSecret: d.keys.auth })
            .toString('utf8'),
        );
        expect(payload).toMatchObject({
          title: `Kin ${kin.number} · ${kin.name}`,
          url: 'http://hunab.test/en/context/2030-07-26',
        });
        expect(payload.body).toContain(`Today is Kin ${kin.number}`);
      }
      // The push service said the old device is gone: it is forgotten.
      const left = await ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.id));
      expect(left.map((row) => row.endpoint).sort()).toEqual([
        `${pushService.url}/push/laptop`,
        `${pushService.url}/push/phone`,
      ]);
      const [send] = await sendsOf([me.id]);
      expect(send).toMatchObject({ channel: 'push', delivered: 2 });

      await ctx.app.reminders.runDue(new Date(at + 30 * 60_000));
      expect(pushService.received).toHaveLength(3);
    } finally {
      await pushService.close();
    }
  });

  it('keeps a device for its owner only and refuses what is not a push endpoint', async () => {
    const owner = await account();
    const other = await account();
    const d = device();
    const endpoint = 'http://127.0.0.1:9/push/owned';
    expect((await http.post('/api/reminders/push-subscriptions', { endpoint, keys: d.keys })).status).toBe(401);
    expect(
      (await http.post('/api/reminders/push-subscriptions', { endpoint, keys: d.keys }, { token: owner.token })).status,
    ).toBe(200);
    const removed = await http.post('/api/reminders/push-subscriptions/remove', { endpoint }, { token: other.token });
    expect(removed.body).toEqual({ success: true, removed: false });
    expect((await http.get('/api/reminders', { token: owner.token })).body.data.devices).toBe(1);
    for (const bad of ['ftp://127.0.0.1/push', 'http://user:pass@127.0.0.1/push']) {
      const reply = await http.post(
        '/api/reminders/push-subscriptions',
        { endpoint: bad, keys: d.keys },
        { token: owner.token },
      );
      expect(reply.status, bad).toBe(400);
    }
    const mine = await http.post('/api/reminders/push-subscriptions/remove', { endpoint }, { token: owner.token });
    expect(mine.body.removed).toBe(true);
  });
});

describe('push endpoints and the server’s own network', () => {
  it('tells public addresses from loopback, private, link-local, unique-local, multicast and metadata ones', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '2a00:1450:4001:82b::200a',
      '::ffff:8.8.8.8',
      '2002:808:808::1',
      '64:ff9b::808:808',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a9fe:a9fe',
      '0:0:0:0:0:ffff:7f00:1',
      // IPv4-compatible addresses (::/96), public IPv4 inside or not, and 6to4 (2002::/16) with an internal IPv4.
      '::7f00:1',
      '::127.0.0.1',
      '::a9fe:a9fe',
      '::8.8.8.8',
      '2002:7f00:1::',
      '2002:a9fe:a9fe::1',
      '2002:0a00:0001:1::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses internal endpoints when kept and never connects to one at send time', async () => {
    // A server configured as in production (no local test endpoints), on the same database.
    const production = await buildApp({
      database: ctx.database,
      config: { ...ctx.config, pushAllowLocal: false },
      closeDatabase: false,
    });
    const connections: string[] = [];
    const listener = createTcpServer((socket) => {
      connections.push(String(socket.remoteAddress));
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as AddressInfo;
    try {
      const me = await subscribed({ email: false, push: true, time_zone: 'UTC', local_time: '10:00' });
      const keys = device().keys;
      for (const endpoint of [
        `https://127.0.0.1:${port}/push/x`,
        'https://[::1]/push/x',
        'https://10.0.0.1/x',
        'https://169.254.169.254/latest/meta-data/',
        'https://[fd12::1]/x',
        'https://[::ffff:127.0.0.1]/x',
        'https://[::127.0.0.1]/x',
        'https://[2002:7f00:1::1]/x',
        'https://[2002:a9fe:a9fe::]/latest/meta-data/',
        'https://224.0.0.1/x',
        `https://localhost:${port}/x`,
        `http://93.184.215.14/x`,
      ]) {
        const reply = await production.inject({
          method: 'POST',
          url: '/api/reminders/push-subscriptions',
          payload: { endpoint, keys },
          headers: { authorization: `Bearer ${me.token}` },
        });
        expect(reply.statusCode, endpoint).toBe(400);
        expect(reply.json().error.code).toBe('PUSH_ENDPOINT_REFUSED');
      }
      expect((await http.get('/api/reminders', { token: me.token })).body.data.devices).toBe(0);

      // A device kept while its name pointed elsewhere, now pointing here: checked again, never reached.
      await ctx.database.db
        .insert(pushSubscriptions)
        .values({ userId: me.id, endpoint: `https://127.0.0.1:${port}/push/moved`, ...keys });
      await production.reminders.runDue(new Date(Date.UTC(2030, 7, 2, 10, 1)));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(connections).toEqual([]);
      const [send] = await sendsOf([me.id]);
      expect(send).toMatchObject({ channel: 'push', delivered: 0 });
    } finally {
      await production.close();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });
});
