import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../src/config.ts';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    publicUrl: 'http://hunab.test',
    jwtSecret: randomBytes(32),
    requireEmailVerification: false,
    smtpUrl: undefined,
    mailFrom: 'Hunab <no-reply@hunab.test>',
    minAppVersion: '1.0.0',
    webDistDir: undefined,
    contentDir: undefined,
    schedulerIntervalMs: 0,
    // Test files open many accounts from one address; the limit has its own test.
    registrationsPerAddressPerHour: 100_000,
    ...overrides,
  };
}
