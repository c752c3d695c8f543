import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAILING_CONSENT_VERSION } from '@hunab/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailingSubscriptions } from '../../db/schema.ts';
import { ApiError } from '../../lib/errors.ts';
import { createSharedRateLimiter } from '../../lib/shared-rate-limit.ts';
import type { Mailer } from '../mail/mailer.ts';

/** The version of the consent text shown next to the subscription forms (the landings' `common.mailing.consent`). */
export const CONSENT_VERSION = MAILING_CONSENT_VERSION;
/** A confirmation link works this long; an address waiting for one is not sent another before it expires. */
const CONFIRM_HOURS = 72;
/** At most this many confirmation letters go to one address a day, whatever the lists. */
export const CONFIRMATIONS_PER_RECIPIENT_PER_DAY = 3;

type Purpose = 'confirm' | 'unsubscribe';

/** The interest of a language's mailing list, whose topics signed-in users choose (modules/email-topics). */
export const listInterest = (listId: number) => `list-${listId}`;
const isListInterest = (interest: string) => /^list-\d+$/.test(interest);

/** Where an address stands on a list: confirmed (and not left), waiting for its confirmation, or not on it. */
export type AddressState = 'confirmed' | 'pending' | 'none';

/**
 * The mailing lists with double opt-in: an address gets a confirmation email and nothing else until it follows
 * the link; every later email carries a one-click unsubscribe (RFC 8058). Links are signed, not stored.
 */
export function createMailingService(options: {
  db: Db;
  mailer: Mailer;
  secret: Uint8Array;
  publicUrl: string;
  now: () => Date;
  /** Called when an address leaves a list by its one-click link (the topics of a language list are withdrawn). */
  onUnsubscribe?: (email: string, interest: string) => Promise<void>;
}) {
  const { db, mailer, publicUrl, now } = options;
  const sign = (value: string) => createHmac('sha256', options.secret).update(`mailing:${value}`).digest('base64url');
  const token = (id: number, purpose: Purpose, expires = 0) => {
    const value = `${id}.${purpose}.${expires}`;
    return `${value}.${sign(value)}`;
  };
  /** The subscription a signed link names, or an error in the envelope. */
  function read(text: string, purpose: Purpose): number {
    const match = /^(\d{1,15})\.(confirm|unsubscribe)\.(\d{1,15})\.([\w-]{43})$/.exec(text);
    const expected = match ? Buffer.from(sign(`${match[1]}.${match[2]}.${match[3]}`)) : null;
    const given = Buffer.from(match?.[4] ?? '');
    if (
      !match ||
      match[2] !== purpose ||
      !expected ||
      expected.length !== given.length ||
      !timingSafeEqual(expected, given)
    ) {
      throw new ApiError(400, 'INVALID_TOKEN', 'This link is not valid.');
    }
    const expires = Number(match[3]);
    if (expires && expires < now().getTime()) throw new ApiError(400, 'INVALID_TOKEN', 'This link has expired.');
    return Number(match[1]);
  }
  // Counted in the database under a keyed hash of the address, so the count holds across processes without naming it.
  const recipientLetters = createSharedRateLimiter(db, {
    name: 'list-confirmations',
    limit: CONFIRMATIONS_PER_RECIPIENT_PER_DAY,
    windowMs: 86_400_000,
    now,
  });
  const recipientKey = (address: string) =>
    createHmac('sha256', options.secret).update(`mailing-recipient:${address.toLowerCase()}`).digest('base64url');
  const unsubscribeUrl = (id: number) => `${publicUrl}/api/subscriptions/unsubscribe?token=${token(id, 'unsubscribe')}`;

  /** Whether an address receives a list: confirmed and not unsubscribed. */
  async function isSubscribed(email: string, interest: string): Promise<boolean> {
    const [row] = await db
      .select({ id: mailingSubscriptions.id })
      .from(mailingSubscriptions)
      .where(
        and(
          sql`lower(${mailingSubscriptions.email}) = lower(${email})`,
          eq(mailingSubscriptions.interest, interest),
          sql`${mailingSubscriptions.confirmedAt} is not null`,
          isNull(mailingSubscriptions.unsubscribedAt),
        ),
      );
    return Boolean(row);
  }

  return {
    unsubscribeUrl,

    isSubscribed,

    /** Where an address stands on a list. */
    async addressState(email: string, interest: string): Promise<AddressState> {
      const [row] = await db
        .select()
        .from(mailingSubscriptions)
        .where(
          and(sql`lower(${mailingSubscriptions.email}) = lower(${email})`, eq(mailingSubscriptions.interest, interest)),
        );
      if (!row) return 'none';
      if (row.confirmedAt && !row.unsubscribedAt) return 'confirmed';
      return row.unsubscribedAt ? 'none' : 'pending';
    },

    /**
     * Puts an address on a list, unconfirmed, and sends the confirmation email; an address already confirmed gets
     * nothing more. An address waiting for its confirmation is sent another only once the last link has expired
     * (`created_at` is when the current request's letter went), and one address gets at most
     * CONFIRMATIONS_PER_RECIPIENT_PER_DAY confirmation letters a day across the lists. Answers whether it is now
     * confirmed.
     */
    async subscribe(email: string, interest: string, lang: string): Promise<{ confirmed: boolean }> {
      const at = now();
      const expired = new Date(at.getTime() - CONFIRM_HOURS * 3_600_000);
      const sameAddress = and(
        sql`lower(${mailingSubscriptions.email}) = lower(${email})`,
        eq(mailingSubscriptions.interest, interest),
      );
      let [row] = await db
        .insert(mailingSubscriptions)
        .values({ email, interest, lang, createdAt: at })
        .onConflictDoNothing()
        .returning();
      if (!row) {
        // On the list already. An address that left it joins again through a new request; one still waiting is sent
        // a new letter once its link has expired. One update claims the letter, so simultaneous requests send one.
        [row] = await db
          .update(mailingSubscriptions)
          .set({ lang, createdAt: at, confirmedAt: null, unsubscribedAt: null })
          .where(
            and(
              sameAddress,
              sql`(${mailingSubscriptions.unsubscribedAt} is not null
                or (${mailingSubscriptions.confirmedAt} is null and ${mailingSubscriptions.createdAt} <= ${expired}))`,
            ),
          )
          .returning();
        if (!row) return { confirmed: await isSubscribed(email, interest) };
      }
      if ((await recipientLetters.hit(recipientKey(row.email))) > 0) {
        // Over the day's letters to this address: the request stays, with nothing sent it may ask again.
        await db.update(mailingSubscriptions).set({ createdAt: expired }).where(eq(mailingSubscriptions.id, row.id));
        return { confirmed: false };
      }
      const expires = at.getTime() + CONFIRM_HOURS * 3_600_000;
      await mailer.send({
        to: row.email,
        kind: 'confirmSubscription',
        lang,
        values: {
          name: row.email,
          hours: CONFIRM_HOURS,
          link: `${publicUrl}/api/subscriptions/confirm?token=${token(row.id, 'confirm', expires)}`,
        },
      });
      return { confirmed: false };
    },

    /** Follows a confirmation link: the address is confirmed with the consent version and time, and welcomed. */
    async confirm(text: string): Promise<{ lang: string; interest: string }> {
      const id = read(text, 'confirm');
      const at = now();
      const [row] = await db
        .update(mailingSubscriptions)
        .set({ confirmedAt: at, consentVersion: CONSENT_VERSION, unsubscribedAt: null })
        .where(
          and(
            eq(mailingSubscriptions.id, id),
            sql`(${mailingSubscriptions.confirmedAt} is null or ${mailingSubscriptions.unsubscribedAt} is not null)`,
          ),
        )
        .returning();
      if (!row) {
        const [known] = await db.select().from(mailingSubscriptions).where(eq(mailingSubscriptions.id, id));
        if (!known) throw new ApiError(400, 'INVALID_TOKEN', 'This link is not valid.');
        return { lang: known.lang, interest: known.interest };
      }
      // A language list's letters are its topics', sent by their senders; the other lists open with a welcome.
      if (isListInterest(row.interest)) return { lang: row.lang, interest: row.interest };
      await mailer.send({
        to: row.email,
        kind: 'secretsWelcome',
        lang: row.lang,
        values: { name: row.email, link: `${publicUrl}${row.lang === 'ru' ? '' : `/${row.lang}`}/dash` },
        unsubscribeUrl: unsubscribeUrl(row.id),
      });
      return { lang: row.lang, interest: row.interest };
    },

    /** The one-click unsubscribe: works without signing in, and again without harm. */
    /** The language of the list an unsubscribe link belongs to, so its page speaks it; English for a bad link. */
    async languageOfUnsubscribe(text: string): Promise<string> {
      let id: number;
      try {
        id = read(text, 'unsubscribe');
      } catch {
        return 'en';
      }
      const [row] = await db
        .select({ lang: mailingSubscriptions.lang })
        .from(mailingSubscriptions)
        .where(eq(mailingSubscriptions.id, id));
      return row?.lang ?? 'en';
    },

    async unsubscribe(text: string): Promise<void> {
      const id = read(text, 'unsubscribe');
      const [row] = await db
        .select({
          id: mailingSubscriptions.id,
          email: mailingSubscriptions.email,
          interest: mailingSubscriptions.interest,
        })
        .from(mailingSubscriptions)
        .where(eq(mailingSubscriptions.id, id));
      if (!row) throw new ApiError(400, 'INVALID_TOKEN', 'This link is not valid.');
      await db
        .update(mailingSubscriptions)
        .set({ unsubscribedAt: now() })
        .where(and(eq(mailingSubscriptions.id, id), isNull(mailingSubscriptions.unsubscribedAt)));
      await options.onUnsubscribe?.(row.email, row.interest);
    },
  };
}

export type MailingService = ReturnType<typeof createMailingService>;
