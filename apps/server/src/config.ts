import { createECDH, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Env } from './env.ts';
import type { CrmConfig } from './modules/crm/adapter.ts';
import type { DrawingPoolOptions } from './modules/share/pool.ts';
import type { TelegramConfig } from './modules/telegram/adapter.ts';

/** What the app needs to know, resolved from the environment once at boot (tests build their own). */
export interface AppConfig {
  /** Where users reach the app, without a trailing slash; links in emails start with it. */
  publicUrl: string;
  jwtSecret: Uint8Array;
  requireEmailVerification: boolean;
  smtpUrl: string | undefined;
  /** The bearer token of GET /api/metrics; unset, the metrics answer 404. */
  metricsToken?: string | undefined;
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
  /** NODE_ENV=production: a test provider's payment earns no referral reward. */
  production?: boolean;
  /** Payment providers; absent: the built-in test provider alone, so the product sells with no setup. */
  payments?: PaymentsConfig;
  /** The Web Push (VAPID) key pair and contact; absent in tests that bring none: a pair is made for the process. */
  vapid?: VapidKeys;
  /** The CRM application (amoCRM OAuth); absent: the CRM is off and its calls answer "CRM not configured". */
  crm?: CrmConfig;
  /** Accept push endpoints over plain http and on this host or a private network (a local test endpoint only). */
  pushAllowLocal?: boolean;
  /** The share-image drawing threads and their queue (SHARE_DRAWING_THREADS); absent: one per core but one. */
  shareDrawing?: DrawingPoolOptions;
  /** The Telegram bot (TELEGRAM_BOT_TOKEN); absent: the bot is off and the site says so. */
  telegram?: TelegramConfig;
  /** ADMIN_EMAIL: the owner of the product among administrators; absent: the earliest administrator is. */
  ownerEmail?: string | undefined;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The VAPID keys of Web Push: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else a pair generated on first start and
 * kept in the data folder like the JWT secret. Browsers' subscriptions are tied to the public key, so it must not
 * change; several servers on one database set the variables.
 */
export function loadVapidKeys(
  env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'DATA_DIR' | 'PUBLIC_URL'>,
): VapidKeys {
  const subject =
    env.VAPID_SUBJECT ?? (env.PUBLIC_URL?.startsWith('https://') ? env.PUBLIC_URL : 'mailto:no-reply@hunab.local');
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const dir = resolve(env.DATA_DIR);
  const file = join(dir, 'vapid-keys.json');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    // Written whole under another name, then linked into place: processes starting together on one data folder
    // never read a half-written file, and the first link wins, so all of them sign with the same keys.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, JSON.stringify(generateVapidKeys()), { mode: 0o600, flag: 'wx' });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  chmodSync(file, 0o600);
  const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { ...keys, subject };
}

/** A new P-256 key pair in the base64url forms VAPID uses (65-byte public point, 32-byte private scalar). */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const scalar = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]).toString('base64url'),
  };
}

export interface PaymentsConfig {
  yookassa?: { shopId: string; secretKey: string; apiUrl: string };
  paypal?: { clientId: string; clientSecret: string; webhookId: string; apiUrl: string };
  /**
   * The built-in test provider, which grants without charging: by default on only with the embedded database and no
   * real provider (the two-command setup); with DATABASE_URL only when PAYMENTS_TEST_PROVIDER=true.
   */
  testProvider: boolean;
}

export function crmConfigFromEnv(env: Env): CrmConfig | undefined {
  if (!env.CRM_BASE_URL || !env.CRM_CLIENT_ID || !env.CRM_CLIENT_SECRET || !env.CRM_REDIRECT_URI) return undefined;
  return {
    baseUrl: env.CRM_BASE_URL.replace(/\/+$/, ''),
    clientId: env.CRM_CLIENT_ID,
    clientSecret: env.CRM_CLIENT_SECRET,
    redirectUri: env.CRM_REDIRECT_URI,
    authorizeUrl: env.CRM_AUTHORIZE_URL,
  };
}

export function paymentsConfigFromEnv(env: Env): PaymentsConfig {
  const yookassa =
    env.YOOKASSA_SHOP_ID && env.YOOKASSA_SECRET_KEY
      ? { shopId: env.YOOKASSA_SHOP_ID, secretKey: env.YOOKASSA_SECRET_KEY, apiUrl: env.YOOKASSA_API_URL }
      : undefined;
  const paypal =
    env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET && env.PAYPAL_WEBHOOK_ID
      ? {
          clientId: env.PAYPAL_CLIENT_ID,
          clientSecret: env.PAYPAL_CLIENT_SECRET,
          webhookId: env.PAYPAL_WEBHOOK_ID,
          apiUrl: env.PAYPAL_API_URL,
        }
      : undefined;
  const flag = env.PAYMENTS_TEST_PROVIDER;
  const embedded = !env.DATABASE_URL;
  const testProvider =
    flag === 'true' || flag === '1' || ((flag === 'auto' || flag === '') && embedded && !yookassa && !paypal);
  return { yookassa, paypal, testProvider };
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
    metricsToken: env.METRICS_TOKEN,
    mailFrom: env.MAIL_FROM,
    minAppVersion: env.MIN_APP_VERSION,
    webDistDir: env.WEB_DIST_DIR ?? webDistDir,
    renderPages: env.RENDER_PAGES,
    contentDir,
    schedulerIntervalMs: env.SCHEDULER_INTERVAL_SECONDS * 1000,
    payments: paymentsConfigFromEnv(env),
    crm: crmConfigFromEnv(env),
    ...(env.TELEGRAM_BOT_TOKEN
      ? {
          telegram: {
            token: env.TELEGRAM_BOT_TOKEN,
            apiUrl: env.TELEGRAM_API_URL,
            webhookSecret: env.TELEGRAM_WEBHOOK_SECRET,
            polling: env.TELEGRAM_POLLING,
          },
        }
      : {}),
    vapid: loadVapidKeys(env),
    registrationsPerAddressPerHour: env.REGISTRATIONS_PER_ADDRESS_PER_HOUR,
    ownerEmail: env.ADMIN_EMAIL,
    ...(env.SHARE_DRAWING_THREADS ? { shareDrawing: { threads: env.SHARE_DRAWING_THREADS } } : {}),
    production: env.NODE_ENV === 'production',
  };
}
