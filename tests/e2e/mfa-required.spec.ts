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
  portal = startPortal(dataDir, await freePort(), { MFA_REQUIRED_ROLES: 'admin' });
  await waitHealthy(portal);
});
test.afterAll(async () => {
  await portal?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('MFA_REQUIRED_ROLES: an admin without two-step verification is taken to its set-up, and goes on once it is on', async ({ page }, testInfo) => {
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
  await page.getByRole('link', { name: 'Users' }).click();
  await page.waitForURL('**/dashboard/account');

  await section.getByRole('button', { name: 'Set up two-step verification' }).click();
  const key = (await section.getByLabel('Secret key').innerText()).replace(/\s+/g, '');
  await section.getByLabel('Code from the app').fill(TOTP.generate({ secret: Secret.fromBase32(key) }));
  await section.getByRole('button', { name: 'Turn on' }).click();
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section).toContainText('10 recovery codes left.');
  await expect(section.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Sessions' })).toContainText('This device');

  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'rita@example.com' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('users-after-set-up.png'), fullPage: true });
});
