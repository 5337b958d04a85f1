import { randomUUID } from 'node:crypto';
import type { BenchContext } from '../run.ts';
import { formatStats, measure } from '../measure.ts';
import { ok } from '../http-client.ts';
import { runtime } from '../../server/lib/runtime.ts';
import { insertShopper } from '../../server/test/factories.ts';
import { createSession } from '../../server/modules/sessions/service.ts';
import { getLiveOffer } from '../../server/modules/offers/service.ts';
import { computeBill } from '../../server/modules/orders/money.ts';

/**
 * Pay the bill (docs/payments.md): the money rules alone, the whole breakdown over REST against the
 * live-offer read it is built on, and a full order + sandbox capture (one transaction writing the
 * payment, redemption, eight ledger rows and the daily stats) against creating the order alone.
 */
export async function paymentsSuite({ db, baseUrl, http, print, judge }: BenchContext): Promise<void> {
  const outlet = await db('outlets').where({ isLive: true }).orderBy('id').first('id');
  if (!outlet) {
    print('no live outlet in the demo data; skipped');
    return;
  }
  const outletId = Number(outlet.id);
  // Kept between runs on PostgreSQL (the data sets persist there).
  const existing = await db('consumers').where({ referralCode: 'MEBENCH01' }).first('id');
  const consumerId = existing ? Number(existing.id) : await insertShopper(db, runtime().secret, { phoneNumber: '9000012345', referralCode: 'MEBENCH01' });
  const { token } = await createSession({ kind: 'consumer', principalId: consumerId });
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const fees = { convenienceFeeBps: 100, convenienceFeeMaxPaise: 5_000, gstBps: 1_800 };

  let i = 0;
  const pure = await measure(
    'computeBill (pure)',
    async () => computeBill({ billPaise: 100_000 + (i++ % 977), instantDiscountPercent: 12.5, shuffleDiscountPercent: 7, fees }),
    { iterations: 5_000, warmup: 200 },
  );
  const offer = await measure('getLiveOffer (service, 1 query)', () => getLiveOffer(outletId));
  const bill = await measure('bill: REST GET /api/outlet/v1/getBill', async () => {
    ok(await http.request('GET', `${baseUrl}/api/outlet/v1/getBill?outletId=${outletId}&amount=1000`, { headers }));
  });
  const createOnly = await measure(
    'order: REST create (no payment)',
    async () => {
      ok(
        await http.request('POST', `${baseUrl}/api/outlet/route/v1/create`, {
          headers: { ...headers, 'Idempotency-Key': randomUUID() },
          body: JSON.stringify({ outletId, amount: '1000' }),
        }),
      );
    },
    { iterations: 100, warmup: 5 },
  );
  const payFlow = await measure(
    'order + sandbox Pay (capture transaction)',
    async () => {
      const res = ok(
        await http.request('POST', `${baseUrl}/api/outlet/route/v1/create`, {
          headers: { ...headers, 'Idempotency-Key': randomUUID() },
          body: JSON.stringify({ outletId, amount: '1000' }),
        }),
      );
      const { order } = JSON.parse(res.body) as { order: { ORDER_ID: string } };
      ok(await http.request('POST', `${baseUrl}/api/payments/demo/${order.ORDER_ID}/complete`, { headers, body: JSON.stringify({ outcome: 'pay' }) }));
    },
    { iterations: 100, warmup: 5 },
  );
  for (const s of [pure, offer, bill, createOnly, payFlow]) print(formatStats(s));
  judge('(info) getBill REST p50 ÷ getLiveOffer p50', bill.p50 / offer.p50, 'ratio');
  judge('(info) order + capture p50 ÷ order create p50', payFlow.p50 / createOnly.p50, 'ratio');
}
