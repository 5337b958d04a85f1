import type { BenchContext } from '../run.ts';
import { formatStats, measure } from '../measure.ts';
import { ok } from '../http-client.ts';

/**
 * Reference data through both transports against the same SQL run directly: the overhead our HTTP,
 * tRPC and REST layers add to the cheapest query the home page makes.
 */
export async function referenceDataSuite({ db, baseUrl, http, print, judge }: BenchContext): Promise<void> {
  const sql = await measure('categories: raw SQL', () =>
    db.raw('SELECT id, name, slug, icon FROM categories WHERE is_active ORDER BY sort_order, name'),
  );
  const rest = await measure('categories: REST GET /api/cmn/category', async () => ok(await http.request('GET', `${baseUrl}/api/cmn/category`)));
  const trpc = await measure('categories: tRPC categories.list', async () => ok(await http.request('GET', `${baseUrl}/trpc/categories.list`)));
  const rest10 = await measure('categories: REST, 10 connections', async () => ok(await http.request('GET', `${baseUrl}/api/cmn/category`)), {
    concurrency: 10,
    iterations: 500,
  });
  for (const s of [sql, rest, trpc, rest10]) print(formatStats(s));
  judge('(info) categories: REST p50 ÷ SQL p50', rest.p50 / sql.p50, 'ratio');
  judge('(info) categories: tRPC p50 ÷ SQL p50', trpc.p50 / sql.p50, 'ratio');
}
