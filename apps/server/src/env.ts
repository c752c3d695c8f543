import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    PORT: z.coerce
      .number({ error: 'PORT must be a number' })
      .int('PORT must be a whole number')
      .min(0)
      .max(65535, 'PORT must be at most 65535')
      .default(3000),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalText.refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
      message: 'DATABASE_URL must start with postgres:// or postgresql://',
    }),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: optionalText,
    /** Address of the app as users reach it, for links in emails. */
    PUBLIC_URL: optionalText.refine((value) => value === undefined || /^https?:\/\/[^/]+/.test(value), {
      message: 'PUBLIC_URL must be an http(s) address such as https://hunab.example.com',
    }),
    JWT_SECRET: optionalText.refine((value) => value === undefined || value.length >= 32, {
      message: 'JWT_SECRET must be at least 32 characters',
    }),
    REQUIRE_EMAIL_VERIFICATION: z
      .enum(['true', 'false', '1', '0', ''], { error: 'REQUIRE_EMAIL_VERIFICATION must be true or false' })
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
    RENDER_PAGES: z
      .enum(['true', 'false', '1', '0', ''], { error: 'RENDER_PAGES must be true or false' })
      .default('true')
      .transform((value) => value !== 'false' && value !== '0'),
    METRICS_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 16, {
      message: 'METRICS_TOKEN must be at least 16 characters',
    }),
    SMTP_URL: optionalText.refine((value) => value === undefined || /^smtps?:\/\//.test(value), {
      message: 'SMTP_URL must start with smtp:// or smtps://',
    }),
    MAIL_FROM: z.string().trim().min(3).default('Hunab <no-reply@hunab.local>'),
    VAPID_PUBLIC_KEY: optionalText.refine((value) => value === undefined || /^[A-Za-z0-9_-]{80,100}$/.test(value), {
      message: 'VAPID_PUBLIC_KEY must be a base64url P-256 public key (web-push generate-vapid-keys)',
    }),
    VAPID_PRIVATE_KEY: optionalText.refine((value) => value === undefined || /^[A-Za-z0-9_-]{40,50}$/.test(value), {
      message: 'VAPID_PRIVATE_KEY must be a base64url P-256 private key',
    }),
    VAPID_SUBJECT: optionalText.refine((value) => value === undefined || /^(mailto:|https:\/\/)/.test(value), {
      message: 'VAPID_SUBJECT must start with mailto: or https://',
    }),
    ADMIN_EMAIL: optionalText,
    ADMIN_PASSWORD: optionalText.refine((value) => value === undefined || value.length >= 8, {
      message: 'ADMIN_PASSWORD must be at least 8 characters',
    }),
    /** `true`: one reverse proxy stands in front of the server (see TRUST_PROXY_HOPS); never trust-everything. */
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0', ''], { error: 'TRUST_PROXY must be true or false' })
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
    /**
     * How many reverse proxies stand in front of the server: the client address is read that many entries from the
     * right of X-Forwarded-For, the part the proxies wrote, so a client cannot choose it. Overrides TRUST_PROXY.
     */
    TRUST_PROXY_HOPS: z.coerce
      .number({ error: 'TRUST_PROXY_HOPS must be a number' })
      .int('TRUST_PROXY_HOPS must be a whole number')
      .min(0, 'TRUST_PROXY_HOPS must be 0 or more')
      .max(10, 'TRUST_PROXY_HOPS must be at most 10')
      .optional(),
    /** Threads that draw share images; at most the number of cores. */
    SHARE_DRAWING_THREADS: z.coerce
      .number({ error: 'SHARE_DRAWING_THREADS must be a number' })
      .int('SHARE_DRAWING_THREADS must be a whole number')
      .min(1, 'SHARE_DRAWING_THREADS must be at least 1')
      .max(64, 'SHARE_DRAWING_THREADS must be at most 64')
      .optional(),
    REGISTRATIONS_PER_ADDRESS_PER_HOUR: z.coerce
      .number({ error: 'REGISTRATIONS_PER_ADDRESS_PER_HOUR must be a number' })
      .int('REGISTRATIONS_PER_ADDRESS_PER_HOUR must be a whole number')
      .min(1, 'REGISTRATIONS_PER_ADDRESS_PER_HOUR must be at least 1')
      .default(10),
    MIN_APP_VERSION: z
      .string()
      .trim()
      .regex(/^\d+\.\d+\.\d+$/, 'MIN_APP_VERSION must look like 1.2.3')
      .default('0.0.0'),
    SCHEDULER_INTERVAL_SECONDS: z.coerce
      .number({ error: 'SCHEDULER_INTERVAL_SECONDS must be a number of seconds' })
      .int('SCHEDULER_INTERVAL_SECONDS must be a whole number')
      .min(0, 'SCHEDULER_INTERVAL_SECONDS must be 0 (off) or more')
      .max(86_400, 'SCHEDULER_INTERVAL_SECONDS must be at most 86400')
      .default(60),
    YOOKASSA_SHOP_ID: optionalText,
    YOOKASSA_SECRET_KEY: optionalText,
    YOOKASSA_API_URL: z
      .url({ error: 'YOOKASSA_API_URL must be an http(s) address' })
      .default('https://api.yookassa.ru/v3'),
    PAYPAL_CLIENT_ID: optionalText,
    PAYPAL_CLIENT_SECRET: optionalText,
    PAYPAL_WEBHOOK_ID: optionalText,
    PAYPAL_API_URL: z.url({ error: 'PAYPAL_API_URL must be an http(s) address' }).default('https://api-m.paypal.com'),
    CRM_BASE_URL: z.url({ error: 'CRM_BASE_URL must be an http(s) address' }).optional(),
    CRM_CLIENT_ID: optionalText,
    CRM_CLIENT_SECRET: optionalText,
    CRM_REDIRECT_URI: z.url({ error: 'CRM_REDIRECT_URI must be an http(s) address' }).optional(),
    CRM_AUTHORIZE_URL: z
      .url({ error: 'CRM_AUTHORIZE_URL must be an http(s) address' })
      .default('https://www.amocrm.ru/oauth'),
    TELEGRAM_BOT_TOKEN: optionalText.refine(
      (value) => value === undefined || /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/.test(value),
      {
        message: 'TELEGRAM_BOT_TOKEN must be a bot token from @BotFather (123456:ABC...)',
      },
    ),
    TELEGRAM_API_URL: z
      .url({ error: 'TELEGRAM_API_URL must be an http(s) address' })
      .default('https://api.telegram.org'),
    TELEGRAM_WEBHOOK_SECRET: optionalText.refine(
      (value) => value === undefined || /^[A-Za-z0-9_-]{1,256}$/.test(value),
      {
        message: 'TELEGRAM_WEBHOOK_SECRET must be 1-256 characters of A-Z, a-z, 0-9, _ and -',
      },
    ),
    /** `true`: fetch the bot's updates with getUpdates instead of the webhook (`npm run bot:poll`). */
    TELEGRAM_POLLING: z
      .enum(['true', 'false', '1', '0', ''], { error: 'TELEGRAM_POLLING must be true or false' })
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
    PAYMENTS_TEST_PROVIDER: z
      .enum(['auto', 'true', 'false', '1', '0', ''], { error: 'PAYMENTS_TEST_PROVIDER must be auto, true or false' })
      .default('auto'),
  })
  .refine(
    (env) =>
      [env.CRM_BASE_URL, env.CRM_CLIENT_ID, env.CRM_CLIENT_SECRET, env.CRM_REDIRECT_URI].every(Boolean) ||
      ![env.CRM_BASE_URL, env.CRM_CLIENT_ID, env.CRM_CLIENT_SECRET, env.CRM_REDIRECT_URI].some(Boolean),
    {
      message: 'CRM_BASE_URL, CRM_CLIENT_ID, CRM_CLIENT_SECRET and CRM_REDIRECT_URI go together',
      path: ['CRM_BASE_URL'],
    },
  )
  .refine((env) => Boolean(env.YOOKASSA_SHOP_ID) === Boolean(env.YOOKASSA_SECRET_KEY), {
    message: 'YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY go together',
    path: ['YOOKASSA_SECRET_KEY'],
  })
  .refine(
    (env) =>
      [env.PAYPAL_CLIENT_ID, env.PAYPAL_CLIENT_SECRET, env.PAYPAL_WEBHOOK_ID].every(Boolean) ||
      ![env.PAYPAL_CLIENT_ID, env.PAYPAL_CLIENT_SECRET, env.PAYPAL_WEBHOOK_ID].some(Boolean),
    { message: 'PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID go together', path: ['PAYPAL_CLIENT_ID'] },
  )
  .refine((env) => Boolean(env.VAPID_PUBLIC_KEY) === Boolean(env.VAPID_PRIVATE_KEY), {
    message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together',
    path: ['VAPID_PRIVATE_KEY'],
  })
  .refine((env) => !(env.ADMIN_PASSWORD && !env.ADMIN_EMAIL), {
    message: 'ADMIN_PASSWORD is set without ADMIN_EMAIL',
    path: ['ADMIN_EMAIL'],
  });

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration from environment variables; a wrong value stops the server with a readable message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
