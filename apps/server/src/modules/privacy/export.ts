import type { ExportDomain } from '@hunab/contracts';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  calendarFeeds,
  cards,
  commentReports,
  comments,
  commentVotes,
  contentResponses,
  eduEnrolments,
  eduLessonProgress,
  emailTopicConsents,
  gameGoals,
  gamePractices,
  gameProfiles,
  journalEntries,
  mailingSubscriptions,
  orders,
  purchases,
  pushSubscriptions,
  referralClicks,
  referralLinks,
  referralRewards,
  referrals,
  reminderSends,
  reminderSettings,
  subscriptionEvents,
  subscriptions,
  teamInvites,
  teamMembers,
  teams,
  telegramChats,
  testimonials,
  users,
} from '../../db/schema.ts';

/**
 * Everything the product keeps about one reader, one entry per domain, as the files of their export. Each query
 * names its columns: secrets (password hash, token hashes, push keys, saved payment methods, provider addresses)
 * and other people's data (members who joined a team with their own account, referred readers, invitees'
 * addresses) stay out.
 */
export async function collectExport(db: Db, userId: string, email: string): Promise<Record<ExportDomain, unknown>> {
  const mine = <T extends { userId: unknown }>(table: T) => eq(table.userId as never, userId);
  const [profile] = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      name: users.name,
      display_name: users.displayName,
      first_name: users.firstName,
      language: users.lang,
      theme: users.themePreference,
      birth_date: users.birthDate,
      email_verified_at: users.emailVerifiedAt,
      registration_source: users.registrationSource,
      interest: users.interest,
      badges: users.badges,
      is_admin: users.isAdmin,
      created_at: users.createdAt,
      updated_at: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));

  const ownedTeams = await db
    .select({ id: teams.id, name: teams.name, created_at: teams.createdAt })
    .from(teams)
    .where(eq(teams.ownerId, userId))
    .orderBy(asc(teams.createdAt));
  const teamIds = ownedTeams.map((team) => team.id);
  const addedMembers = teamIds.length
    ? await db
        .select({
          team_id: teamMembers.teamId,
          name: teamMembers.name,
          birth_date: teamMembers.birthDate,
          created_at: teamMembers.createdAt,
        })
        .from(teamMembers)
        .where(and(inArray(teamMembers.teamId, teamIds), isNull(teamMembers.userId)))
    : [];
  const joinedCounts = teamIds.length
    ? await db
        .select({ team_id: teamMembers.teamId, accounts: count() })
        .from(teamMembers)
        .where(and(inArray(teamMembers.teamId, teamIds), sql`${teamMembers.userId} is not null`))
        .groupBy(teamMembers.teamId)
    : [];

  const links = await db
    .select({
      id: referralLinks.id,
      slug: referralLinks.slug,
      source: referralLinks.source,
      target: referralLinks.target,
      language: referralLinks.lang,
      created_at: referralLinks.createdAt,
      clicks: sql<number>`(select count(*)::int from ${referralClicks} where ${referralClicks.linkId} = ${referralLinks.id})`,
    })
    .from(referralLinks)
    .where(mine(referralLinks));

  return {
    profile: profile ?? null,
    cards: await db
      .select({
        id: cards.id,
        name: cards.name,
        birth_date: cards.birthDate,
        description: cards.description,
        is_primary: cards.isPrimary,
        is_public: cards.isPublic,
        is_birth_date: cards.isBirthDate,
        created_at: cards.createdAt,
        updated_at: cards.updatedAt,
      })
      .from(cards)
      .where(mine(cards))
      .orderBy(asc(cards.createdAt)),
    comments: {
      written: await db
        .select({
          id: comments.id,
          cycle_type: comments.cycleType,
          cycle_value: comments.cycleValue,
          cycle_sub_value: comments.cycleSubValue,
          language: comments.lang,
          personal_cycle: comments.isSum,
          reply_to_id: comments.replyToId,
          content: comments.content,
          is_edited: comments.isEdited,
          is_deleted: comments.isDeleted,
          likes: comments.likesCount,
          dislikes: comments.dislikesCount,
          created_at: comments.createdAt,
          updated_at: comments.updatedAt,
        })
        .from(comments)
        .where(mine(comments))
        .orderBy(asc(comments.createdAt)),
      votes: await db
        .select({ comment_id: commentVotes.commentId, value: commentVotes.value, created_at: commentVotes.createdAt })
        .from(commentVotes)
        .where(mine(commentVotes)),
      reports: await db
        .select({
          comment_id: commentReports.commentId,
          reason: commentReports.reason,
          note: commentReports.note,
          status: commentReports.status,
          created_at: commentReports.createdAt,
        })
        .from(commentReports)
        .where(mine(commentReports)),
    },
    journal: await db
      .select({
        day: journalEntries.day,
        kin: journalEntries.kin,
        text: journalEntries.text,
        mood: journalEntries.mood,
        tags: journalEntries.tags,
        created_at: journalEntries.createdAt,
        updated_at: journalEntries.updatedAt,
      })
      .from(journalEntries)
      .where(mine(journalEntries))
      .orderBy(asc(journalEntries.day)),
    game: {
      profile:
        (
          await db
            .select({
              alias: gameProfiles.alias,
              time_zone: gameProfiles.timeZone,
              leaderboard_opt_in: gameProfiles.leaderboardOptIn,
              streak_current: gameProfiles.streakCurrent,
              streak_best: gameProfiles.streakBest,
              last_practice_on: gameProfiles.lastPracticeOn,
              created_at: gameProfiles.createdAt,
            })
            .from(gameProfiles)
            .where(mine(gameProfiles))
        )[0] ?? null,
      goals: await db
        .select({
          cycle: gameGoals.cycle,
          starts_on: gameGoals.startsOn,
          ends_on: gameGoals.endsOn,
          created_at: gameGoals.createdAt,
        })
        .from(gameGoals)
        .where(mine(gameGoals)),
      practices: await db
        .select({
          day: gamePractices.day,
          kin: gamePractices.kin,
          kind: gamePractices.kind,
          answer: gamePractices.answer,
          time_zone: gamePractices.timeZone,
          created_at: gamePractices.createdAt,
        })
        .from(gamePractices)
        .where(mine(gamePractices))
        .orderBy(asc(gamePractices.day)),
    },
    teams: {
      owned: ownedTeams.map((team) => ({
        ...team,
        members_added: addedMembers.filter((member) => member.team_id === team.id),
        members_with_accounts: Number(joinedCounts.find((row) => row.team_id === team.id)?.accounts ?? 0),
      })),
      joined: await db
        .select({ team_id: teamMembers.teamId, team: teams.name, joined_at: teamMembers.createdAt })
        .from(teamMembers)
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .where(mine(teamMembers)),
      invitations_sent: await db
        .select({ team_id: teamInvites.teamId, expires_at: teamInvites.expiresAt, created_at: teamInvites.createdAt })
        .from(teamInvites)
        .where(eq(teamInvites.createdBy, userId)),
    },
    referrals: {
      links,
      sign_ups: await db
        .select({ link_id: referrals.linkId, created_at: referrals.createdAt })
        .from(referrals)
        .where(eq(referrals.referrerId, userId)),
      rewards: await db
        .select({
          days: referralRewards.days,
          status: referralRewards.status,
          granted_at: referralRewards.grantedAt,
          reversed_at: referralRewards.reversedAt,
        })
        .from(referralRewards)
        .where(eq(referralRewards.referrerId, userId)),
      brought_by_a_link:
        (
          await db
            .select({ created_at: referrals.createdAt })
            .from(referrals)
            .where(eq(referrals.referredUserId, userId))
        )[0] ?? null,
    },
    subscriptions: await subscriptionHistory(db, userId),
    orders: {
      orders: await db
        .select({
          id: orders.id,
          product_id: orders.productId,
          kind: orders.kind,
          status: orders.status,
          amount_minor_units: orders.amount,
          list_amount_minor_units: orders.listAmount,
          currency: orders.currency,
          promo_code: orders.promoCode,
          provider: orders.provider,
          refunded_minor_units: orders.refundedAmount,
          receipt: orders.receipt,
          paid_at: orders.paidAt,
          created_at: orders.createdAt,
        })
        .from(orders)
        .where(mine(orders))
        .orderBy(asc(orders.createdAt)),
      purchases: await db
        .select({
          product: purchases.productName,
          product_id: purchases.productId,
          level: purchases.productLevel,
          activation_date: purchases.activationDate,
          expires_at: purchases.expiresAt,
          created_at: purchases.createdAt,
        })
        .from(purchases)
        .where(mine(purchases)),
    },
    email_preferences: await db
      .select({
        list_id: emailTopicConsents.listId,
        topic: emailTopicConsents.topic,
        subscribed: emailTopicConsents.subscribed,
        updated_at: emailTopicConsents.updatedAt,
      })
      .from(emailTopicConsents)
      .where(mine(emailTopicConsents)),
    consents: {
      mailing_lists: await db
        .select({
          interest: mailingSubscriptions.interest,
          language: mailingSubscriptions.lang,
          confirmed_at: mailingSubscriptions.confirmedAt,
          consent_version: mailingSubscriptions.consentVersion,
          unsubscribed_at: mailingSubscriptions.unsubscribedAt,
          created_at: mailingSubscriptions.createdAt,
        })
        .from(mailingSubscriptions)
        .where(sql`lower(${mailingSubscriptions.email}) = lower(${email})`),
      email_topics: await db
        .select({
          list_id: emailTopicConsents.listId,
          topic: emailTopicConsents.topic,
          consent_version: emailTopicConsents.consentVersion,
          consented_at: emailTopicConsents.consentedAt,
          withdrawn_at: emailTopicConsents.withdrawnAt,
        })
        .from(emailTopicConsents)
        .where(mine(emailTopicConsents)),
    },
    reminders: {
      settings:
        (
          await db
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
            .where(mine(reminderSettings))
        )[0] ?? null,
      sent: await db
        .select({ day: reminderSends.localDay, channel: reminderSends.channel, kin: reminderSends.kin })
        .from(reminderSends)
        .where(mine(reminderSends))
        .orderBy(asc(reminderSends.localDay)),
    },
    telegram_chats: await db
      .select({
        chat_id: telegramChats.chatId,
        language: telegramChats.lang,
        active: telegramChats.active,
        linked_at: telegramChats.linkedAt,
      })
      .from(telegramChats)
      .where(mine(telegramChats)),
    push_subscriptions: (
      await db
        .select({
          endpoint: pushSubscriptions.endpoint,
          created_at: pushSubscriptions.createdAt,
          failures: pushSubscriptions.failures,
        })
        .from(pushSubscriptions)
        .where(mine(pushSubscriptions))
    ).map(({ endpoint, ...device }) => ({ push_service: originOf(endpoint), ...device })),
    feed:
      (
        await db
          .select({
            include_returns: calendarFeeds.includeReturns,
            include_cards: calendarFeeds.includeCards,
            created_at: calendarFeeds.createdAt,
          })
          .from(calendarFeeds)
          .where(mine(calendarFeeds))
      )[0] ?? null,
    process_answers: await db
      .select({
        question_id: contentResponses.questionId,
        cycle_type: contentResponses.cycleType,
        cycle_value: contentResponses.cycleValue,
        language: contentResponses.lang,
        answer: contentResponses.response,
        updated_at: contentResponses.updatedAt,
      })
      .from(contentResponses)
      .where(mine(contentResponses)),
    education: {
      courses: await db
        .select({ course_id: eduEnrolments.courseId, enrolled_at: eduEnrolments.enrolledAt })
        .from(eduEnrolments)
        .where(mine(eduEnrolments)),
      lessons: await db
        .select({
          lesson_id: eduLessonProgress.lessonId,
          status: eduLessonProgress.status,
          position: eduLessonProgress.position,
          completed_at: eduLessonProgress.completedAt,
          updated_at: eduLessonProgress.updatedAt,
        })
        .from(eduLessonProgress)
        .where(mine(eduLessonProgress)),
    },
    testimonials: await db
      .select({
        id: testimonials.id,
        status: testimonials.status,
        first_name: testimonials.firstName,
        language: testimonials.lang,
        text: testimonials.body,
        translations: testimonials.translations,
        has_screenshot: sql<boolean>`${testimonials.screenshot} is not null`,
        consent_at: testimonials.consentAt,
        created_at: testimonials.createdAt,
      })
      .from(testimonials)
      .where(mine(testimonials))
      .orderBy(asc(testimonials.id)),
  };
}

/** The push service a device registered with (its host), without the device's secret address. */
function originOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return '';
  }
}

async function subscriptionHistory(db: Db, userId: string) {
  const rows = await db
    .select({
      id: subscriptions.id,
      plan_id: subscriptions.planId,
      level: subscriptions.level,
      status: subscriptions.status,
      current_period_start: subscriptions.currentPeriodStart,
      current_period_end: subscriptions.currentPeriodEnd,
      payment_method: subscriptions.paymentMethod,
      auto_renew: subscriptions.autoRenew,
      source: subscriptions.source,
      paused_at: subscriptions.pausedAt,
      cancelled_at: subscriptions.cancelledAt,
      ended_at: subscriptions.endedAt,
      created_at: subscriptions.createdAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.createdAt));
  const events = rows.length
    ? await db
        .select({
          subscription_id: subscriptionEvents.subscriptionId,
          from_status: subscriptionEvents.fromStatus,
          to_status: subscriptionEvents.toStatus,
          actor: subscriptionEvents.actor,
          at: subscriptionEvents.at,
        })
        .from(subscriptionEvents)
        .where(
          inArray(
            subscriptionEvents.subscriptionId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(subscriptionEvents.at))
    : [];
  return rows.map((row) => ({ ...row, events: events.filter((event) => event.subscription_id === row.id) }));
}
