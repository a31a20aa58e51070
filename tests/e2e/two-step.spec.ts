import { Secret, TOTP } from 'otpauth';
import { createAccount, expect, test } from './fixtures.ts';

/** What the person's authenticator app shows, `stepsAhead` 30-second steps from now. */
const appCode = (key: string, stepsAhead = 0) => TOTP.generate({ secret: Secret.fromBase32(key.replace(/\s+/g, '')), timestamp: Date.now() + stepsAhead * 30_000 });

test('two-step verification: set up on My account with the QR code and key, then a password sign-in asks for the code', async ({ page, request }, testInfo) => {
  // Set-up, three sign-ins and two sign-outs in one story.
  test.slow();
  const account = await createAccount(request, 'staff', 'Grace Hopper');
  await page.goto('/auth/login');
  await page.getByLabel(/email/i).fill(account.email);
  await page.getByLabel(/password/i).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');

  await page.goto('/dashboard/account');
  const section = page.getByRole('region', { name: 'Two-step verification' });
  await expect(section).toContainText('Off');
  await section.getByRole('button', { name: 'Set up two-step verification' }).click();
  // A session alone cannot enrol an app: the current password first.
  await expect(section.getByLabel('Secret key')).toHaveCount(0);
  await section.getByLabel('Current password').fill('not my password');
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(section.getByText('Your password is not correct.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('my-account-set-up-password.png'), fullPage: true });
  await section.getByLabel('Current password').fill(account.password);
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' }).locator('path')).toHaveCount(1);
  const key = await section.getByLabel('Secret key').innerText();
  expect(key).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  await page.screenshot({ path: testInfo.outputPath('my-account-set-up.png'), fullPage: true });

  await section.getByLabel('Code from the app').fill('000000');
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByText('That code is not correct. Check the code and try again.')).toBeVisible();
  const setUpCode = appCode(key);
  await section.getByLabel('Code from the app').fill(setUpCode);
  await section.getByRole('button', { name: 'Turn on' }).click();
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await page.screenshot({ path: testInfo.outputPath('my-account-recovery-codes.png'), fullPage: true });
  const recoveryCode = await codes.nth(0).innerText();
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section).toContainText('10 recovery codes left.');

  await page.getByRole('button', { name: /open user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByText('Logged Out')).toBeVisible();

  // The password alone no longer signs in: the second step asks for the app's code.
  await page.getByLabel(/email/i).fill(account.email);
  await page.getByLabel(/password/i).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('sign-in-two-step.png'), fullPage: true });
  await page.getByLabel('Verification code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not correct. Check the code and try again.');
  // The code the set-up just took, typed again within its 30 seconds: said so, and no failure counted.
  await page.getByLabel('Verification code').fill(setUpCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('This code was just used — wait for the next one.');
  await page.screenshot({ path: testInfo.outputPath('sign-in-code-just-used.png'), fullPage: true });
  // The code of the step after the one that turned it on (a code is accepted only once).
  await page.getByLabel('Verification code').fill(appCode(key, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByText('User Login successfully!')).toBeVisible();

  // A lost phone: a recovery code signs in once.
  await page.getByRole('button', { name: /open user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByLabel(/email/i).fill(account.email);
  await page.getByLabel(/password/i).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Verification code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/dashboard');
  await page.goto('/dashboard/account');
  await expect(page.getByRole('listitem').filter({ hasText: 'This device' })).toContainText('with password and recovery code');
  await expect(page.getByRole('region', { name: 'Two-step verification' })).toContainText('9 recovery codes left.');
});
