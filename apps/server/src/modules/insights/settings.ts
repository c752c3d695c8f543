import {
  type AppSettings,
  PUBLIC_SETTING_KEYS,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  type SettingKey,
  settingValueSchemas,
} from '@hunab/contracts';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { assertStorableJson } from '../../lib/json-limits.ts';

const STORED_SETTING = { maxDepth: 3, maxBytes: 4_000 };

/** The application settings: stored values over their defaults; a stored value that no longer passes is ignored. */
export function createSettingsService(db: Db, now: () => Date) {
  async function read(handle: Db = db) {
    const rows = await handle.select().from(appSettings).where(inArray(appSettings.key, SETTING_KEYS));
    const settings: AppSettings = structuredClone(SETTING_DEFAULTS);
    const changes: Array<{ key: string; updatedBy: string | null; updatedAt: string }> = [];
    for (const row of rows) {
      const key = row.key as SettingKey;
      const parsed = settingValueSchemas[key].safeParse(row.value);
      if (!parsed.success) continue;
      Object.assign(settings, { [key]: parsed.data });
      changes.push({ key, updatedBy: row.updatedBy, updatedAt: row.updatedAt.toISOString() });
    }
    return { settings, changes };
  }

  return {
    read,

    async publicSettings(): Promise<Partial<AppSettings>> {
      const { settings } = await read();
      return Object.fromEntries(PUBLIC_SETTING_KEYS.map((key) => [key, settings[key]]));
    },

    /** Stores the settings given, one audit row per changed key, all in one transaction. */
    async update(actorId: string, changes: Partial<AppSettings>, reason: string | undefined) {
      await db.transaction(async (tx) => {
        const { settings: before } = await read(tx);
        for (const key of SETTING_KEYS) {
          const value = changes[key];
          if (value === undefined) continue;
          assertStorableJson(value, key, STORED_SETTING);
          if (JSON.stringify(value) === JSON.stringify(before[key])) continue;
          await tx
            .insert(appSettings)
            .values({ key, value, updatedBy: actorId, updatedAt: now() })
            .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedBy: actorId, updatedAt: now() } });
          await recordAudit(tx, {
            actorId,
            action: 'setting.update',
            targetType: 'setting',
            targetId: key,
            before: before[key],
            after: value,
            reason: reason ?? null,
          });
        }
      });
      return read();
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
