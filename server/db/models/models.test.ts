import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyedHash } from '../../lib/crypto.ts';
import { createTestApp, TEST_SECRET } from '../../test/app.ts';
import { openDatabaseCopy, testDb } from '../../test/database.ts';
import { useTestDatabase } from '../../test/setup.ts';
import { ADMIN_RESOURCES } from '../../admin/resources.ts';
import { Category, MODELS } from './index.ts';

useTestDatabase();

let other: { db: Knex; drop: () => Promise<void> };
beforeAll(async () => {
  other = await openDatabaseCopy();
}, 120_000);
afterAll(async () => {
  await other?.drop();
});

/** A sales staff member and a bearer token for them, straight into `db`. */
async function salesLogin(db: Knex, token: string): Promise<{ Authorization: string }> {
  const [staff] = await db('salesStaff').insert({ username: 'sales', name: 'Priya Sharma', passwordHash: 'x' }).returning('id');
  await db('sessions').insert({
    tokenHash: keyedHash(TEST_SECRET, 'session', token),
    kind: 'sales',
    salesStaffId: staff!.id,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { Authorization: `Bearer ${token}` };
}

describe('Objection models', () => {
  it('are declared for every back-office resource (the engine makes none on the fly)', () => {
    const tables = new Set(MODELS.map((m) => m.tableName));
    expect(ADMIN_RESOURCES.map((d) => d.table).filter((t) => !tables.has(t))).toEqual([]);
  });

  it('are bound to no database: a query must name its Knex', async () => {
    expect(Category.knex()).toBeUndefined();
    await expect(Category.query().first()).rejects.toThrow(/knex/i);
  });

  it('serve two apps in one process each from its own database (back office and services)', async () => {
    const a = createTestApp();
    const b = createTestApp({ db: other.db });
    const authA = await salesLogin(testDb(), 'token-for-app-a-0123456789');
    const authB = await salesLogin(other.db, 'token-for-app-b-0123456789');

    const created = await b.request.post('/api/admin/categories').set(authB).send({ name: 'Salons', slug: 'salons', icon: 'scissors' });
    expect(created.status).toBe(201);
    await a.request.post('/api/admin/categories').set(authA).send({ name: 'Cafes', slug: 'cafes', icon: 'coffee' });

    const names = async (app: typeof a, auth: { Authorization: string }) =>
      (await app.request.get('/api/admin/categories').set(auth)).body.map((c: { name: string }) => c.name);
    expect(await names(a, authA)).toEqual(['Cafes']);
    expect(await names(b, authB)).toEqual(['Salons']);
    const shopper = async (app: typeof a) => (await app.request.get('/api/cmn/category')).body.categories.map((c: { name: string }) => c.name);
    expect(await shopper(a)).toEqual(['Cafes']);
    expect(await shopper(b)).toEqual(['Salons']);
    // Each change is audited in its own database.
    expect(await testDb()('auditLog').pluck('resource')).toEqual(['categories']);
    expect(await other.db('auditLog').pluck('resource')).toEqual(['categories']);
  });
});
