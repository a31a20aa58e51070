import { createAccount, expect, test } from './fixtures.ts';

test('single sign-on through the sandbox demo provider: button, the provider sign-in, back signed in; sign out ends the provider session too', async ({ page, request }, testInfo) => {
  test.slow();
  const account = await createAccount(request, 'staff', 'Sam Single');
  await page.goto('/auth/login');
  // The password form stays as it was; the provider's button sits above it, with the demo banner.
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Demo sign-in service.');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('sign-in-with-sso.png'), fullPage: true });

  await page.getByRole('link', { name: 'Continue with single sign-on' }).click();
  // The provider's own sign-in page (oidc-provider's): any password for a portal user's e-mail.
  await page.locator('input[name="login"]').fill(account.email);
  await page.locator('input[name="password"]').fill('anything');
  await page.screenshot({ path: testInfo.outputPath('provider-sign-in.png'), fullPage: true });
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.waitForURL('**/dashboard');
  await expect(page.getByText('User Login successfully!')).toBeVisible();
  // No code or token is left in the address.
  expect(page.url()).not.toContain('sso=');
  await expect(page.getByRole('button', { name: /open user menu/i })).toContainText('Sam Single');

  await page.goto('/dashboard/account');
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await expect(sessions).toContainText('with single sign-on');
  await expect(page.getByRole('region', { name: 'Two-step verification' })).toContainText('You sign in through your organisation’s sign-in service, which keeps your second factor.');
  await page.screenshot({ path: testInfo.outputPath('my-account-after-sso.png'), fullPage: true });

  await page.getByRole('button', { name: /open user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  // The provider asks before ending its own session, then sends the browser back to the sign-in page.
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await page.waitForURL('**/auth/login');
  await expect(page.getByText('Logged Out')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('back-after-sign-out.png'), fullPage: true });

  // Signed out at the provider too: the button leads to its sign-in page again.
  await page.getByRole('link', { name: 'Continue with single sign-on' }).click();
  await expect(page.locator('input[name="login"]')).toBeVisible();
});
