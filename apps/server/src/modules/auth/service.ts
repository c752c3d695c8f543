import type { Language } from '@hunab/calendar';
import { LEGAL_VERSIONS, type RegisterBody, type User } from '@hunab/contracts';
import type { AppConfig } from '../../config.ts';
import { ApiError, isUniqueViolation } from '../../lib/errors.ts';
import { type SharedRateLimiter, sharedLimitOrThrow } from '../../lib/shared-rate-limit.ts';
import type { EmailKind } from '../mail/copy/types.ts';
import type { Mailer } from '../mail/mailer.ts';
import { DEMO_ADMIN_EMAIL } from './admin-bootstrap.ts';
import { hashPassword, verifyDecoy, verifyPassword } from './passwords.ts';
import type { AuthRepository, EmailTokenPurpose, UserRow } from './repository.ts';
import { hashEmailToken, newEmailToken, type SessionClaims, signSession, verifySession } from './tokens.ts';

const HOUR = 3_600_000;
export const VERIFY_EMAIL_HOURS = 48;
export const RESET_PASSWORD_HOURS = 1;
/** How long the link that moves an account to a new address works. */
export const CHANGE_EMAIL_HOURS = 24;

const LINK_HOURS: Record<EmailTokenPurpose, number> = {
  verify_email: VERIFY_EMAIL_HOURS,
  reset_password: RESET_PASSWORD_HOURS,
  change_email: CHANGE_EMAIL_HOURS,
};

const LINK_EMAIL = {
  verify_email: 'verifyEmail',
  reset_password: 'resetPassword',
  change_email: 'confirmEmailChange',
} as const satisfies Record<EmailTokenPurpose, EmailKind>;
/**
 * Password-check throttling within the window: failures of one account from one address, of one address on any
 * account, and of one account from addresses that never signed in to it (a spread-out guesser), which the owner's
 * own known address is not subject to.
 */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS = 10;
export const LOGIN_FAILURES_PER_ADDRESS = 30;
export const LOGIN_FAILURES_PER_ACCOUNT_FROM_NEW_ADDRESSES = 100;
/** At most this many reset or verification emails per account per hour, against mail bombing. */
const EMAILS_PER_HOUR = 5;

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    name: row.name,
    display_name: row.displayName,
    firstName: row.firstName,
    is_admin: row.isAdmin,
    lang: row.lang as Language,
    theme_preference: row.themePreference === 'light' ? 'light' : 'dark',
    birth_date: row.birthDate,
    email_verified: row.emailVerifiedAt !== null,
    badges: row.badges,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The path of a page of the web app in a language: Russian has no prefix. */
const pagePath = (lang: string, page: string) => (lang === 'ru' ? `/${page}` : `/${lang}/${page}`);

export interface AuthServiceDeps {
  repo: AuthRepository;
  config: AppConfig;
  mailer: Mailer;
  now: () => Date;
  /** New accounts per address, counted in the database so the limit holds across processes. */
  registrations: SharedRateLimiter;
  /** Whether the demo administrator's and the offline test account's addresses are kept from sign-ups. */
  reserveDemoAddresses?: boolean;
}

/**
 * Addresses the product itself gives a meaning: the demo administrator of a first start and the account the web
 * app signs in offline. On a shared database nobody may take them by signing up or moving an account there.
 */
export const DEMO_ADDRESSES: readonly string[] = [DEMO_ADMIN_EMAIL, 'test@hunab.local'];

export interface Session {
  user: UserRow;
  claims: SessionClaims;
}

export function createAuthService({
  repo,
  config,
  mailer,
  now,
  registrations,
  reserveDemoAddresses = false,
}: AuthServiceDeps) {
  const refuseReserved = (email: string) => {
    if (reserveDemoAddresses && DEMO_ADDRESSES.includes(email.trim().toLowerCase()))
      throw new ApiError(400, 'VALIDATION_ERROR', 'This address is reserved.');
  };
  const issueToken = (user: UserRow) => signSession(config.jwtSecret, user.id, user.tokenVersion, now());

  async function sendLinkEmail(user: UserRow, purpose: EmailTokenPurpose, email = user.email): Promise<void> {
    const since = new Date(now().getTime() - HOUR);
    if ((await repo.countEmailTokensSince(user.id, purpose, since)) >= EMAILS_PER_HOUR) return;
    const hours = LINK_HOURS[purpose];
    const { token, hash } = newEmailToken();
    if (purpose !== 'verify_email') await repo.retireEmailTokens(user.id, purpose, now());
    await repo.insertEmailToken({
      userId: user.id,
      purpose,
      tokenHash: hash,
      email,
      expiresAt: new Date(now().getTime() + hours * HOUR),
    });
    const page = purpose === 'reset_password' ? 'reset-password' : 'verify-email';
    await mailer.send({
      to: email,
      kind: LINK_EMAIL[purpose],
      lang: user.lang,
      userId: user.id,
      values: {
        // An address not yet confirmed may not be the user's: it gets no text the registering person chose.
        name: user.emailVerifiedAt && email === user.email ? (user.name ?? user.username ?? email) : email,
        hours,
        link: `${config.publicUrl}${pagePath(user.lang, page)}?token=${token}`,
      },
    });
  }

  /**
   * A closed account (not yet erased) keeps its password: asking for a reset gets a letter that says how to restore
   * the account instead, with no link. It counts against the hour's letters as a link would (a token made expired).
   */
  async function sendClosedAccountLetter(user: UserRow): Promise<void> {
    const since = new Date(now().getTime() - HOUR);
    if ((await repo.countEmailTokensSince(user.id, 'reset_password', since)) >= EMAILS_PER_HOUR) return;
    await repo.insertEmailToken({
      userId: user.id,
      purpose: 'reset_password',
      tokenHash: newEmailToken().hash,
      email: user.email,
      expiresAt: now(),
    });
    await mailer.send({
      to: user.email,
      kind: 'closedAccountReset',
      lang: user.lang,
      userId: user.id,
      values: { name: user.emailVerifiedAt ? (user.name ?? user.username ?? user.email) : user.email },
    });
  }

  async function useToken(token: string, ...purposes: EmailTokenPurpose[]) {
    const row = await repo.findUsableEmailToken(hashEmailToken(token), purposes, now());
    if (!row || !(await repo.useEmailToken(row.id, now()))) {
      throw new ApiError(400, 'INVALID_TOKEN', 'This link is invalid or has expired. Please ask for a new one.');
    }
    return row;
  }

  /**
   * Counts a password check before making it, so simultaneous guesses cannot all pass one count: the attempt is
   * written first, then the failures including it are counted. Returns the attempt's id; over a limit, a 429.
   */
  async function beginPasswordCheck(email: string, ip: string): Promise<number> {
    const id = await repo.recordLoginAttempt(email, ip, now());
    const failures = await repo.loginFailures(email, ip, new Date(now().getTime() - LOGIN_WINDOW_MS));
    const blocking = [
      failures.pair.count > LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS ? failures.pair.oldest : null,
      failures.address.count > LOGIN_FAILURES_PER_ADDRESS ? failures.address.oldest : null,
      !failures.knownAddress && failures.account.count > LOGIN_FAILURES_PER_ACCOUNT_FROM_NEW_ADDRESSES
        ? failures.account.oldest
        : null,
    ].filter((oldest): oldest is Date => oldest !== null);
    if (blocking.length === 0) return id;
    await repo.forgetLoginAttempt(id);
    const until = Math.max(...blocking.map((oldest) => oldest.getTime() + LOGIN_WINDOW_MS));
    const seconds = Math.max(1, Math.ceil((until - now().getTime()) / 1000));
    throw new ApiError(
      429,
      'TOO_MANY_ATTEMPTS',
      `Too many failed sign-in attempts. Try again in ${Math.ceil(seconds / 60)} min.`,
      { retryAfter: seconds },
    );
  }

  return {
    /** A new account; each address may open only a few an hour, which also bounds what EMAIL_EXISTS tells. */
    async register(body: RegisterBody, ip: string) {
      await sharedLimitOrThrow(
        registrations,
        ip,
        (wait) => `Too many new accounts from this address. Try again in ${Math.ceil(wait / 60)} min.`,
      );
      refuseReserved(body.email);
      if (await repo.findUserByEmail(body.email)) throw new ApiError(409, 'EMAIL_EXISTS', 'Email already exists');
      const name = body.name ?? body.username ?? null;
      let user: UserRow;
      try {
        user = await repo.insertUser({
          email: body.email,
          username: body.username ?? null,
          name,
          displayName: name,
          firstName: name ? (name.split(/\s+/)[0] ?? null) : null,
          passwordHash: await hashPassword(body.password),
          lang: body.lang,
          birthDate: body.birth_date,
          registrationSource: body.registration_source,
          interest: body.interest,
          ...(body.accept_terms
            ? { termsAcceptedAt: now(), termsVersion: LEGAL_VERSIONS.terms, privacyVersion: LEGAL_VERSIONS.privacy }
            : {}),
          createdAt: now(),
          updatedAt: now(),
        });
      } catch (error) {
        // Two registrations racing for one address: the unique index decides.
        if (isUniqueViolation(error)) {
          throw new ApiError(409, 'EMAIL_EXISTS', 'Email already exists');
        }
        throw error;
      }
      await sendLinkEmail(user, 'verify_email');
      const requiresEmailVerification = config.requireEmailVerification;
      return {
        user,
        token: requiresEmailVerification ? null : await issueToken(user),
        requiresEmailVerification,
      };
    },

    async login(email: string, password: string, ip: string) {
      const attempt = await beginPasswordCheck(email, ip);
      const user = await repo.findUserByEmail(email);
      const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyDecoy(password);
      if (!user || !valid) throw new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password');
      await repo.markLoginSucceeded(attempt);
      if (user.blockedAt) {
        throw new ApiError(403, 'ACCOUNT_BLOCKED', 'This account has been blocked. Please write to support.');
      }
      if (user.closedAt) {
        throw new ApiError(
          403,
          'ACCOUNT_CLOSED',
          'This account was deleted. The letter we sent at its deletion has a link that restores it.',
        );
      }
      if (config.requireEmailVerification && !user.emailVerifiedAt) {
        await sendLinkEmail(user, 'verify_email');
        throw new ApiError(
          403,
          'EMAIL_NOT_VERIFIED',
          'Please confirm your email address first. We have sent you a new link.',
        );
      }
      await repo.clearLoginFailures(email, ip);
      return { user, token: await issueToken(user) };
    },

    /**
     * A new session for an account whose owner proved who they are another way (a one-time link of the Telegram
     * bot); null for an account that is blocked, closed or gone.
     */
    async sessionFor(userId: string): Promise<{ user: UserRow; token: string } | null> {
      const user = await repo.findUserById(userId);
      if (!user || user.blockedAt || user.closedAt) return null;
      return { user, token: await issueToken(user) };
    },

    /** The signed-in user of a bearer token, or null for a missing, tampered, expired or signed-out token. */
    async authenticate(token: string): Promise<Session | null> {
      const claims = verifySession(config.jwtSecret, token, now());
      if (!claims) return null;
      const found = await repo.findSessionUser(claims.sub, claims.jti);
      if (
        !found ||
        found.revoked ||
        found.user.tokenVersion !== claims.ver ||
        found.user.blockedAt ||
        found.user.closedAt
      )
        return null;
      if (claims.imp) {
        // A session as another user lasts only while the administrator who opened it still is one.
        const impersonator = await repo.findUserById(claims.imp);
        if (!impersonator?.isAdmin || impersonator.blockedAt || found.user.isAdmin) return null;
      }
      return { user: found.user, claims };
    },

    /**
     * Refuses a write made through an administrator's session as another user: viewing is read-only, so nothing
     * done there outlives it (a feed address, a journal entry). Each refusal is audited.
     */
    async refuseImpersonatedWrite(session: Session, request: string): Promise<never> {
      await repo.auditImpersonationRefusal(session.claims.imp ?? '', session.user.id, 'write', request);
      throw new ApiError(
        403,
        'IMPERSONATION_READ_ONLY',
        "Viewing as another user is read-only: nothing can be changed in this user's name.",
      );
    },

    /**
     * Refuses a read of the user's private notes (the journal) through an administrator's session as them: what a
     * reader writes for themself is theirs alone. Each refusal is audited.
     */
    async refuseImpersonatedPrivateRead(session: Session, request: string): Promise<never> {
      await repo.auditImpersonationRefusal(session.claims.imp ?? '', session.user.id, 'private', request);
      throw new ApiError(403, 'IMPERSONATION_PRIVATE', 'The journal is private: nobody but its author reads it.');
    },

    /** A short session as `user` for the administrator `adminId` (the admin module checks who may be viewed). */
    impersonationToken(user: UserRow, adminId: string): Promise<string> {
      return signSession(config.jwtSecret, user.id, user.tokenVersion, now(), adminId);
    },

    async logout(session: Session): Promise<void> {
      await repo.revokeToken(session.claims.jti, session.user.id, new Date(session.claims.exp * 1000), now());
    },

    /**
     * A new address for the account: every emailed link still out (reset, verification) is retired and every other
     * session ends; the answer carries this session's new token.
     */
    /**
     * Asks to move the account to a new address. Nothing moves until the link sent there is opened: until then the
     * account keeps its address, its outstanding links are retired and its other sessions end, so neither a reset
     * link sent earlier nor a session opened elsewhere outlives the request. The old address is told at once.
     */
    async changeEmail(session: Session, email: string, password: string, ip: string) {
      const { user } = session;
      refuseReserved(email);
      const attempt = await beginPasswordCheck(user.email, ip);
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw new ApiError(403, 'INVALID_PASSWORD', 'The password is not correct');
      }
      await repo.markLoginSucceeded(attempt);
      if (email.toLowerCase() === user.email.toLowerCase()) {
        throw new ApiError(400, 'SAME_EMAIL', 'This is already the email of your account');
      }
      if (await repo.findUserByEmail(email)) throw new ApiError(409, 'EMAIL_EXISTS', 'Email already exists');
      await repo.retireEmailTokens(user.id, 'all', now());
      const updated = await repo.updateUser(user.id, { tokenVersion: user.tokenVersion + 1 }, now());
      await sendLinkEmail(updated, 'change_email', email);
      await mailer.send({
        to: user.email,
        kind: 'emailChangeRequested',
        lang: user.lang,
        userId: user.id,
        values: { name: user.name ?? user.username ?? user.email, email, hours: CHANGE_EMAIL_HOURS },
      });
      return { user: updated, token: await issueToken(updated) };
    },

    /**
     * Opens an emailed link: confirms the account's address, or moves the account to the new address the link was
     * sent to (which opening it proves is the user's). A move retires every other link, so none sent to the old
     * address works afterwards, and tells the old address.
     */
    async verifyEmail(token: string) {
      const row = await useToken(token, 'verify_email', 'change_email');
      const user = await repo.findUserById(row.userId);
      if (row.purpose === 'change_email' && user) {
        if (await repo.findUserByEmail(row.email)) throw new ApiError(409, 'EMAIL_EXISTS', 'Email already exists');
        const moved = await repo
          .updateUser(user.id, { email: row.email, emailVerifiedAt: now() }, now())
          .catch((error: unknown) => {
            if (isUniqueViolation(error)) throw new ApiError(409, 'EMAIL_EXISTS', 'Email already exists');
            throw error;
          });
        await repo.retireEmailTokens(user.id, 'all', now());
        await mailer.send({
          to: user.email,
          kind: 'emailChanged',
          lang: user.lang,
          userId: user.id,
          values: { name: user.name ?? user.username ?? user.email, email: row.email },
        });
        return moved;
      }
      if (!user || user.email.toLowerCase() !== row.email.toLowerCase()) {
        throw new ApiError(400, 'INVALID_TOKEN', 'This link is for an email address the account no longer uses.');
      }
      return user.emailVerifiedAt ? user : repo.updateUser(user.id, { emailVerifiedAt: now() }, now());
    },

    /**
     * Resend and reset answer before looking the address up, so a known address and an unknown one are answered
     * alike and in the same time; the mail goes out afterwards.
     */
    resendVerification(email: string): void {
      mailer.later(async () => {
        const user = await repo.findUserByEmail(email);
        if (user && !user.emailVerifiedAt) await sendLinkEmail(user, 'verify_email');
      });
    },

    requestPasswordReset(email: string): void {
      mailer.later(async () => {
        const user = await repo.findUserByEmail(email);
        if (user?.closedAt) await sendClosedAccountLetter(user);
        else if (user) await sendLinkEmail(user, 'reset_password');
      });
    },

    async confirmPasswordReset(token: string, password: string) {
      const row = await useToken(token, 'reset_password');
      const user = await repo.findUserById(row.userId);
      if (!user || user.closedAt)
        throw new ApiError(400, 'INVALID_TOKEN', 'This link is invalid or has expired. Please ask for a new one.');
      const provesInbox = user.email.toLowerCase() === row.email.toLowerCase();
      const updated = await repo.updateUser(
        user.id,
        {
          passwordHash: await hashPassword(password),
          tokenVersion: user.tokenVersion + 1,
          ...(provesInbox && !user.emailVerifiedAt ? { emailVerifiedAt: now() } : {}),
        },
        now(),
      );
      await repo.clearLoginFailures(user.email);
      return { user: updated, token: await issueToken(updated) };
    },

    /** A user by id, for readers that hold no session (a calendar feed's secret address). */
    userById(id: string): Promise<UserRow | undefined> {
      return repo.findUserById(id);
    },

    async updateProfile(session: Session, values: { birthDate?: string; lang?: Language; interest?: string }) {
      return repo.updateUser(session.user.id, values, now());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
