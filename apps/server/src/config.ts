import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Env } from './env.ts';

/** What the app needs to know, resolved from the environment once at boot (tests build their own). */
export interface AppConfig {
  /** Where users reach the app, without a trailing slash; links in emails start with it. */
  publicUrl: string;
  jwtSecret: Uint8Array;
  requireEmailVerification: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  minAppVersion: string;
  webDistDir: string | undefined;
  /** Whether pages are rendered on the server (and hydrated), or sent as the bare app shell. */
  renderPages?: boolean;
  /** The content/ folder, served as static Markdown under /content/ (the client's second source of readings). */
  contentDir: string | undefined;
  /** How often the subscription scheduler runs, in ms; 0 turns it off (tests run it by hand). */
  schedulerIntervalMs: number;
  /** New accounts one client address may open in an hour (and mailing-list sign-ups it may make). */
  registrationsPerAddressPerHour: number;
}

/**
 * The signing key of session tokens: JWT_SECRET when set, else a random key generated on first start and kept in
 * the data folder (readable by its owner only), so sessions survive restarts.
 */
export function loadJwtSecret(env: Pick<Env, 'JWT_SECRET' | 'DATA_DIR'>): Uint8Array {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  const dir = resolve(env.DATA_DIR);
  const file = join(dir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process starting at the same moment wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  chmodSync(file, 0o600);
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export function appConfigFromEnv(env: Env, webDistDir: string, contentDir: string): AppConfig {
  return {
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    jwtSecret: loadJwtSecret(env),
    requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    minAppVersion: env.MIN_APP_VERSION,
    webDistDir: env.WEB_DIST_DIR ?? webDistDir,
    renderPages: env.RENDER_PAGES,
    contentDir,
    schedulerIntervalMs: env.SCHEDULER_INTERVAL_SECONDS * 1000,
    registrationsPerAddressPerHour: env.REGISTRATIONS_PER_ADDRESS_PER_HOUR,
  };
}
