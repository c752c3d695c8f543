import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from '../src/env.ts';

describe('configuration', () => {
  it('defaults to port 3000 and the ./data folder with the embedded database', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', NODE_ENV: 'production' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('stops with a readable message on a wrong value', () => {
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadEnv({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/);
    expect(() => loadEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});
