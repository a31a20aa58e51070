import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';

// Clearing empties the one shared log: these tests run in order, and no other file reads logs.
test.describe.configure({ mode: 'serial' });

test('log entries show local time, a coloured label and a process tooltip', async ({ page, loginAs, request }) => {
  const account = await loginAs('admin');
  await request.post('/v1/auth/login', { data: { email: account.email, password: 'wrong-password' } });
  await page.goto('/dashboard/logs');
  await expect(page.getByRole('heading', { name: 'Logs' })).toBeVisible();

  const signedIn = page.getByRole('row').filter({ hasText: `User ${account.email} signed in` });
  await expect(signedIn).toBeVisible();
  await expect(signedIn.getByText('success', { exact: true })).toHaveClass(/green/);
  await expect(signedIn.getByRole('button', { name: 'Auth', exact: true })).toHaveAccessibleDescription(/^Auth: /);
  await expect(signedIn.locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} (UTC|[A-Z]{3,4}|GMT[+-][\d:]+)$/);

  const failed = page.getByRole('row').filter({ hasText: `Failed sign-in for ${account.email}` });
  await expect(failed.getByText('error', { exact: true })).toHaveClass(/red/);
});

test('Export CSV downloads logs.csv with the four headers', async ({ page, loginAs }) => {
  await loginAs('admin');
  await page.goto('/dashboard/logs');
  await expect(page.getByRole('table', { name: 'Logs' }).getByRole('row').nth(1)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('logs.csv');
  const text = await readFile((await file.path())!, 'utf8');
  expect(text.split('\r\n')[0]).toBe('Timestamp,Label,Process,Description');
  expect(text).toContain(',success,Auth,User ');
  await expect(page.getByText('CSV downloaded successfully!')).toBeVisible();
});

test('Clear asks first, clears, then stays disabled and export is refused', async ({ page, loginAs }) => {
  await loginAs('super_admin');
  await page.goto('/dashboard/logs');
  const clear = page.getByRole('button', { name: 'Clear' });
  await expect(clear).toBeEnabled();

  await clear.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('cannot be undone');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Logs' }).getByRole('row').nth(1)).not.toHaveText('There are no records to display');

  await clear.click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Logs have been cleared successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('There are no records to display')).toBeVisible();
  await expect(clear).toBeDisabled();

  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByText('No logs available to download.')).toBeVisible();
});
