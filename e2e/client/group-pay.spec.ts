import type { Browser, Page } from '@playwright/test';
import { expect, freshPhoneNumber, signInOwner, signInShopper, test, waitForOtp } from '../fixtures.ts';
import { shoot } from '../chromium.ts';
import { hi } from '../hindi.ts';

/**
 * Group pay (issue 32), four people at once: the host splits ₹2,400 four ways at the demo outlet and
 * pays their share; two friends open the group link on their own phones, sign in with an OTP in the
 * panel (back on the group page after it) and pay a share each on the sandbox; the owner's counter,
 * open all along, shows "3 of 4 paid" by itself; the host pays the rest and the counter and the group
 * page say the bill is paid in full.
 *
 * With SHOTS_DIR set, saves the split page, the group page (host and friend, English and Hindi) and the
 * counter at 360×800 and 1280×800.
 */

const PHONE = { width: 360, height: 800 };

/** Pays the order the page is on (the sandbox's /payment-demo) and waits for the receipt. */
async function payOnSandbox(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/payment-demo\?orderId=/);
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
}

/** A friend on their own phone: opens the link signed out, signs up with an OTP in the panel, pays share `n`. */
async function friendPays(browser: Browser, groupPath: string, name: string, n: number, shot?: string): Promise<void> {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.goto(groupPath);
  await expect(page.getByTestId('group-progress')).toBeVisible();
  // Signed out: the group is visible, paying asks for a login.
  await page.getByRole('button', { name: 'Log in to pay' }).click();
  const login = page.getByRole('dialog', { name: 'Login' });
  await expect(login).toBeVisible();
  await login.getByRole('link', { name: 'Create an account' }).click();
  const panel = page.getByRole('dialog', { name: 'Sign up' });
  const phone = freshPhoneNumber();
  await panel.getByLabel('Phone Number').fill(phone);
  await panel.getByLabel('Name').fill(name);
  await panel.getByLabel('Email').fill(`${name.toLowerCase().replace(/\W+/g, '.')}.${phone}@example.com`);
  const sentAfter = Date.now();
  await panel.getByRole('button', { name: 'Get OTP' }).click();
  const otp = page.getByRole('dialog', { name: 'Enter OTP' });
  await otp.getByLabel('6-digit OTP').fill(await waitForOtp(phone, sentAfter));
  await otp.getByRole('button', { name: 'SIGNUP' }).click();
  await expect(panel).toBeHidden();
  // Back on the same group page, now signed in.
  await expect(page).toHaveURL(new RegExp(`${groupPath}$`));
  const share = page.getByTestId(`share-${n}`);
  await expect(share.getByRole('button', { name: 'Pay this share' })).toBeVisible();
  if (shot) await shootPhone(page, shot);
  await share.getByRole('button', { name: 'Pay this share' }).click();
  await payOnSandbox(page);
  await context.close();
}

/** `shoot` leaves the page at 1280 px: back to the phone afterwards. */
async function shootPhone(page: Page, name: string): Promise<void> {
  await shoot(page, name);
  await page.setViewportSize(PHONE);
}

test('the host splits ₹2,400 four ways → two friends pay from their phones → the counter shows 3 of 4 live → the host pays the rest → paid in full', async ({ browser }) => {
  test.setTimeout(240_000);

  // The owner's counter, open on a laptop all along.
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const { outletId } = await signInOwner(ownerContext);
  const owner = await ownerContext.newPage();
  await owner.goto(`/for-bussiness/dashboard/payments/${outletId}`);
  await expect(owner.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expect(owner.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();

  // The host, on a phone: the pay page → Split with friends → 4 people.
  const hostContext = await browser.newContext({ viewport: PHONE });
  await signInShopper(hostContext, { name: 'Riya Sharma' });
  const host = await hostContext.newPage();
  await host.goto(`/enter-amount/${outletId}`);
  await host.getByLabel('Enter the final bill amount').fill('2400');
  await host.getByRole('link', { name: 'Split with friends' }).click();
  await expect(host).toHaveURL(new RegExp(`/group/new\\?outletId=${outletId}&amount=2400$`));
  await expect(host.getByLabel('The whole bill')).toHaveValue('2,400');
  const more = host.getByRole('button', { name: 'One person more' });
  await more.click();
  await more.click();
  await expect(host.getByTestId('people-count')).toHaveText('4');
  const preview = host.getByTestId('split-preview');
  await expect(preview.getByRole('listitem')).toHaveCount(4);
  await expect(preview).toContainText('Bill amount₹2,400.00');
  await shootPhone(host, 'split-page');

  // The same page in Hindi, then back.
  await host.getByRole('button', { name: 'Change language to हिन्दी' }).click();
  await expect(host.getByText(hi('Split with friends'))).toBeVisible();
  await expect(host.getByTestId('split-preview').getByRole('listitem')).toHaveCount(4);
  await shootPhone(host, 'split-page-hi');
  await host.getByRole('button', { name: hi('Change language to {name}', { name: 'English' }) }).click();
  await expect(host.getByText('Split with friends')).toBeVisible();

  await host.getByRole('button', { name: 'Create group bill' }).click();
  await expect(host).toHaveURL(/\/group\/[A-Z2-9]{6}$/);
  const code = (await host.getByTestId('group-code').textContent())!.trim();
  const groupPath = `/group/${code}`;
  await expect(host.getByTestId('group-progress')).toContainText('0 of 4 paid');
  await expect(host.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(host.getByRole('img', { name: "QR code of the group bill's link" })).toBeVisible();
  const whatsapp = host.getByRole('link', { name: 'Share on WhatsApp' });
  expect(decodeURIComponent((await whatsapp.getAttribute('href'))!)).toContain(groupPath);
  await shootPhone(host, 'group-host');
  // Edit opens the split as it was made; custom parts start as each share's part of the bill.
  await host.getByRole('button', { name: 'Edit' }).click();
  await expect(host.getByRole('radio', { name: 'Split equally' })).toBeChecked();
  await host.getByRole('radio', { name: 'Custom amounts' }).click();
  await expect(host.getByLabel('You', { exact: true })).toHaveValue('600');
  await shootPhone(host, 'group-host-edit');
  await host.getByRole('button', { name: 'Change language to हिन्दी' }).click();
  await expect(host.getByText(hi('Shares'), { exact: true })).toBeVisible();
  await shootPhone(host, 'group-host-edit-hi');
  await host.getByRole('button', { name: hi('Change language to {name}', { name: 'English' }) }).click();
  await expect(host.getByText('Shares', { exact: true })).toBeVisible();
  await host.getByRole('button', { name: 'Edit' }).click();
  await expect(host.getByRole('button', { name: 'Save the split' })).toBeHidden();

  // The host pays their own share.
  await host.getByTestId('share-1').getByRole('button', { name: 'Pay this share' }).click();
  await payOnSandbox(host);
  const group = owner.getByTestId('counter-group').first();
  await expect(group).toContainText(`Group bill ${code} · 1 of 4 paid`);

  // Two friends, each on their own phone.
  await friendPays(browser, groupPath, 'Aman Verma', 2, 'group-friend');
  await friendPays(browser, groupPath, 'Neha Kapoor', 3);

  // The counter, never reloaded, says 3 of 4 on every row of the group.
  await expect(group).toContainText(`Group bill ${code} · 3 of 4 paid · ₹`);
  const groupRows = owner.getByRole('row').filter({ hasText: `Group bill ${code}` });
  await expect(groupRows).toHaveCount(3);
  for (const row of await groupRows.all()) await expect(row).toContainText('3 of 4 paid');
  await shoot(owner, 'counter-3-of-4');

  // The host's page shows who paid, then the host pays the rest.
  await host.goto(groupPath);
  await expect(host.getByTestId('group-progress')).toContainText('3 of 4 paid');
  await expect(host.getByTestId('share-1')).toContainText('Your share');
  await expect(host.getByTestId('share-1')).toContainText('You paid');
  await expect(host.getByTestId('share-2')).toContainText('Paid by Aman');
  await expect(host.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await host.getByRole('button', { name: /^Pay the rest \(₹/ }).click();
  await payOnSandbox(host);
  await host.goto(groupPath);
  await expect(host.getByTestId('group-paid')).toHaveText('Bill paid in full');
  await shootPhone(host, 'group-paid');

  await expect(owner.getByTestId('counter-group').first()).toContainText(`Group bill ${code} · paid in full`);
  await shoot(owner, 'counter-paid');

  await hostContext.close();
  await ownerContext.close();
});
