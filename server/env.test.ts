import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { EnvError, envSchema, parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('fills in the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATA_DIR: '.data',
      SMS_PROVIDER: 'console',
      PAYMENT_PROVIDER: 'sandbox',
      STORAGE_DRIVER: 'local',
      LOG_LEVEL: 'info',
      SEED_DEMO_DATA: true,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads numbers, URLs and booleans', () => {
    const env = parseEnv({ PORT: '8080', DATABASE_URL: 'postgres://u@h:5432/db', SEED_DEMO_DATA: 'false' });
    expect(env.PORT).toBe(8080);
    expect(env.DATABASE_URL).toBe('postgres://u@h:5432/db');
    expect(env.SEED_DEMO_DATA).toBe(false);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '3.5'],
    ['DATABASE_URL', 'mysql://x@y/z'],
    ['LOG_LEVEL', 'loud'],
    ['SMS_PROVIDER', 'pigeon'],
    ['SEED_DEMO_DATA', 'yes'],
    ['APP_SECRET', 'short'],
  ])('names %s when it is %j', (variable, value) => {
    let error: unknown;
    try {
      parseEnv({ [variable]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).issues.map((i) => i.variable)).toEqual([variable]);
    expect((error as EnvError).message).toContain(variable);
  });

  it('requires APP_SECRET in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/);
    expect(parseEnv({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32) }).NODE_ENV).toBe('production');
  });

  it('is documented variable for variable in .env.example, and its defaults parse', () => {
    const example = fs.readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
    const documented = Object.fromEntries(
      example
        .split('\n')
        .filter((l) => /^[A-Z_]+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    expect(Object.keys(documented).sort()).toEqual(Object.keys(envSchema.shape).sort());
    expect(parseEnv(documented)).toEqual(parseEnv({}));
  });

  it('stops the server process with a message naming the bad variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: { ...process.env, PORT: 'abc', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('PORT');
  });
});
