import { parseEnv } from '../env.ts';
import { openDatabase, withoutDeadline } from '../db/knex.ts';
import { reconcileMoney } from '../modules/settlements/reconcile.ts';

/**
 * `npm run reconcile [-- --from=YYYY-MM-DD] [--to=YYYY-MM-DD]`: checks, on DATABASE_URL (or the embedded
 * database), that for every outlet and day the revenue payout, the settlement payout and the Route
 * transfers − reversals agree to the paisa, and that every paid order has the rows of one capture
 * (server/modules/settlements/reconcile.ts). Prints every difference; exit code 0 only when there is none.
 */
const arg = (name: string) => process.argv.slice(2).find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const env = parseEnv(process.env);
const opened = openDatabase(env);
const rupees = (paise: number | null) => (paise === null ? '—' : `₹${(paise / 100).toFixed(2)}`);
try {
  const report = await withoutDeadline(opened, (db) => reconcileMoney(db, env, { from: arg('from'), to: arg('to') }));
  for (const d of report.differences) {
    process.stdout.write(
      `DIFFERENCE outlet ${d.outletId} ${d.day}: revenue payout ${rupees(d.revenuePayoutPaise)}, settlement payout ${rupees(d.settlementPayoutPaise)}` +
        ` (statement ${rupees(d.statementPayoutPaise)}), Route part ${rupees(d.routedPaise)} vs transfers ${rupees(d.transfersPaise)} − reversals ${rupees(d.reversalsPaise)}\n`,
    );
  }
  for (const p of report.captureProblems) process.stdout.write(`CAPTURE order ${p.orderId}: ${JSON.stringify(p)}\n`);
  process.stdout.write(
    `reconcile ${report.ok ? 'OK' : 'FAILED'}: ${report.days} outlet-days, ${report.differences.length} differences; ${report.orders} paid orders, ${report.captureProblems.length} capture problems\n`,
  );
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await opened.destroy();
}
