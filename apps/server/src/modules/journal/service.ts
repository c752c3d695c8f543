import {
  addDays,
  calendarDay,
  dayNumber,
  formatDate,
  type PlainDate,
  parseDate,
  waveSpellOfKin,
} from '@hunab/calendar';
import {
  type JournalEntry,
  type JournalFilter,
  type JournalLimits,
  type JournalListQuery,
  type JournalSummary,
  journalLimitsOf,
  type SaveJournalEntryBody,
} from '@hunab/contracts';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import type { SubscriptionService } from '../subscriptions/service.ts';
import { type JournalRow, journalRepository as repo } from './repository.ts';

export type JournalUser = { id: string; isAdmin: boolean };

export function toJournalEntry(row: JournalRow): JournalEntry {
  return {
    date: row.day,
    kin: row.kin,
    seal: row.seal,
    tone: row.tone,
    wavespell: row.wavespell,
    moon: row.moon,
    text: row.text,
    mood: row.mood,
    tags: row.tags,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The day's marks an entry is filed under, from the engine. */
export function dayMarks(date: PlainDate) {
  const day = calendarDay(date);
  return {
    kin: day.kin.number,
    seal: day.kin.sign.number,
    tone: day.kin.tone.number,
    wavespell: waveSpellOfKin(day.kin.number),
    moon: day.moon,
  };
}

/** The date of an instant in UTC. */
const utcDateOf = (at: Date): PlainDate => ({
  year: at.getUTCFullYear(),
  month: at.getUTCMonth() + 1,
  day: at.getUTCDate(),
});

const notFound = () => new ApiError(404, 'JOURNAL_ENTRY_NOT_FOUND', 'There is no entry for this day.');

/**
 * The rules of the kin journal: one entry per user and day, read and changed by its owner only (there is no
 * administrator's view); a free account keeps JOURNAL_FREE_LIMIT entries, a subscriber any number, and the count is
 * checked under a lock on the user so two saves at once cannot pass it together. A day may be written up to the
 * day after the server's date (the user's own zone may already be there), never further ahead.
 */
export function createJournalService({
  db,
  subscriptions,
  now,
}: {
  db: Db;
  subscriptions: Pick<SubscriptionService, 'accessOf'>;
  now: () => Date;
}) {
  type Access = Awaited<ReturnType<SubscriptionService['accessOf']>>;
  /** The access is read before any transaction: on PGlite a read outside an open transaction would wait for it. */
  async function limitsOf(handle: Db, user: JournalUser, known?: Access): Promise<JournalLimits> {
    const access = known ?? (await subscriptions.accessOf(user));
    return journalLimitsOf(access.tier, await repo.countOf(handle, user.id), access.level > 0);
  }

  function checkDate(text: string): PlainDate {
    const date = parseDate(text);
    const latest = addDays(utcDateOf(now()), 1);
    if (dayNumber(date) > dayNumber(latest)) {
      throw new ApiError(400, 'JOURNAL_DATE_AHEAD', 'An entry can be written for today or an earlier day.');
    }
    return date;
  }

  return {
    limitsOf: (user: JournalUser) => limitsOf(db, user),

    async list(user: JournalUser, query: JournalListQuery) {
      const { page, limit, ...filter } = query;
      const [{ rows, total }, limits] = await Promise.all([
        repo.list(db, user.id, filter, { limit, offset: (page - 1) * limit }),
        limitsOf(db, user),
      ]);
      return { entries: rows.map(toJournalEntry), total, page, limits };
    },

    /** The entry of a day, or null: a day without an entry is an expected state, not an error. */
    async find(user: JournalUser, date: string): Promise<JournalEntry | null> {
      const row = await repo.find(db, user.id, date);
      return row ? toJournalEntry(row) : null;
    },

    /** Writes the day's entry, or rewrites it; a new entry over the free limit is refused with 403. */
    async save(user: JournalUser, dateText: string, body: SaveJournalEntryBody) {
      const date = checkDate(dateText);
      const access = await subscriptions.accessOf(user);
      return db.transaction(async (tx) => {
        await repo.lockUser(tx, user.id);
        const existing = await repo.find(tx, user.id, dateText);
        const limits = await limitsOf(tx, user, access);
        if (!existing && !limits.canAdd) {
          throw new ApiError(
            403,
            'JOURNAL_LIMIT_REACHED',
            `A free account keeps ${limits.limit} journal entries. Subscribe to keep writing.`,
            { ...limits },
          );
        }
        const at = now();
        const row = await repo.upsert(tx, {
          userId: user.id,
          day: formatDate(date),
          ...dayMarks(date),
          text: body.text,
          mood: body.mood ?? null,
          tags: body.tags ?? existing?.tags ?? [],
          createdAt: at,
          updatedAt: at,
        });
        return { entry: toJournalEntry(row), limits: existing ? limits : { ...limits, count: limits.count + 1 } };
      });
    },

    async remove(user: JournalUser, date: string): Promise<void> {
      if (!(await repo.remove(db, user.id, date))) throw notFound();
    },

    removeAll: (user: JournalUser) => repo.removeAll(db, user.id),

    exportRows: (user: JournalUser, filter: JournalFilter) => repo.all(db, user.id, filter),

    async summary(user: JournalUser): Promise<JournalSummary> {
      const today = utcDateOf(now());
      const first = { year: today.year - (today.month === 12 ? 0 : 1), month: (today.month % 12) + 1, day: 1 };
      const since = formatDate(first);
      const { groups, days } = await repo.summary(db, user.id, since);
      const counts = (kind: string, size: number) => {
        const list = new Array<number>(size).fill(0);
        for (const g of groups) if (g.kind === kind && g.key !== null) list[Number(g.key) - 1] = Number(g.n);
        return list;
      };
      const byMonth = Array.from({ length: 12 }, (_, i) => {
        const m = first.month - 1 + i;
        const month = `${first.year + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
        const found = groups.find((g) => g.kind === 'month' && g.key === month);
        return { month, count: Number(found?.n ?? 0) };
      });
      // Days in a row written up to today or yesterday.
      let streak = 0;
      let expected = dayNumber(today);
      for (const day of days) {
        const n = dayNumber(parseDate(day));
        if (streak === 0 && n === expected - 1) expected -= 1;
        if (n !== expected) break;
        streak += 1;
        expected -= 1;
      }
      return {
        total: counts('seal', 20).reduce((a, b) => a + b, 0),
        streak,
        bySeal: counts('seal', 20),
        byTone: counts('tone', 13),
        byMood: counts('mood', 5),
        byMonth,
      };
    },
  };
}

export type JournalService = ReturnType<typeof createJournalService>;
