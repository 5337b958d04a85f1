import type { BenchContext } from '../run.ts';
import { formatRatio, formatStats, measure } from '../measure.ts';
import { ok } from '../http-client.ts';
import { runtime } from '../../server/lib/runtime.ts';
import { hashPassword } from '../../server/lib/passwords.ts';
import { insertShopper } from '../../server/test/factories.ts';
import { createSession } from '../../server/modules/sessions/service.ts';
import { couponsPage, listCoupons } from '../../server/modules/dashboards/service.ts';

/**
 * The owner's coupons dashboard (docs/business.md, "Dashboards") with ONE outlet holding 1,000,000
 * coupons (`--coupons=N` to change it):
 *  - page 1,000 p50 ÷ page 1 p50 ≤ 1.5 (a page is a range of the per-outlet coupon number, not an OFFSET);
 *  - the list call with its total (`couponsPage`: the counter row joined to the page, one statement)
 *    ≤ 2× the page query alone (the total is the outlet's counter, never a count over a million rows).
 *  The whole service call (with the ownership check, one more round trip) and REST are printed too.
 */
export async function dashboardsSuite({ db, baseUrl, http, print }: BenchContext): Promise<void> {
  const flag = process.argv.find((a) => a.startsWith('--coupons='));
  const total = flag ? Number(flag.slice('--coupons='.length)) : 1_000_000;
  const outlet = await db('outlets').orderBy('id').first('id');
  if (!outlet) {
    print('no outlet in the demo data; skipped');
    return;
  }
  const outletId = Number(outlet.id);
  const [owner] = await db('businessOwners')
    .insert({ username: 'bench.owner', passwordHash: await hashPassword('Bench@12345'), name: 'Bench Owner', phoneNumber: '9000054321', isMaster: true })
    .returning('id');
  const ownerId = Number(owner!.id);
  await db('outlets').where({ id: outletId }).update({ ownerId });
  await db('businessOwnerOutlets').insert({ businessOwnerId: ownerId, outletId }).onConflict(['businessOwnerId', 'outletId']).ignore();
  const consumerId = await insertShopper(db, runtime().secret, { phoneNumber: '9000054322', referralCode: 'MEBENCH02' });

  // Bulk load in the same shape the trigger gives: numbers 1…N and the counter at N (trigger off for speed).
  const t0 = Date.now();
  const existing = Number((await db('outletCouponCounters').where({ outletId }).first('couponsCount'))?.couponsCount ?? 0);
  await db.raw('ALTER TABLE coupons DISABLE TRIGGER coupons_number_outlet_coupon');
  try {
    for (let start = 1; start <= total; start += 100_000) {
      const end = Math.min(total, start + 99_999);
      await db.raw(
        `INSERT INTO coupons (code, consumer_id, outlet_id, discount_percent, is_live, issued_on, used_golden_key, valid_until, created_at, outlet_seq)
         SELECT 'BN' || lpad(g::text, 9, '0'), ?, ?, 5 + (g % 6), (g % 3 = 0), DATE '2026-01-01' + (g / 5000)::int, true,
                TIMESTAMPTZ '2026-01-01 18:00+05:30' + ((g / 5000)::int * interval '1 day'), TIMESTAMPTZ '2026-01-01 09:00+05:30' + (g * interval '10 seconds'), ? + g
           FROM generate_series(?::bigint, ?::bigint) AS g`,
        [consumerId, outletId, existing, start, end],
      );
    }
    await db('outletCouponCounters')
      .insert({ outletId, couponsCount: existing + total })
      .onConflict('outletId')
      .merge(['couponsCount']);
  } finally {
    await db.raw('ALTER TABLE coupons ENABLE TRIGGER coupons_number_outlet_coupon');
  }
  await db.raw('ANALYZE coupons');
  print(`loaded ${total.toLocaleString('en-IN')} coupons for outlet ${outletId} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const limit = 20;
  const couponsTotal = existing + total;
  const pageQuery = (page: number) => {
    const hi = couponsTotal - (page - 1) * limit;
    return db('coupons')
      .where({ outletId })
      .whereBetween('outletSeq', [Math.max(hi - limit + 1, 1), hi])
      .orderBy('outletSeq', 'desc')
      .select('id', 'code', 'consumerId', 'discountPercent', 'isLive', 'issuedOn', 'validUntil', 'redeemedAt', 'createdAt');
  };
  const lastPage = Math.min(1_000, Math.ceil(couponsTotal / limit));
  const queryOnly = await measure('page query alone (page 1)', () => pageQuery(1));
  const queryOnlyN = await measure(`page query alone (page ${lastPage})`, () => pageQuery(lastPage));
  const page1 = await measure('couponsPage page 1 (page + total)', () => couponsPage(outletId, { offSet: 1, limit }));
  const pageN = await measure(`couponsPage page ${lastPage} (page + total)`, () => couponsPage(outletId, { offSet: lastPage, limit }));
  const service1 = await measure('listCoupons page 1 (with the ownership check)', () => listCoupons(ownerId, { outletId, offSet: 1, limit }));
  const serviceN = await measure(`listCoupons page ${lastPage} (with the ownership check)`, () => listCoupons(ownerId, { outletId, offSet: lastPage, limit }));
  const naiveCount = await measure('for contrast: count(*) of the outlet coupons', () => db('coupons').where({ outletId }).count({ n: '*' }), { iterations: 10, warmup: 2 });

  const { token } = await createSession({ kind: 'business', principalId: ownerId });
  const rest = await measure('REST POST /business/v1/dashboard/coupons (page 1)', async () => {
    ok(
      await http.request('POST', `${baseUrl}/api/business/v1/dashboard/coupons?offSet=1&limit=20`, {
        headers: { Authorization: `Bearer ${token}` },
        body: JSON.stringify({ outletId }),
      }),
    );
  });

  for (const s of [queryOnly, queryOnlyN, page1, pageN, service1, serviceN, naiveCount, rest]) print(formatStats(s));
  print(formatRatio(`page ${lastPage} p50 ÷ page 1 p50`, pageN.p50, page1.p50, { max: 1.5 }));
  print(formatRatio(`service page ${lastPage} p50 ÷ service page 1 p50`, serviceN.p50, service1.p50, { max: 1.5 }));
  print(formatRatio('list call with its total ÷ page query alone (p50)', page1.p50, queryOnly.p50, { max: 2 }));
  print(formatRatio('(info) with the ownership check ÷ page query alone (p50)', service1.p50, queryOnly.p50));
}
