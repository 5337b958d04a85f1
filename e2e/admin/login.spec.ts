import { expect, expectErrors, test } from '../fixtures.ts';

/** Signed out, the back office asks who is signed in (`/me`) and is told nobody: 401. */
const SIGNED_OUT = { status: 401, url: /\/api\/admin\/auth\/me$/ };
import { DEMO_SALES } from '../../seeds/data/demo-logins.ts';

test('sales staff see the back-office login, sign in and see the categories', async ({ page }) => {
  expectErrors(page, [SIGNED_OUT, { status: 401, url: /\/api\/admin\/auth\/login$/ }]);
  await page.goto('./');
  await expect(page.getByRole('textbox', { name: 'Username' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Password' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Username' }).fill(DEMO_SALES.username);
  await page.getByRole('textbox', { name: 'Password' }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid username or password')).toBeVisible();

  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_SALES.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('menuitem', { name: /Categories/ }).click();
  await expect(page.getByRole('cell', { name: 'Restaurants', exact: true })).toBeVisible();
});

test('the staff session is an HttpOnly cookie page scripts cannot read; it survives a reload and logout ends it', async ({ page, context }) => {
  expectErrors(page, [SIGNED_OUT]);
  await page.goto('./');
  await page.getByRole('textbox', { name: 'Username' }).fill(DEMO_SALES.username);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_SALES.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('menuitem', { name: /Categories/ })).toBeVisible();

  const session = (await context.cookies()).find((c) => c.name === 'bachat_sales_session');
  expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/admin' });
  // Nothing of it is visible to the page: not in document.cookie, not in web storage.
  const visible = await page.evaluate(() => ({
    cookie: document.cookie,
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
  }));
  for (const value of Object.values(visible)) expect(value).not.toContain(session!.value);

  await page.reload();
  await page.getByRole('menuitem', { name: /Categories/ }).click();
  await expect(page.getByRole('cell', { name: 'Restaurants', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'bachat_sales_session')).toBeUndefined();
  // The old token no longer opens anything.
  const me = await page.request.get('/api/admin/auth/me', { headers: { Cookie: `bachat_sales_session=${session!.value}` } });
  expect(me.status()).toBe(401);
});
