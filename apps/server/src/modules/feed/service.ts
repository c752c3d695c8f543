import { createHash, randomBytes } from 'node:crypto';
import {
  addDays,
  calendarDay,
  calendarNames,
  DEFAULT_LANGUAGE,
  dateOfDayNumber,
  dayNumber,
  formatDate,
  isLanguage,
  kinNumberOfDate,
  type Language,
  type PlainDate,
} from '@hunab/calendar';
import { type CreateFeedBody, FEED_DAYS, FEED_DAYS_BEFORE, type FeedLink, type FeedStatus } from '@hunab/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { calendarFeeds } from '../../db/schema.ts';
import { CALENDAR_WORDS, dayOfMoonText } from '../../lib/calendar-words.ts';
import { ApiError } from '../../lib/errors.ts';
import { HUNAB_KU_NOTE } from '../../lib/synchronometer-words.ts';
import type { AuthService } from '../auth/service.ts';
import type { CardService } from '../cards/service.ts';
import { type AllDayEvent, writeCalendar } from './ics.ts';

type FeedRow = typeof calendarFeeds.$inferSelect;

/** Someone whose dates the personal feed marks: the user (galactic returns) or one of their cards (birthdays). */
export interface FeedPerson {
  id: string;
  name: string;
  birth: PlainDate;
}

export interface FeedOptions {
  lang: Language;
  /** The first day of the feed. */
  start: PlainDate;
  days: number;
  /** UTC start of the day the feed is built: the DTSTAMP of its events. */
  stamp: Date;
  /** The user's own birth date, for galactic returns; absent in the public feed. */
  self?: PlainDate | null;
  cards?: readonly FeedPerson[];
}

export const hashFeedToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The kin and moon of every day, and the personal events when the options carry a person. */
export function buildFeed(options: FeedOptions): string {
  const { lang, start, days } = options;
  const labels = CALENDAR_WORDS[lang];
  const names = calendarNames(lang);
  const events: AllDayEvent[] = [];
  const first = dayNumber(start);
  const birthKin = options.self ? kinNumberOfDate(options.self.year, options.self.month, options.self.day) : null;
  const birthdays = new Map<string, FeedPerson[]>();
  for (const card of options.cards ?? []) {
    const key = `${card.birth.month}-${card.birth.day}`;
    birthdays.set(key, [...(birthdays.get(key) ?? []), card]);
  }
  let next = formatDate(start);
  for (let offset = 0; offset < days; offset++) {
    const plain = dateOfDayNumber(first + offset);
    const date = next;
    next = formatDate(dateOfDayNumber(first + offset + 1));
    const day = calendarDay(plain, lang);
    const { kin } = day;
    const kinText = `${labels.kin} ${kin.number} · ${kin.name}`;
    const special = day.isDayOutOfTime ? names.dayOutOfTime : day.isHunabKu ? names.hunabKu : null;
    const lines = [
      `${labels.tone} ${kin.tone.number}: ${kin.tone.name}`,
      `${labels.seal} ${kin.sign.number}: ${kin.sign.name}`,
      `${labels.wavespell} ${kin.waveSpell.number}: ${kin.waveSpell.name}`,
      day.moon === null
        ? (special ?? '')
        : `${labels.moon} ${day.moon}: ${day.moonName}, ${dayOfMoonText(lang, day.day ?? 0)}`,
      special
        ? `${names.synchronometer.newSirius}: ${day.newSirius.text} · ${special}`
        : `${names.synchronometer.newSirius}: ${day.newSirius.text}`,
    ];
    if (day.isHunabKu) lines.push(HUNAB_KU_NOTE[lang]);
    events.push({
      uid: `${date}-kin-${lang}@hunab`,
      date,
      nextDate: next,
      summary: special ? `${special} · ${kinText}` : kinText,
      description: lines.join('\n'),
      categories: labels.kin,
    });
    if (birthKin !== null && kin.number === birthKin && !day.isHunabKu) {
      events.push({
        uid: `${date}-return@hunab`,
        date,
        nextDate: next,
        summary: `${labels.galacticReturn} · ${kinText}`,
        description: lines.join('\n'),
      });
    }
    // A 29 February birthday is kept on 28 February in common years.
    const leapBirthdays =
      plain.month === 2 && plain.day === 28 && !isLeap(plain.year) ? birthdays.get('2-29') : undefined;
    for (const card of [...(birthdays.get(`${plain.month}-${plain.day}`) ?? []), ...(leapBirthdays ?? [])]) {
      events.push({
        uid: `${date}-card-${card.id}@hunab`,
        date,
        nextDate: next,
        summary: `${labels.birthday}: ${card.name}`,
        description: `${labels.kin} ${kinNumberOfDate(card.birth.year, card.birth.month, card.birth.day)}`,
      });
    }
  }
  return writeCalendar(
    {
      name: options.self === undefined ? labels.calendarName : labels.personalCalendarName,
      description: labels.description,
      stamp: options.stamp,
    },
    events,
  );
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const statusOf = (row: FeedRow | undefined): FeedStatus => ({
  active: row !== undefined,
  created_at: row?.createdAt.toISOString() ?? null,
  include_returns: row?.includeReturns ?? true,
  include_cards: row?.includeCards ?? true,
});

/** The UTC date of an instant and the start of that day. */
function utcDay(at: Date): { date: PlainDate; stamp: Date } {
  const date = { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
  return { date, stamp: new Date(Date.UTC(date.year, date.month - 1, date.day)) };
}

const plainOfInstant = (at: Date): PlainDate => ({
  year: at.getUTCFullYear(),
  month: at.getUTCMonth() + 1,
  day: at.getUTCDate(),
});

/**
 * Calendar feeds: the public one of the daily kin and each user's own at a secret address. Only the SHA-256 of a
 * token is stored, so a leaked database does not open anyone's feed; a new token replaces the old one at once.
 */
export function createFeedService(deps: {
  db: Db;
  auth: AuthService;
  cards: CardService;
  publicUrl: string;
  now: () => Date;
}) {
  const { db, now } = deps;

  async function find(userId: string) {
    const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
    return row;
  }

  function window() {
    const { date, stamp } = utcDay(now());
    return { start: addDays(date, -FEED_DAYS_BEFORE), days: FEED_DAYS, stamp };
  }

  return {
    async status(userId: string): Promise<FeedStatus> {
      return statusOf(await find(userId));
    },

    /** Makes a new secret address (replacing any earlier one) and answers it once. */
    async create(userId: string, body: CreateFeedBody): Promise<FeedLink> {
      const token = randomBytes(32).toString('base64url');
      const values = {
        tokenHash: hashFeedToken(token),
        includeReturns: body.include_returns ?? true,
        includeCards: body.include_cards ?? true,
        createdAt: now(),
      };
      const [row] = await db
        .insert(calendarFeeds)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: calendarFeeds.userId, set: values })
        .returning();
      const httpsUrl = `${deps.publicUrl}/api/feed/${token}.ics`;
      return {
        ...statusOf(row),
        https_url: httpsUrl,
        webcal_url: httpsUrl.replace(/^https?:/, 'webcal:'),
      };
    },

    async revoke(userId: string): Promise<void> {
      await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    },

    publicFeed(lang: Language): string {
      return buildFeed({ lang, ...window() });
    },

    /** The personal feed of a token, or a 404 for a token that was never made or has been revoked. */
    async personalFeed(token: string): Promise<string> {
      const [row] = await db
        .select()
        .from(calendarFeeds)
        .where(eq(calendarFeeds.tokenHash, hashFeedToken(token)))
        .limit(1);
      const user = row ? await deps.auth.userById(row.userId) : undefined;
      // A blocked account's feed is gone like a revoked one.
      if (!row || !user || user.blockedAt) {
        throw new ApiError(404, 'NOT_FOUND', 'There is no calendar feed at this address.');
      }
      const saved = (await deps.cards.list(user)).cards;
      const cards = row.includeCards ? saved : [];
      const primary = saved.find((card) => card.is_primary);
      const birthText = user.birthDate ?? (primary ? primary.birth_date.slice(0, 10) : null);
      const [y, m, d] = (birthText ?? '').split('-').map(Number);
      const self = row.includeReturns && y && m && d ? { year: y, month: m, day: d } : null;
      return buildFeed({
        lang: isLanguage(user.lang) ? user.lang : DEFAULT_LANGUAGE,
        ...window(),
        self,
        cards: cards.map((card) => ({
          id: card.id,
          name: card.name,
          birth: plainOfInstant(new Date(card.birth_date)),
        })),
      });
    },
  };
}

export type FeedService = ReturnType<typeof createFeedService>;
