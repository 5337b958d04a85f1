import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { EnvError, envSchema, parseEnv } from './env.ts';

import { PRODUCTION_ENV as PRODUCTION } from './test/production-env.ts';
import { estimateSecretBits, MIN_SECRET_BITS } from './lib/secret-strength.ts';

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
    expect(() => parseEnv({ ...PRODUCTION, APP_SECRET: undefined })).toThrow(/APP_SECRET/);
    expect(parseEnv(PRODUCTION).NODE_ENV).toBe('production');
  });

  describe('in production', () => {
    const refusal = (source: Record<string, string | undefined>) => {
      try {
        parseEnv(source);
      } catch (e) {
        expect(e).toBeInstanceOf(EnvError);
        return e as EnvError;
      }
      throw new Error('parseEnv accepted it');
    };

    it.each([
      ['unset', undefined],
      ['empty', ''],
      ['sandbox', 'sandbox'],
    ])('refuses PAYMENT_PROVIDER %s, naming the variable', (_, value) => {
      const error = refusal({ ...PRODUCTION, PAYMENT_PROVIDER: value });
      expect(error.issues).toEqual([{ variable: 'PAYMENT_PROVIDER', message: expect.stringContaining('must be razorpay when NODE_ENV=production') }]);
      expect(error.message).toContain('PAYMENT_PROVIDER: must be razorpay');
    });

    it('keeps the sandbox as the default in development and test', () => {
      expect(parseEnv({}).PAYMENT_PROVIDER).toBe('sandbox');
      expect(parseEnv({ NODE_ENV: 'test' }).PAYMENT_PROVIDER).toBe('sandbox');
      expect(parseEnv({ NODE_ENV: 'development', PAYMENT_PROVIDER: 'sandbox' }).PAYMENT_PROVIDER).toBe('sandbox');
    });

    it('never seeds demo data: SEED_DEMO_DATA defaults to false, and true stops the start', () => {
      expect(parseEnv(PRODUCTION).SEED_DEMO_DATA).toBe(false);
      expect(parseEnv({ ...PRODUCTION, SEED_DEMO_DATA: '' }).SEED_DEMO_DATA).toBe(false);
      expect(parseEnv({ ...PRODUCTION, SEED_DEMO_DATA: 'false' }).SEED_DEMO_DATA).toBe(false);
      for (const value of ['true', '1']) {
        const error = refusal({ ...PRODUCTION, SEED_DEMO_DATA: value });
        expect(error.issues.map((i) => i.variable)).toEqual(['SEED_DEMO_DATA']);
        expect(error.message).toContain('SEED_DEMO_DATA: must not be true when NODE_ENV=production');
      }
    });

    it('still seeds by default in development and test', () => {
      expect(parseEnv({}).SEED_DEMO_DATA).toBe(true);
      expect(parseEnv({ NODE_ENV: 'test' }).SEED_DEMO_DATA).toBe(true);
      expect(parseEnv({ NODE_ENV: 'test', SEED_DEMO_DATA: 'false' }).SEED_DEMO_DATA).toBe(false);
    });

    it('names every refusal at once', () => {
      const error = refusal({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' });
      expect(error.issues.map((i) => i.variable)).toEqual([
        'DATABASE_URL',
        'APP_SECRET',
        'PAYMENT_PROVIDER',
        'SEED_DEMO_DATA',
        'EMAIL_PROVIDER',
        'INVOICE_SUPPLIER_NAME',
        'INVOICE_SUPPLIER_GSTIN',
        'INVOICE_SUPPLIER_ADDRESS',
      ]);
    });

    it.each([
      ['unset', undefined],
      ['empty', ''],
    ])('refuses to run on the embedded database (DATABASE_URL %s), naming DATABASE_URL', (_, value) => {
      const error = refusal({ ...PRODUCTION, DATABASE_URL: value });
      expect(error.issues).toEqual([{ variable: 'DATABASE_URL', message: expect.stringContaining('is required when NODE_ENV=production') }]);
      expect(error.message).toContain('DATABASE_URL: is required when NODE_ENV=production: the embedded database');
      // Development and tests keep the embedded default.
      expect(parseEnv({ DATABASE_URL: value }).DATABASE_URL).toBeUndefined();
    });

    it.each([
      ['unset', undefined],
      ['empty', ''],
      ['outbox', 'outbox'],
    ])('refuses EMAIL_PROVIDER %s (the outbox only writes a file), naming the variable', (_, value) => {
      const error = refusal({ ...PRODUCTION, EMAIL_PROVIDER: value, SMTP_URL: undefined });
      expect(error.issues).toEqual([{ variable: 'EMAIL_PROVIDER', message: expect.stringContaining('must be smtp when NODE_ENV=production') }]);
    });

    it('keeps the email outbox as the default in development and test', () => {
      expect(parseEnv({}).EMAIL_PROVIDER).toBe('outbox');
      expect(parseEnv({ NODE_ENV: 'test' }).EMAIL_PROVIDER).toBe('outbox');
    });

    it.each(['INVOICE_SUPPLIER_NAME', 'INVOICE_SUPPLIER_GSTIN', 'INVOICE_SUPPLIER_ADDRESS'])('refuses a missing %s, naming it', (variable) => {
      for (const value of [undefined, '']) {
        const error = refusal({ ...PRODUCTION, [variable]: value });
        expect(error.issues).toEqual([{ variable, message: expect.stringContaining('is required when NODE_ENV=production') }]);
        expect(error.message).toContain(`${variable}: is required when NODE_ENV=production`);
      }
      // Outside production the statements use the demo supplier.
      expect(() => parseEnv({ NODE_ENV: 'test', [variable]: undefined })).not.toThrow();
    });

    it.each([
      ['one letter 40 times', 'a'.repeat(40)],
      ['a word repeated', 'password'.repeat(5)],
      ['a word then a count', 'password1234567890123456789012345'],
      ['runs of letters', 'aaaaaaaabbbbbbbbccccccccdddddddd'],
      ['a word and sequences', 'test-secret-0123456789abcdef0123456789abcdef'],
      ['the alphabet', 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'],
      ['a short pattern', 'ab12'.repeat(16)],
      ['change me', 'changeme-changeme-changeme-changeme'],
    ])('refuses a guessable APP_SECRET (%s) without printing it', (_, secret) => {
      expect(secret.length).toBeGreaterThanOrEqual(32);
      const error = refusal({ ...PRODUCTION, APP_SECRET: secret });
      expect(error.issues).toEqual([{ variable: 'APP_SECRET', message: expect.stringContaining('is too easy to guess when NODE_ENV=production') }]);
      expect(error.message).not.toContain(secret);
    });

    it('accepts secrets made by a random generator', () => {
      // openssl rand -base64 48, openssl rand -hex 32, and 32 random letters and digits.
      for (const secret of [
        'TpxA771K+EeWUB/fmvz5MBQFaj5daAyKaadCF2+Y97ci9wwx8GWIgfU3UqCJQB2/',
        '0bdee2f35227d0a38d8ac69bf94200a378de6c8c598bd6d6596b03a9c94c35ad',
        'zdS03LUNHTeNWiqsgstc9kqz0FRIK5rd',
        PRODUCTION.APP_SECRET!,
      ]) {
        expect(estimateSecretBits(secret), secret).toBeGreaterThanOrEqual(MIN_SECRET_BITS);
        expect(parseEnv({ ...PRODUCTION, APP_SECRET: secret }).APP_SECRET).toBe(secret);
      }
    });

    it('judges APP_SECRET only in production (development and tests may use any 32 characters)', () => {
      expect(parseEnv({ NODE_ENV: 'test', APP_SECRET: 'a'.repeat(40) }).APP_SECRET).toBe('a'.repeat(40));
    });
  });

  describe('TRUST_PROXY', () => {
    it('trusts nobody by default, or when empty, false or 0', () => {
      for (const value of [undefined, '', 'false', 'FALSE', '0']) {
        expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY, String(value)).toEqual({ mode: 'none' });
      }
      // Production no longer trusts proxy headers on its own.
      expect(parseEnv(PRODUCTION).TRUST_PROXY).toEqual({ mode: 'none' });
    });

    it('reads a hop count', () => {
      expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toEqual({ mode: 'hops', hops: 1 });
      expect(parseEnv({ TRUST_PROXY: ' 2 ' }).TRUST_PROXY).toEqual({ mode: 'hops', hops: 2 });
    });

    it('reads a list of IPv4 and IPv6 addresses and CIDRs', () => {
      expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8,::1' }).TRUST_PROXY).toEqual({
        mode: 'ranges',
        ranges: [
          { address: '10.0.0.0', prefix: 8, family: 'ipv4' },
          { address: '127.0.0.1', prefix: 32, family: 'ipv4' },
          { address: 'fd00::', prefix: 8, family: 'ipv6' },
          { address: '::1', prefix: 128, family: 'ipv6' },
        ],
      });
    });

    it.each(['true', 'yes', '10.0.0.0/33', '10.0.0/8', 'fd00::/129', '10.0.0.1,', 'proxy.example.com', '1.2.3.4/8/1', '99'])(
      'refuses %j, naming the variable',
      (value) => {
        let error: unknown;
        try {
          parseEnv({ TRUST_PROXY: value });
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(EnvError);
        expect((error as EnvError).issues.map((i) => i.variable)).toEqual(['TRUST_PROXY']);
      },
    );
  });

  it('STORAGE_DRIVER=s3 needs a bucket, and both keys or neither; the secret is never echoed', () => {
    const issues = (env: Record<string, string>) => {
      try {
        parseEnv(env);
        return [];
      } catch (e) {
        return (e as EnvError).issues;
      }
    };
    expect(issues({ STORAGE_DRIVER: 's3' }).map((i) => i.variable)).toEqual(['S3_BUCKET']);
    expect(issues({ STORAGE_DRIVER: 's3', S3_BUCKET: 'bucket-1', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' }).map((i) => i.variable)).toEqual(['S3_SECRET_ACCESS_KEY']);
    expect(issues({ STORAGE_DRIVER: 's3', S3_BUCKET: 'Not_A_Bucket' }).map((i) => i.variable)).toEqual(['S3_BUCKET']);
    expect(issues({ STORAGE_DRIVER: 's3', S3_BUCKET: 'bachat-photos', S3_REGION: 'auto', S3_ENDPOINT: 'https://acct.r2.cloudflarestorage.com', S3_FORCE_PATH_STYLE: 'true' })).toEqual([]);
    const secret = 'x'.repeat(300);
    const bad = issues({ STORAGE_DRIVER: 's3', S3_BUCKET: 'bucket-1', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: secret });
    expect(bad.map((i) => i.variable)).toEqual(['S3_SECRET_ACCESS_KEY']);
    expect(bad[0]!.message).not.toContain(secret);
    expect(issues({ S3_PUBLIC_URL: 'https://cdn.example.in/x?y=1' }).map((i) => i.variable)).toEqual(['S3_PUBLIC_URL']);
    expect(issues({ READ_DATABASE_URL: 'postgres://u@replica:5432/db' }).map((i) => i.variable)).toEqual(['READ_DATABASE_URL']);
    expect(issues({ METRICS_TOKEN: 'short' }).map((i) => i.variable)).toEqual(['METRICS_TOKEN']);
  });

  it('is documented variable for variable in .env.example, and its defaults parse', () => {
    const example = fs.readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
    const documented = Object.fromEntries(
      example
        .split('\n')
        .filter((l) => /^[A-Z][A-Z0-9_]*=/.test(l))
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

  it('stops a production start with the sandbox payment provider or demo seeds, naming the variables', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: { ...process.env, ...PRODUCTION, PAYMENT_PROVIDER: '', SEED_DEMO_DATA: 'true', DATABASE_URL: '', PORT: '1' },
      encoding: 'utf8',
      timeout: 30_000,
      killSignal: 'SIGKILL',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PAYMENT_PROVIDER: must be razorpay when NODE_ENV=production');
    expect(result.stderr).toContain('SEED_DEMO_DATA: must not be true when NODE_ENV=production');
    expect(result.stderr).toContain('DATABASE_URL: is required when NODE_ENV=production');
  });

  it('gives every statement a deadline by default, each setting checked', () => {
    expect(parseEnv({})).toMatchObject({
      DATABASE_STATEMENT_TIMEOUT_MS: 15_000,
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 60_000,
      DATABASE_ACQUIRE_TIMEOUT_MS: 5_000,
    });
    expect(parseEnv({ DATABASE_STATEMENT_TIMEOUT_MS: '0' }).DATABASE_STATEMENT_TIMEOUT_MS).toBe(0);
    expect(() => parseEnv({ DATABASE_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
    expect(() => parseEnv({ DATABASE_ACQUIRE_TIMEOUT_MS: 'soon' })).toThrow(/DATABASE_ACQUIRE_TIMEOUT_MS/);
  });
});
