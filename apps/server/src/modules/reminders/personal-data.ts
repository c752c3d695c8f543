import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions, reminderSends, reminderSettings } from '../../db/schema.ts';

/** For the reader's data export: their reminder settings and the reminders sent, by day. */
export async function remindersForExport(db: Db, userId: string) {
  const [settings] = await db
    .select({
      email: reminderSettings.email,
      push: reminderSettings.push,
      telegram: reminderSettings.telegram,
      daily: reminderSettings.daily,
      returns: reminderSettings.returns,
      local_time: reminderSettings.localTime,
      time_zone: reminderSettings.timeZone,
      updated_at: reminderSettings.updatedAt,
    })
    .from(reminderSettings)
    .where(eq(reminderSettings.userId, userId));
  return {
    settings: settings ?? null,
    sent: await db
      .select({ day: reminderSends.localDay, channel: reminderSends.channel, kin: reminderSends.kin })
      .from(reminderSends)
      .where(eq(reminderSends.userId, userId))
      .orderBy(asc(reminderSends.localDay)),
  };
}

/** For the reader's data export: the devices that get their push reminders, without the devices' keys or addresses. */
export async function pushSubscriptionsForExport(db: Db, userId: string) {
  const devices = await db
    .select({
      endpoint: pushSubscriptions.endpoint,
      created_at: pushSubscriptions.createdAt,
      failures: pushSubscriptions.failures,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return devices.map(({ endpoint, ...device }) => ({ push_service: originOf(endpoint), ...device }));
}

/** The push service a device registered with (its host), without the device's secret address. */
function originOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return '';
  }
}
