import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import { createConsoleSms } from './sms.ts';
import { createLocalStorage } from './storage.ts';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-providers-'));

describe('console SMS provider', () => {
  it('appends {to,text,at} JSON lines to the outbox and logs no message text', async () => {
    const lines: string[] = [];
    const logger = createLogger(
      { level: 'info' },
      new Writable({
        write(chunk, _e, cb) {
          lines.push(String(chunk));
          cb();
        },
      }),
    );
    const outbox = path.join(tmp(), 'nested', 'outbox.jsonl');
    const sms = createConsoleSms(logger, outbox);
    await sms.send({ to: '9876543210', text: 'Your Bachat OTP is 482913' });
    await sms.send({ to: '9876500000', text: 'Your Bachat OTP is 111222' });
    const written = fs.readFileSync(outbox, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(written).toHaveLength(2);
    expect(written[0]).toMatchObject({ to: '9876543210', text: 'Your Bachat OTP is 482913' });
    expect(new Date(written[0].at).toString()).not.toBe('Invalid Date');
    const log = lines.join('');
    expect(log).toContain('sms sent');
    expect(log).not.toContain('482913');
    expect(log).not.toContain('9876543210');
  });

  it('writes no file without an outbox', async () => {
    const sms = createConsoleSms(createLogger({ level: 'silent' }));
    await expect(sms.send({ to: '9876543210', text: 'hi' })).resolves.toBeUndefined();
  });
});

describe('local storage', () => {
  it('stores, reads, lists the URL of and deletes files by key', async () => {
    const storage = createLocalStorage(path.join(tmp(), 'uploads'));
    await storage.put('outlets/12/ambience-0.webp', Buffer.from([1, 2, 3]));
    expect(await storage.exists('outlets/12/ambience-0.webp')).toBe(true);
    expect(await storage.get('outlets/12/ambience-0.webp')).toEqual(Buffer.from([1, 2, 3]));
    expect(storage.url('outlets/12/ambience-0.webp')).toBe('/uploads/outlets/12/ambience-0.webp');
    await storage.delete('outlets/12/ambience-0.webp');
    expect(await storage.get('outlets/12/ambience-0.webp')).toBeNull();
  });

  it.each(['../secret', 'a/../../b', '/etc/passwd', 'a//b', ''])('refuses the unsafe key %j', async (key) => {
    const storage = createLocalStorage(path.join(tmp(), 'uploads'));
    await expect(storage.put(key, 'x')).rejects.toThrow(/Unsafe storage key/);
  });
});
