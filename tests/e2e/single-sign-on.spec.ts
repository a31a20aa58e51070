import type { Page } from '@playwright/test';
import { createAccount, expect, signIn, test } from './fixtures.ts';
import { openUserEdit } from './users-helpers.ts';

/** The sandbox's demo provider page (oidc-provider's own): any password for the e-mail typed. */
async function atDemoProvider(page: Page, email: string, shot?: string) {
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('anything');
  if (shot) await page.screenshot({ path: shot, fullPage: true });
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('single sign-on: refused until linked, linked from My account with the password, then the button signs in; sign out ends the provider session too', async ({ page, request }, testInfo) => {
  test.slow();
  const account = await createAccount(request, 'staff', 'Sam Single');
  await page.goto('/auth/login');
  // The password form stays as it was; the provider's button sits above it, with the demo banner.
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Demo sign-in service.');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('sign-in-with-sso.png'), fullPage: true });

  // An identity whose e-mail matches an account does not become it: it is refused, saying how to link.
  await page.getByRole('link', { name: 'Continue with single sign-on' }).click();
  await atDemoProvider(page, account.email, testInfo.outputPath('provider-sign-in.png'));
  await page.waitForURL('**/auth/login');
  await expect(page.getByRole('alert')).toHaveText(
    'Your organisation account is not linked to your Quality Portal account yet. Sign in with your password, then choose Link single sign-on on My account, or ask an administrator to link it.',
  );
  expect(page.url()).not.toContain('sso=');
  await page.screenshot({ path: testInfo.outputPath('sign-in-not-linked.png'), fullPage: true });

  await signIn(page, account);
  await page.goto('/dashboard/account');
  const section = page.getByRole('region', { name: 'Single sign-on' });
  await expect(section).toContainText('Not linked');
  await section.getByRole('button', { name: 'Link single sign-on' }).click();
  await section.getByLabel('Current password').fill('not my password');
  await section.getByRole('button', { name: 'Continue to sign-in service' }).click();
  await expect(section.getByText('Your password is not correct.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('my-account-link-password.png'), fullPage: true });
  await section.getByLabel('Current password').fill(account.password);
  await section.getByRole('button', { name: 'Continue to sign-in service' }).click();
  // Still signed in at the demo provider from the refused attempt, which agreed already: straight back.
  await page.waitForURL('**/dashboard/account');
  await expect(page.getByText('Single sign-on linked')).toBeVisible();
  await expect(section).toContainText('Linked');
  expect(page.url()).not.toContain('sso=');
  await page.screenshot({ path: testInfo.outputPath('my-account-linked.png'), fullPage: true });

  await page.getByRole('button', { name: /open user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('link', { name: 'Continue with single sign-on' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByText('User Login successfully!')).toBeVisible();
  expect(page.url()).not.toContain('sso=');
  await expect(page.getByRole('button', { name: /open user menu/i })).toContainText('Sam Single');

  await page.goto('/dashboard/account');
  await expect(page.getByRole('region', { name: 'Sessions' })).toContainText('with single sign-on');
  // The account still has its password, which the portal's own app guards: the set-up is offered, without the password so soon after the provider.
  const twoStep = page.getByRole('region', { name: 'Two-step verification' });
  await twoStep.getByRole('button', { name: 'Set up two-step verification' }).click();
  await expect(twoStep).toContainText('You signed in through your organisation’s sign-in service a moment ago, so your password is not needed.');
  await page.screenshot({ path: testInfo.outputPath('my-account-after-sso.png'), fullPage: true });
  await twoStep.getByRole('button', { name: 'Cancel' }).click();

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

test('Users → Edit: an administrator links an account by its subject at the provider, and unlinks it', async ({ page, request, loginAs }, testInfo) => {
  const staff = await createAccount(request, 'staff', 'Lin Linked');
  await loginAs('admin');
  const dialog = await openUserEdit(page, staff.email);
  // The demo provider's subject is the e-mail typed on its page.
  await dialog.getByLabel('Subject at the sign-in service').fill(staff.email);
  await dialog.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(dialog.getByText(`Linked to the identity ${staff.email}.`)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('users-edit-linked.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Unlink' }).click();
  await page.getByRole('dialog', { name: 'Unlink single sign-on?' }).getByRole('button', { name: 'Unlink' }).click();
  await expect(dialog.getByLabel('Subject at the sign-in service')).toBeVisible();
});
