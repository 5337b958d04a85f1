import { APP_REQUEST_HEADER } from '../../server/modules/sessions/schema.ts';
import { expect, signInOwner, test } from '../fixtures.ts';
import { hi } from '../hindi.ts';

/**
 * One meaning of net (issue 29): the Revenue screen's "Net to you" is what the settlement pays, to the
 * paisa, on the demo owner's seeded days (seeds/20_demo_payments.ts). SHOTS_DIR=… saves the Revenue
 * screen at 360 and 1280 px wide, in English and in Hindi.
 */

test("Revenue's Net to you is the settlement's payout, in English and Hindi", async ({ page }) => {
  const { outletId } = await signInOwner(page.context());
  const headers = { [APP_REQUEST_HEADER]: '1' };
  const revenue = (await (await page.request.post('/api/business/dashboard/revenue', { data: { outletId, offSet: 1, limit: 20 }, headers })).json()) as {
    revenue: { data: { NET_PAISE: number; FEE_GST_PAISE: number; PAYOUT_PAISE: number }[]; totals: { payoutPaise: number; feeGstPaise: number; netPaise: number } };
  };
  const settlement = (await (await page.request.post('/api/business/dashboard/settlement', { data: { outletId, offSet: 1, limit: 20 }, headers })).json()) as {
    settlements: { data: { PAYOUT_PAISE: number }[] };
  };
  const payout = revenue.revenue.totals.payoutPaise;
  expect(payout).toBeGreaterThan(0);
  expect(settlement.settlements.data.reduce((sum, s) => sum + s.PAYOUT_PAISE, 0)).toBe(payout);
  expect(revenue.revenue.totals.netPaise - revenue.revenue.totals.feeGstPaise).toBe(payout);
  for (const day of revenue.revenue.data) expect(day.NET_PAISE - day.FEE_GST_PAISE).toBe(day.PAYOUT_PAISE);

  const shots = process.env.SHOTS_DIR;
  for (const language of ['en', 'hi'] as const) {
    const t = (english: string) => (language === 'hi' ? hi(english) : english);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/for-bussiness/dashboard/revenue/${outletId}`);
      if (language === 'hi' && width === 360) {
        await page.getByRole('button', { name: 'Change language to हिन्दी' }).click();
      }
      await expect(page.getByRole('heading', { level: 1, name: t('Revenue') })).toBeVisible();
      const net = page.locator('.stat--accent');
      await expect(net.locator('.stat__label')).toHaveText(t('Net to you'));
      // ₹ and the digits of the payout in paise (the separators are the language's).
      expect((await net.locator('.stat__value').innerText()).replace(/\D/g, '')).toBe(String(payout));
      await expect(page.getByRole('img', { name: t('Revenue by day') })).toBeVisible();
      if (shots) await page.screenshot({ path: `${shots}/revenue-${language}-${width}.png`, fullPage: true });
    }
  }
  // Back to English for the journeys after this one (the choice is kept on the account).
  await page.getByRole('button', { name: hi('Change language to {name}', { name: 'English' }) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Revenue' })).toBeVisible();
});
