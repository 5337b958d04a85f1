import { describe, expect, it } from 'vitest';
import { appRouter } from './app-router.ts';
import { BUSINESS_PROCEDURES, takesBusinessToken } from './business-procedures.ts';
import { guardOf } from './trpc.ts';

/**
 * The client's list of business-token procedures (client/lib/trpc.ts sends them in the business batch)
 * against the routers' own guards. A procedure left out is sent with the shopper's token and answers
 * 401 (the owners' Reviews page did, issue 28); one wrongly in it loses the shopper's.
 */
const procedures = Object.entries(appRouter._def.procedures as Record<string, unknown>).map(([path, procedure]) => ({
  path,
  router: path.split('.')[0]!,
  guard: guardOf(procedure),
}));

describe('BUSINESS_PROCEDURES (the business token’s list)', () => {
  it('reads the guards: the shopper, owner and sales procedures are all there', () => {
    const guards = new Set(procedures.map((p) => p.guard));
    expect([...guards].sort()).toEqual(['business', 'consumer', 'public', 'sales'].filter((g) => guards.has(g as never)).sort());
    expect(procedures.filter((p) => p.guard === 'business').length).toBeGreaterThan(30);
    expect(procedures.filter((p) => p.guard === 'consumer').length).toBeGreaterThan(10);
  });

  it('covers every procedure behind businessProcedure, outletProcedure or masterProcedure', () => {
    const missing = procedures.filter((p) => p.guard === 'business' && !takesBusinessToken(p.path)).map((p) => p.path);
    expect(missing).toEqual([]);
    expect(takesBusinessToken('reviews.forOutlet')).toBe(true);
  });

  it('covers nothing else but the public procedures of a business router (its login)', () => {
    const businessRouters = new Set(procedures.filter((p) => p.guard === 'business').map((p) => p.router));
    const wrong = procedures
      .filter((p) => takesBusinessToken(p.path) && p.guard !== 'business')
      .filter((p) => !(p.guard === 'public' && businessRouters.has(p.router) && BUSINESS_PROCEDURES.includes(p.router as never)))
      .map((p) => `${p.path} (${p.guard})`);
    expect(wrong).toEqual([]);
    // A shopper's calls in a router owners share keep the shopper's token.
    expect(takesBusinessToken('reviews.list')).toBe(false);
    expect(takesBusinessToken('reviews.create')).toBe(false);
  });

  it('names only routers whose procedures are all for owners (or public), and procedures that exist', () => {
    for (const entry of BUSINESS_PROCEDURES) {
      const named = procedures.filter((p) => p.path === entry || p.router === entry);
      expect(named.length, entry).toBeGreaterThan(0);
      expect(named.some((p) => p.guard === 'business'), entry).toBe(true);
      expect(
        named.filter((p) => p.guard !== 'business' && p.guard !== 'public').map((p) => p.path),
        entry,
      ).toEqual([]);
    }
  });
});
