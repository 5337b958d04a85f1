import { DEMO_SHOPPER } from '../../seeds/data/demo-logins.ts';
import { REFERRAL_REWARDS } from '../../server/modules/referrals/schema.ts';
import { expect, freshPhoneNumber, signInShopper, test, waitForOtp } from '../fixtures.ts';

test('a friend signs up from a referral link; the referrer gains Golden Keys', async ({ page, browser }) => {
  // The referrer's sign-in may have to wait out the 60 s resend rule if another test just texted them.
  test.setTimeout(150_000);
  const phone = freshPhoneNumber();

  await page.goto(`/signup?referal=${DEMO_SHOPPER.referralCode}`);
  const panel = page.getByRole('dialog', { name: 'Sign up' });
  const referral = panel.getByLabel(/Referral code/);
  await expect(referral).toHaveValue(DEMO_SHOPPER.referralCode);
  await expect(referral).toHaveAttribute('readonly', '');
  await expect(panel.getByRole('button', { name: 'Have a referral code?' })).toHaveCount(0);

  await panel.getByLabel('Phone Number').fill(phone);
  await panel.getByLabel('Name').fill('Diya Rao');
  await panel.getByLabel('Email').fill('diya rao@example.com'); // the space is dropped as typed
  await expect(panel.getByLabel('Email')).toHaveValue('diyarao@example.com');
  const sentAfter = Date.now();
  await panel.getByRole('button', { name: 'Get OTP' }).click();

  const otpDialog = page.getByRole('dialog', { name: 'Enter OTP' });
  await otpDialog.getByLabel('6-digit OTP').fill(await waitForOtp(phone, sentAfter));
  await otpDialog.getByRole('button', { name: 'SIGNUP' }).click();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Diya Rao', level: 1 })).toBeVisible();
  await expect(page.getByTestId('golden-keys')).toHaveText(String(REFERRAL_REWARDS.welcomeKeys));

  // The referrer, in their own browser, sees the reward on the profile and on Refer & earn.
  const referrerContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 360, height: 800 },
  });
  await signInShopper(referrerContext, { phoneNumber: DEMO_SHOPPER.phoneNumber });
  const referrer = await referrerContext.newPage();
  await referrer.goto('/profile');
  await expect(referrer.getByRole('heading', { name: DEMO_SHOPPER.name, level: 1 })).toBeVisible();
  await expect(referrer.getByTestId('golden-keys')).toHaveText(String(REFERRAL_REWARDS.referrerKeys));

  await referrer.goto('/refer-earn');
  await expect(referrer.getByTestId('referral-code')).toHaveText(DEMO_SHOPPER.referralCode);
  await expect(referrer.getByTestId('refer-golden-keys')).toHaveText(String(REFERRAL_REWARDS.referrerKeys));
  await expect(referrer.getByText('Friend joined with your code')).toBeVisible();
  await referrerContext.close();
});
