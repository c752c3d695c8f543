import type { PushSubscriptionBody } from '@hunab/contracts';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { VapidKeys } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import { ApiError } from '../../lib/errors.ts';
import { hasPublicHost } from '../../lib/public-address.ts';
import type { ReminderContent } from './message.ts';
import type { PushDelivery } from './service.ts';

/** Devices one user may register; the oldest goes when a new one comes past it. */
export const PUSH_DEVICES_MAX = 10;
/** A device whose push service refused this many sends in a row is forgotten. */
const FAILURES_MAX = 5;

/**
 * The Web Push adapter (RFC 8030 delivery, RFC 8291 encryption, RFC 8292 VAPID): the `web-push` package encrypts
 * and signs, fetch delivers; one POST per device to the endpoint its browser's push service gave. An endpoint the service says is gone (404, 410)
 * is deleted at once. Endpoints must be https (every browser's push service is) on a host whose every address is
 * public, checked when a device is kept and again before each send (a name can resolve elsewhere later), and a
 * redirect is never followed: a client cannot make the server reach this host or its private network. A local
 * test endpoint (plain http, this host) only when the configuration allows it.
 */
export function createPushService(deps: { db: Db; vapid: VapidKeys; allowLocal?: boolean }) {
  const { db, vapid } = deps;
  const options = {
    vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    TTL: 12 * 3600,
  };

  /** The encrypted, signed request web-push prepared, sent with fetch (which speaks http to a local endpoint too). */
  async function send(request: {
    method: string;
    headers: Record<string, string | number>;
    body: Buffer | null;
    endpoint: string;
  }) {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: Object.fromEntries(Object.entries(request.headers).map(([key, value]) => [key, String(value)])),
      body: request.body ?? undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (response.status < 200 || response.status > 299) {
      throw Object.assign(new Error(`the push service answered ${response.status}`), { statusCode: response.status });
    }
  }

  /** Whether the server may send to `endpoint`: https, no credentials, a public host (or a local test endpoint). */
  async function reachable(endpoint: string): Promise<boolean> {
    const url = URL.canParse(endpoint) ? new URL(endpoint) : null;
    if (!url || url.username || url.password) return false;
    if (deps.allowLocal === true) return url.protocol === 'https:' || url.protocol === 'http:';
    return url.protocol === 'https:' && (await hasPublicHost(url));
  }

  async function checkEndpoint(endpoint: string): Promise<void> {
    if (!(await reachable(endpoint))) {
      throw new ApiError(400, 'PUSH_ENDPOINT_REFUSED', 'A push endpoint must be an https address of a push service.');
    }
  }

  const delivery: PushDelivery = {
    async deliver(userId: string, content: ReminderContent, url: string): Promise<number> {
      const devices = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
      const payload = JSON.stringify({ title: content.title, body: content.lines.slice(0, 3).join('\n'), url });
      let delivered = 0;
      for (const device of devices) {
        try {
          if (!(await reachable(device.endpoint))) throw new Error('the push endpoint is not a public address');
          await send(
            webpush.generateRequestDetails(
              { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
              payload,
              options,
            ),
          );
          delivered += 1;
          if (device.failures) {
            await db.update(pushSubscriptions).set({ failures: 0 }).where(eq(pushSubscriptions.id, device.id));
          }
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410 || device.failures + 1 >= FAILURES_MAX) {
            await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
          } else {
            await db
              .update(pushSubscriptions)
              .set({ failures: sql`${pushSubscriptions.failures} + 1` })
              .where(eq(pushSubscriptions.id, device.id));
          }
        }
      }
      return delivered;
    },
  };

  return {
    publicKey: vapid.publicKey,
    delivery,

    /** Keeps this device's subscription for the user; an endpoint seen before moves to them. */
    async subscribe(userId: string, body: PushSubscriptionBody): Promise<void> {
      await checkEndpoint(body.endpoint);
      await db.transaction(async (tx) => {
        await tx
          .insert(pushSubscriptions)
          .values({ userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { userId, p256dh: body.keys.p256dh, auth: body.keys.auth, failures: 0 },
          });
        const kept = await tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(desc(pushSubscriptions.createdAt))
          .limit(PUSH_DEVICES_MAX);
        await tx.delete(pushSubscriptions).where(
          and(
            eq(pushSubscriptions.userId, userId),
            notInArray(
              pushSubscriptions.id,
              kept.map((row) => row.id),
            ),
          ),
        );
      });
    },

    async unsubscribe(userId: string, endpoint: string): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
