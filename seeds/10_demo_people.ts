import type { Knex } from 'knex';
import { hashPassword } from '../server/lib/passwords.ts';
import type { SeedContext } from '../server/db/seed.ts';
import { DEMO_SALES, DEMO_SHOPPER } from './data/demo-logins.ts';

/**
 * Demo people besides the business accounts (see 10_demo_outlets.ts): the sales user and a
 * shopper with settings. Each is inserted only when its natural keys are free.
 */
export async function seed(db: Knex, ctx: SeedContext): Promise<void> {
  if (!ctx.demo) return;

  const sales = await db('sales_staff').whereRaw('lower(username) = lower(?)', [DEMO_SALES.username]).first('id');
  if (!sales) {
    await db('sales_staff').insert({
      username: DEMO_SALES.username,
      name: DEMO_SALES.name,
      passwordHash: await hashPassword(DEMO_SALES.password),
    });
    ctx.log(`demo sales user: ${DEMO_SALES.username}`);
  }

  if (!ctx.hashPhone) {
    ctx.log('demo shopper: skipped (no phone hash function given)');
    return;
  }
  const phoneHash = ctx.hashPhone(DEMO_SHOPPER.phoneNumber);
  const taken = await db('consumers')
    .where('phoneHash', phoneHash)
    .orWhere('phoneNumber', DEMO_SHOPPER.phoneNumber)
    .orWhere('referralCode', DEMO_SHOPPER.referralCode)
    .first('id');
  if (taken) return;
  const [consumer] = (await db('consumers')
    .insert({
      phoneNumber: DEMO_SHOPPER.phoneNumber,
      phoneHash,
      name: DEMO_SHOPPER.name,
      email: DEMO_SHOPPER.email,
      referralCode: DEMO_SHOPPER.referralCode,
    })
    .returning(['id'])) as { id: number }[];
  await db('consumer_settings').insert({ consumerId: consumer!.id }).onConflict('consumerId').ignore();
  ctx.log(`demo shopper: ${DEMO_SHOPPER.phoneNumber}`);
}
