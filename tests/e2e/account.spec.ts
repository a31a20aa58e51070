import type { Browser, Page } from '@playwright/test';
import { type Account, createAccount, expect, signIn, test } from './fixtures.ts';

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** The same person in another browser (own cookies and storage), signed in. */
async function elsewhere(browser: Browser, baseURL: string | undefined, account: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

async function openMyAccount(page: Page): Promise<void> {
  await page.getByRole('button', { name: /open user menu/i }).click();
  await page.getByRole('menuitem', { name: 'My account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
}

test('My account opens from the avatar menu and shows name, email, role and last sign-in', async ({ page, request }) => {
  const account = await createAccount(request, 'member', 'Rosalind Franklin');
  await signIn(page, account);
  await openMyAccount(page);
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile).toContainText('Rosalind Franklin');
  await expect(profile).toContainText(account.email);
  await expect(profile).toContainText('Member');
  await expect(profile).toContainText(/Last sign-in\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2} (UTC|[A-Z]{3,4}|GMT[+-][\d:]+)/);
  await expect(page.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
});

test('changing the password: wrong current one refused, then changed; other sessions end, this one goes on', async ({ page, browser, baseURL, request }) => {
  const account = await createAccount(request, 'staff');
  const other = await elsewhere(browser, baseURL, account);
  await signIn(page, account);
  await openMyAccount(page);
  const form = page.getByRole('region', { name: 'Change password' });

  await form.getByLabel('Current password').fill('not-my-password-1');
  await form.getByLabel(/^New password/).fill('Fresh9Password');
  await form.getByLabel('Confirm new password').fill('Fresh9Password');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Your current password is not correct.')).toBeVisible();

  await form.getByLabel('Current password').fill(account.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Your other sessions were signed out.')).toBeVisible();
  await expect(form.getByLabel('Current password')).toHaveValue('');
  await expect(page.getByText('You are signed in only here.')).toBeVisible();

  // The other browser's next request finds its session over and goes to sign-in, saying so.
  await other.goto('/dashboard/jotforms');
  await expect(other).toHaveURL(/\/auth\/login$/);
  await expect(other.getByRole('status').filter({ hasText: SESSION_ENDED })).toBeVisible();
  await other.context().close();

  // This browser carries on; the new password signs in, the old one no longer.
  await page.goto('/dashboard/jotforms');
  await expect(page.getByRole('heading', { name: 'Form: Complaint Form - BTS' })).toBeVisible();
  const oldOne = await request.post('/v1/auth/login', { data: { email: account.email, password: account.password } });
  expect(oldOne.status()).toBe(401);
  const newOne = await request.post('/v1/auth/login', { data: { email: account.email, password: 'Fresh9Password' } });
  expect(newOne.status()).toBe(200);
});

test('"Sign out other sessions" after a confirmation; one session can be signed out on its own', async ({ page, browser, baseURL, request }) => {
  const account = await createAccount(request, 'admin');
  const second = await elsewhere(browser, baseURL, account);
  const third = await elsewhere(browser, baseURL, account);
  await signIn(page, account);
  await openMyAccount(page);
  const sessions = page.getByRole('list', { name: 'Signed-in sessions' }).getByRole('listitem');
  await expect(sessions).toHaveCount(3);
  await expect(page.getByText('Signed in on 2 other devices or browsers.')).toBeVisible();

  await sessions.filter({ hasNotText: 'This device' }).first().getByRole('button', { name: /^Sign out/ }).click();
  await expect(page.getByText('Session signed out')).toBeVisible();
  await expect(sessions).toHaveCount(2);

  await page.getByRole('button', { name: 'Sign out other sessions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out other sessions?' });
  await dialog.getByRole('button', { name: 'Sign out others' }).click();
  await expect(page.getByText('Other sessions signed out')).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Sign out other sessions' })).toBeDisabled();

  for (const gone of [second, third]) {
    await gone.reload();
    await expect(gone).toHaveURL(/\/auth\/login$/);
    await gone.context().close();
  }
});
