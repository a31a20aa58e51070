import type { Page } from '@playwright/test';
import { createAccount, expect, test } from './fixtures.ts';

/**
 * Screenshots of every screen of this issue at a desktop and a phone width, for a person to look
 * at (run with SHOTS_DIR=/tmp/shots). Skipped in normal runs: it asserts nothing new.
 */
test.skip(!process.env.SHOTS_DIR, 'set SHOTS_DIR to take screenshots');

const WIDTHS = { desktop: 1366, phone: 390 } as const;

for (const [device, width] of Object.entries(WIDTHS)) {
  test(`screens at ${device} width`, async ({ page, loginAs, request }) => {
    await page.setViewportSize({ width, height: device === 'phone' ? 844 : 900 });
    const shot = async (name: string) => {
      await page.waitForTimeout(350); // let dialogs and toasts finish fading in
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/${device}-${name}.png`, fullPage: true });
    };
    const open = async (path: string, name: string, ready: (p: Page) => Promise<void>) => {
      await page.goto(path);
      await ready(page);
      await shot(name);
    };

    await open('/auth/login', 'login', (p) => expect(p.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible());
    await open('/no/such/page', '404', (p) => expect(p.getByText('Page not found')).toBeVisible());
    await open('/unauthorized', '401', (p) => expect(p.getByText('Unauthorized')).toBeVisible());

    await createAccount(request, 'staff', 'Grace Hopper');
    await loginAs('super_admin');
    await expect(page.getByText('Total Users')).toBeVisible();
    await shot('dashboard');
    if (device === 'phone') {
      await page.getByRole('button', { name: 'Open sidebar' }).click();
      await shot('sidebar');
      await page.getByRole('button', { name: 'Close sidebar' }).click();
    }
    await page.getByRole('button', { name: /open user menu/i }).click();
    await shot('user-menu');
    await page.keyboard.press('Escape');

    await open('/dashboard/users', 'users', (p) => expect(p.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible());
    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await shot('users-add-invalid');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Edit/ }).first().click();
    await shot('users-edit');
    await page.keyboard.press('Escape');

    await open('/dashboard/logs', 'logs', (p) => expect(p.getByRole('table', { name: 'Logs' }).getByRole('row').nth(1)).toBeVisible());
    await page.getByRole('button', { name: 'Clear' }).click();
    await shot('logs-confirm');
    await page.keyboard.press('Escape');

    await open('/dashboard/jotforms', 'jotforms', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible());
    await open('/dashboard/configurations', 'configurations', (p) => expect(p.getByRole('link', { name: 'Field Mapping' })).toBeVisible());
  });
}
