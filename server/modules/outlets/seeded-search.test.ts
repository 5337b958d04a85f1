import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET, createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { useTestDatabase } from '../../test/setup.ts';
import { hashPhone } from '../../lib/crypto.ts';
import { createLocalStorage } from '../../providers/storage.ts';
import { runSeeds } from '../../db/seed.ts';
import { globalSearchInputSchema } from './schema.ts';
import { searchEverything } from './service.ts';

/**
 * Issue 16's typos against the demo data a fresh install has: what a shopper near MG Road,
 * Bengaluru types, and what they must find.
 */
useTestDatabase({ reset: false });

const MG_ROAD = { latitude: 12.9755, longitude: 77.6068 };

beforeAll(async () => {
  createTestApp();
  const storage = createLocalStorage(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-search-')), 'uploads'));
  await runSeeds(testDb(), { storage, demo: true, hashPhone: (p: string) => hashPhone(TEST_SECRET, p) });
}, 120_000);

async function found(text: string) {
  const result = await searchEverything(globalSearchInputSchema.parse({ searchString: text, ...MG_ROAD, limit: 10 }));
  return result.outletResult.map((o) => ({ name: o.name, city: o.city.slug, cuisines: o.cuisines }));
}

describe('typo-tolerant search over the demo data', () => {
  it.each([
    ['biriyani', 'Swastik Biryani House'],
    ['biriani', 'Swastik Biryani House'],
    ['bakry', 'Honey Bakery'],
    ['udpi', 'Sri Krishna Udupi Grand'],
    ['mavali', 'Mavalli Tiffin Rooms'],
    ['chaai', 'Chai Point Indiranagar'],
  ])('“%s” finds %s among the first five, nearest city first', async (text, name) => {
    const results = await found(text);
    expect(results.slice(0, 5).map((o) => o.name)).toContain(name);
    expect(results[0]?.city).toBe('bengaluru');
  });

  it('a name only one outlet has comes first', async () => {
    expect((await found('mavali'))[0]?.name).toBe('Mavalli Tiffin Rooms');
    expect((await found('mavali tifin'))[0]?.name).toBe('Mavalli Tiffin Rooms');
  });

  it('finds dishes and cuisines, not only names', async () => {
    expect((await found('rava idli')).map((o) => o.name)).toContain('Mavalli Tiffin Rooms');
    const southIndian = await found('south indian');
    expect(southIndian.length).toBeGreaterThan(3);
    expect(southIndian.every((o) => o.cuisines.includes('South Indian'))).toBe(true);
  });
});
