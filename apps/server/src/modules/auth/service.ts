import type { Language } from '@hunab/calendar';
import type { RegisterBody, User } from '@hunab/contracts';
import type { AppConfig } from '../../config.ts';
import { ApiError, isUniqueViolation } from '../../lib/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { hashPassword, verifyDecoy, verifyPassword } from './passwords.ts';
import type { AuthRepository, EmailTokenPurpose, UserRow } from './repository.ts';
import { hashEmailToken, newEmailToken, type SessionClaims, signSession, verifySession } from './tokens.ts';

const HOUR = 3_600_000;
export const VERIFY_EMAIL_HOURS = 48;
export const RESET_PASSWORD_HOURS = 1;
/** Sign-in throttling: failures allowed per account and per address within the window. */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_FAILURES_PER_ADDRESS = 30;
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
}

export interface Session {
  user: UserRow;
  claims: SessionClaims;
}

export function createAuthService({ repo, config, mailer, now }: AuthServiceDeps) {
  const issueToken = (user: UserRow) => signSession(config.jwtSecret, user.id, user.tokenVersion, now());

  async function sendLinkEmail(user: UserRow, purpose: EmailTokenPurpose, email = user.email): Promise<void> {
    const since = new Date(now().getTime() - HOUR);
    if ((await repo.countEmailTokensSince(user.id, purpose, since)) >= EMAILS_PER_HOUR) return;
    const hours = purpose === 'verify_email' ? VERIFY_EMAIL_HOURS : RESET_PASSWORD_HOURS;
    const { token, hash } = newEmailToken();
    if (purpose === 'reset_password') await repo.retireEmailTokens(user.id, purpose, now());
    await repo.insertEmailToken({
      userId: user.id,
      purpose,
      tokenHash: hash,
      email,
      expiresAt: new Date(now().getTime() + hours * HOUR),
    });
    const page = purpose === 'verify_email' ? 'verify-email' : 'reset-password';
    await mailer.send({
      to: email,
      kind: purpose === 'verify_email' ? 'verifyEmail' : 'resetPassword',
      lang: user.lang,
      userId: user.id,
      values: {
        name: user.name ?? user.username ?? email,
        hours,
        link: `${config.publicUrl}${pagePath(user.lang, page)}?token=${token}`,
      },
    });
  }

  async function useToken(token: string, purpose: EmailTokenPurpose) {
    const row = await repo.findUsableEmailToken(hashEmailToken(token), purpose, now());
    if (!row || !(await repo.useEmailToken(row.id, now()))) {
      throw new ApiError(400, 'INVALID_TOKEN', 'This link is invalid or has expired. Please ask for a new one.');
    }
    return row;
  }

  async function throttledUntil(email: string, ip: string): Promise<Date | null> {
    const since = new Date(now().getTime() - LOGIN_WINDOW_MS);
    const [byAccount, byAddress] = await Promise.all([
      repo.throttledUntil('email', email, LOGIN_FAILURES_PER_ACCOUNT, since, LOGIN_WINDOW_MS),
      repo.throttledUntil('ip', ip, LOGIN_FAILURES_PER_ADDRESS, since, LOGIN_WINDOW_MS),
    ]);
    if (!byAccount) return byAddress;
    if (!byAddress) return byAccount;
    return byAccount > byAddress ? byAccount : byAddress;
  }

  return {
    async register(body: RegisterBody) {
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
      const until = await throttledUntil(email, ip);
      if (until) {
        const seconds = Math.max(1, Math.ceil((until.getTime() - now().getTime()) / 1000));
        throw new ApiError(
          429,
          'TOO_MANY_ATTEMPTS',
          `Too many failed sign-in attempts. Try again in ${Math.ceil(seconds / 60)} min.`,
          { retryAfter: seconds },
        );
      }
      const user = await repo.findUserByEmail(email);
      const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyDecoy(password);
      if (!user || !valid) {
        await repo.recordLoginAttempt(email, ip, false, now());
        throw new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password');
      }
      if (config.requireEmailVerification && !user.emailVerifiedAt) {
        await sendLinkEmail(user, 'verify_email');
        throw new ApiError(
          403,
          'EMAIL_NOT_VERIFIED',
          'Please confirm your email address first. We have sent you a new link.',
        );
      }
      await repo.clearLoginFailures(email);
      await repo.recordLoginAttempt(email, ip, true, now());
      return { user, token: await issueToken(user) };
    },

    /** The signed-in user of a bearer token, or null for a missing, tampered, expired or signed-out token. */
    async authenticate(token: string): Promise<Session | null> {
      const claims = verifySession(config.jwtSecret, token, now());
      if (!claims) return null;
      const found = await repo.findSessionUser(claims.sub, claims.jti);
      if (!found || found.revoked || found.user.tokenVersion !== claims.ver) return null;
      return { user: found.user, claims };
    },

    async logout(session: Session): Promise<void> {
      await repo.revokeToken(session.claims.jti, session.user.id, new Date(session.claims.exp * 1000), now());
    },

    async changeEmail(session: Session, email: string, password: string) {
      const { user } = session;
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw new ApiError(403, 'INVALID_PASSWORD', 'The password is not correct');
      }
      if (email.toLowerCase() === user.email.toLowerCase()) {
        throw new ApiError(400, 'SAME_EMAIL', 'This is already the email of your account');
      }
      if (await repo.findUserByEmail(email)) throw new ApiError(409, 'EMAIL_EXISTS', 'Email already exists');
      const updated = await repo
        .updateUser(user.id, { email, emailVerifiedAt: null }, now())
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw new ApiError(409, 'EMAIL_EXISTS', 'Email already exists');
          throw error;
        });
      await repo.retireEmailTokens(user.id, 'verify_email', now());
      await sendLinkEmail(updated, 'verify_email', email);
      await mailer.send({
        to: user.email,
        kind: 'emailChanged',
        lang: user.lang,
        userId: user.id,
        values: { name: user.name ?? user.username ?? user.email, email },
      });
      return updated;
    },

    async verifyEmail(token: string) {
      const row = await useToken(token, 'verify_email');
      const user = await repo.findUserById(row.userId);
      if (!user || user.email.toLowerCase() !== row.email.toLowerCase()) {
        throw new ApiError(400, 'INVALID_TOKEN', 'This link is for an email address the account no longer uses.');
      }
      return user.emailVerifiedAt ? user : repo.updateUser(user.id, { emailVerifiedAt: now() }, now());
    },

    async resendVerification(email: string): Promise<void> {
      const user = await repo.findUserByEmail(email);
      if (user && !user.emailVerifiedAt) await sendLinkEmail(user, 'verify_email');
    },

    async requestPasswordReset(email: string): Promise<void> {
      const user = await repo.findUserByEmail(email);
      if (user) await sendLinkEmail(user, 'reset_password');
    },

    async confirmPasswordReset(token: string, password: string) {
      const row = await useToken(token, 'reset_password');
      const user = await repo.findUserById(row.userId);
      if (!user)
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

    async updateProfile(session: Session, values: { birthDate?: string; lang?: Language }) {
      return repo.updateUser(session.user.id, values, now());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
