import { createAccount, expect, signIn, test } from './fixtures.ts';

test('/ redirects to the login page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
});

test('signing in shows the toast and opens the dashboard', async ({ page, request }) => {
  const account = await createAccount(request, 'staff');
  await page.goto('/auth/login');
  await page.getByLabel(/email/i).fill(account.email);
  await page.getByLabel(/password/i).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('User Login successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Stored at once: a reload right after signing in keeps the session.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('a wrong password shows the message under the fields', async ({ page, request }) => {
  const account = await createAccount(request, 'member');
  await page.goto('/auth/login');
  await page.getByLabel(/email/i).fill(account.email);
  await page.getByLabel(/password/i).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('the login form checks the email format and a required password', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel(/email/i).fill('not-an-email');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await expect(page.getByText('Password is required.')).toBeVisible();
});

test('a signed-in user opening the login page goes to the dashboard', async ({ page, loginAs }) => {
  await loginAs('member');
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a guarded page without a token sends to the login page', async ({ page }) => {
  await page.goto('/dashboard/users');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('staff opening the Users page land on /unauthorized', async ({ page, loginAs }) => {
  await loginAs('staff');
  await page.goto('/dashboard/users');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible();
  await expect(page.getByText('You are not Authorized to access this page.')).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('members cannot open logs, configurations or the form editor', async ({ page, loginAs }) => {
  await loginAs('member');
  for (const path of ['/dashboard/logs', '/dashboard/configurations/email-config', '/dashboard/jotforms/edit']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/unauthorized$/);
  }
  await page.goto('/dashboard/jotforms');
  await expect(page.getByRole('heading', { name: 'Form: Complaint Form - BTS' })).toBeVisible();
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('Sorry, we couldn’t find the page you’re looking for.')).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('reset-password says who resets passwords and leads back to sign-in; email-confirmation is a heading', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/auth\/reset-password$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset Password');
  await expect(page.getByText('Passwords are reset by an administrator of the portal: ask one to set a new password for you.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto('/auth/email-confirmation');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Email Confirmation');
});

test('five wrong passwords lock that account here for 15 minutes, with the message under the fields', async ({ page, request }) => {
  const account = await createAccount(request, 'staff');
  await page.goto('/auth/login');
  await page.getByLabel(/email/i).fill(account.email);
  for (let i = 0; i < 5; i++) {
    await page.getByLabel(/password/i).fill(`wrong-password-${i}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
  }
  await page.getByLabel(/password/i).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Too many failed sign-in attempts. Please wait 15 minutes and try again.');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('an idle session ends: the app returns to sign-in and says why', async ({ page, loginAs }) => {
  // The browser-test server ends sessions after 1 idle minute; the app checks every 15 seconds.
  test.setTimeout(150_000);
  await loginAs('member');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 120_000 });
  await expect(page.getByRole('status')).toHaveText('Your session ended after 1 minute without activity. Please sign in again.');
  expect(await page.evaluate(() => localStorage.getItem('qp.session'))).toBeNull();
});

test('signing out shows the toast, goes to the login page and ends the session', async ({ page, request }) => {
  const account = await createAccount(request, 'admin', 'Grace Hopper');
  await signIn(page, account);
  await page.getByRole('button', { name: /open user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByText('Logged Out')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('qp.session'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\/login$/);
});
