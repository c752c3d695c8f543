import type { ExportDomain } from '@hunab/contracts';
import type { Db } from '../../db/client.ts';
import { profileForExport, termsConsentForExport } from '../auth/personal-data.ts';
import { cardsForExport } from '../cards/personal-data.ts';
import { commentsForExport } from '../comments/personal-data.ts';
import { processAnswersForExport } from '../content/personal-data.ts';
import { educationForExport } from '../education/personal-data.ts';
import { emailPreferencesForExport, topicConsentsForExport } from '../email-topics/personal-data.ts';
import { feedForExport } from '../feed/personal-data.ts';
import { gameForExport } from '../game/personal-data.ts';
import { journalForExport } from '../journal/personal-data.ts';
import { mailingListsForExport } from '../mailing/personal-data.ts';
import { ordersForExport } from '../payments/personal-data.ts';
import { referralsForExport } from '../referrals/personal-data.ts';
import { pushSubscriptionsForExport, remindersForExport } from '../reminders/personal-data.ts';
import { subscriptionsForExport } from '../subscriptions/personal-data.ts';
import { teamsForExport } from '../teams/personal-data.ts';
import { telegramChatsForExport } from '../telegram/personal-data.ts';
import { testimonialsForExport } from '../testimonials/personal-data.ts';

/**
 * Everything the product keeps about one reader, one entry per domain, as the files of their export. Each domain's
 * module gives its part (`personal-data.ts`), and each of its queries names its columns: secrets (password hash,
 * token hashes, push keys, saved payment methods, provider addresses) and other people's data (members who joined
 * a team with their own account, referred readers, invitees' addresses) stay out.
 */
export async function collectExport(db: Db, userId: string, email: string): Promise<Record<ExportDomain, unknown>> {
  return {
    profile: await profileForExport(db, userId),
    cards: await cardsForExport(db, userId),
    comments: await commentsForExport(db, userId),
    journal: await journalForExport(db, userId),
    game: await gameForExport(db, userId),
    teams: await teamsForExport(db, userId),
    referrals: await referralsForExport(db, userId),
    subscriptions: await subscriptionsForExport(db, userId),
    orders: await ordersForExport(db, userId),
    email_preferences: await emailPreferencesForExport(db, userId),
    consents: {
      terms: await termsConsentForExport(db, userId),
      mailing_lists: await mailingListsForExport(db, email),
      email_topics: await topicConsentsForExport(db, userId),
    },
    reminders: await remindersForExport(db, userId),
    push_subscriptions: await pushSubscriptionsForExport(db, userId),
    telegram_chats: await telegramChatsForExport(db, userId),
    feed: await feedForExport(db, userId),
    process_answers: await processAnswersForExport(db, userId),
    education: await educationForExport(db, userId),
    testimonials: await testimonialsForExport(db, userId),
  };
}
