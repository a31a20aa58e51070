import type { Page } from '@playwright/test';
import { createAccount, expect, test } from '../../tests/e2e/fixtures.ts';
import { shot as save } from './shot.ts';
import { SCREENS } from './widths.ts';

/** The shell, sign-in and error pages, users and logs, at 1440, 1024 and 375 px. */

for (const { device, width, height, phone } of SCREENS) {
  test(`screens at ${device} width`, async ({ page, loginAs, request }) => {
    await page.setViewportSize({ width, height });
    const shot = (name: string) => save(page, `${device}-${name}`);
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
    if (phone) {
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

    await open('/dashboard/trends', 'trends', (p) => expect(p.getByRole('figure', { name: 'Complaints per month' })).toBeVisible());
    await open('/dashboard/jotforms', 'jotforms', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible());
    await open('/dashboard/configurations', 'configurations', (p) => expect(p.getByRole('link', { name: 'Field Mapping' })).toBeVisible());
    await open('/dashboard/account', 'account', (p) => expect(p.getByRole('list', { name: 'Signed-in sessions' })).toBeVisible());
    await open('/auth/reset-password', 'reset-password', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible());
  });
}
