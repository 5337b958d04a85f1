import fs from 'node:fs';
import { test as base, expect } from '@playwright/test';

/** Reads the SMS outbox the server writes in e2e runs (`SMS_OUTBOX_FILE`). */
export function readSmsOutbox(): { to: string; text: string; at: string }[] {
  const file = process.env.E2E_SMS_OUTBOX;
  if (!file || !fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

export const test = base;
export { expect };
