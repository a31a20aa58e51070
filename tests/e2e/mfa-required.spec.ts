import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { type Portal, freePort, signIn as adminHeaders, startPortal, waitHealthy } from '../process/portal.ts';
import { PASSWORD, expect, test } from './fixtures.ts';

// A portal of its own: MFA_REQUIRED_ROLES=admin would hold up every admin of the shared one.
let portal: Portal;
let dataDir: string;
// Playwright reads the fixtures from the first argument's destructuring: none are used here.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(180_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'qp-mfa-required-'));
  portal = startPortal(dataDir, await freePort(), { MFA_REQUIRED_ROLES: 'admin', SANDBOX_SSO: 'on' });
  await waitHealthy(portal);
});
test.afterAll(async () => {
  await portal?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('MFA_REQUIRED_ROLES: an admin without two-step verification is taken to its set-up and goes on once it is on; linked to single sign-on, the password alone still gets no session', async ({ page }, testInfo) => {
  test.slow();
  const admin = { name: 'Rita Required', email: 'rita@example.com', password: PASSWORD, role: 'admin' };
  const created = await fetch(`${portal.url}/v1/users`, { method: 'POST', headers: await adminHeaders(portal.url), body: JSON.stringify(admin) });
  expect(created.status).toBe(201);

  await page.goto(`${portal.url}/auth/login`);
  await page.getByLabel(/email/i).fill(admin.email);
  await page.getByLabel(/password/i).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The password signs in, but everything but the set-up is refused: the app goes to My account.
  await page.waitForURL('**/dashboard/account');
  const section = page.getByRole('region', { name: 'Two-step verification' });
  await expect(section.getByRole('alert')).toHaveText('Your role needs two-step verification. Set it up to continue.');
  // Nothing else is offered meanwhile: the password change and the session list come with the set-up.
  await expect(page.getByRole('region', { name: 'Sessions' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('my-account-set-up-required.png'), fullPage: true });
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await page.waitForURL('**/dashboard/account');

  await section.getByRole('button', { name: 'Set up two-step verification' }).click();
  await section.getByLabel('Current password').fill(admin.password);
  await section.getByRole('button', { name: 'Continue' }).click();
  const key = (await section.getByLabel('Secret key').innerText()).replace(/\s+/g, '');
  await section.getByLabel('Code from the app').fill(TOTP.generate({ secret: Secret.fromBase32(key) }));
  await section.getByRole('button', { name: 'Turn on' }).click();
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section).toContainText('10 recovery codes left.');
  await expect(section.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Sessions' })).toContainText('This device');

  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'rita@example.com' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('users-after-set-up.png'), fullPage: true });

  // Linked to the sandbox's demo provider from My account, with the password.
  await page.goto(`${portal.url}/dashboard/account`);
  const sso = page.getByRole('region', { name: 'Single sign-on' });
  await sso.getByRole('button', { name: 'Link single sign-on' }).click();
  await sso.getByLabel('Current password').fill(admin.password);
  await sso.getByRole('button', { name: 'Continue to sign-in service' }).click();
  await page.locator('input[name="login"]').fill(admin.email);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/dashboard/account');
  await expect(sso).toContainText('Linked');
  await page.getByRole('button', { name: /open user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();

  // The password alone: the second step, no session.
  await page.getByLabel(/email/i).fill(admin.email);
  await page.getByLabel(/password/i).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
  // No session was stored (the web app keeps it under qp.session).
  expect(await page.evaluate(() => localStorage.getItem('qp.session'))).toBeNull();
  await page.screenshot({ path: testInfo.outputPath('linked-admin-password-needs-code.png'), fullPage: true });
  await page.goto(`${portal.url}/dashboard/users`);
  await page.waitForURL('**/auth/login');

  // The provider's sign-in is a session of its own, verified there.
  await page.getByRole('link', { name: 'Continue with single sign-on' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
});

test('MFA_REQUIRED_ROLES, from outside with the sandbox provider: a linked admin who never set up the app gets no session with the password; through single sign-on it sets the app up, then the password asks for its code', async ({ page }, testInfo) => {
  test.slow();
  const admin = { name: 'Lena Linked', email: 'lena@example.com', password: PASSWORD, role: 'admin' };
  const headers = await adminHeaders(portal.url);
  const created = await fetch(`${portal.url}/v1/users`, { method: 'POST', headers, body: JSON.stringify(admin) });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  // Linked by the super_admin to the demo provider's identity (its subject is the e-mail typed there).
  const linked = await fetch(`${portal.url}/v1/users/${id}/identity`, { method: 'PUT', headers, body: JSON.stringify({ subject: admin.email }) });
  expect(linked.status).toBe(204);

  await page.goto(`${portal.url}/auth/login`);
  await page.getByLabel(/email/i).fill(admin.email);
  await page.getByLabel(/password/i).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Your account is linked to your organisation’s single sign-on, and your role needs two-step verification. Sign in with single sign-on, then set up the authenticator app on My account to sign in with your password too.');
  expect(await page.evaluate(() => localStorage.getItem('qp.session'))).toBeNull();
  await page.screenshot({ path: testInfo.outputPath('linked-admin-without-app-refused.png'), fullPage: true });

  await page.getByRole('link', { name: 'Continue with single sign-on' }).click();
  await page.locator('input[name="login"]').fill(admin.email);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/dashboard');
  await page.goto(`${portal.url}/dashboard/account`);
  const section = page.getByRole('region', { name: 'Two-step verification' });
  await section.getByRole('button', { name: 'Set up two-step verification' }).click();
  // The provider's sign-in a moment ago stands in for the password.
  await expect(section).toContainText('so your password is not needed');
  await section.getByRole('button', { name: 'Continue' }).click();
  const key = (await section.getByLabel('Secret key').innerText()).replace(/\s+/g, '');
  await section.getByLabel('Code from the app').fill(TOTP.generate({ secret: Secret.fromBase32(key) }));
  await section.getByRole('button', { name: 'Turn on' }).click();
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section).toContainText('10 recovery codes left.');
  await page.getByRole('button', { name: /open user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  // A provider session: the provider asks before ending its own, then sends the browser back.
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await page.waitForURL('**/auth/login');

  await page.getByLabel(/email/i).fill(admin.email);
  await page.getByLabel(/password/i).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('qp.session'))).toBeNull();
});
