import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { PASSWORD, createAccount, expect, test } from './fixtures.ts';

/** Users sorted by name, 30 a page: names starting 'AAA' are on the first page. */
async function openUsersByName(page: Page): Promise<void> {
  await page.goto('/dashboard/users');
  await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
  await page.getByLabel('Rows per page:').selectOption('30');
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test.beforeEach(async ({ loginAs }) => {
  await loginAs('admin');
});

test('the Users page shows its heading, text and table', async ({ page }) => {
  await page.goto('/dashboard/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByText('A list of all the users - names, emails, and roles.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  for (const name of ['Name', 'Email', 'Role', 'Status', 'Last login']) await expect(page.getByRole('columnheader', { name })).toBeVisible();
});

test('Add user validates, creates, closes and resets the form, and reloads the list', async ({ page }) => {
  const name = `AAA New ${randomUUID().slice(0, 6)}`;
  const email = `new-${randomUUID().slice(0, 8)}@example.com`;
  await openUsersByName(page);
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('option', { name: '-- Select Role --' })).toBeDisabled();
  await expect(dialog.getByLabel('Role').locator('option')).toHaveText(['-- Select Role --', 'Admin', 'Staff', 'Member']);

  await dialog.getByRole('button', { name: 'Save' }).click();
  for (const text of ['Name is required.', 'Email is required.', 'Password is required.', 'Role is required.']) await expect(dialog.getByText(text)).toBeVisible();
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a valid email address.')).toBeVisible();

  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByLabel('Role').selectOption('staff');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User Created!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, email)).toContainText(name);
  await expect(row(page, email)).toContainText('Staff');

  await page.getByRole('button', { name: 'Add user' }).click();
  await expect(dialog.getByLabel('Name')).toHaveValue('');
  await expect(dialog.getByLabel('Email')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test("a duplicate email shows the server's message and keeps the dialog open", async ({ page, request }) => {
  const existing = await createAccount(request, 'member');
  await page.goto('/dashboard/users');
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Name').fill('Someone Else');
  await dialog.getByLabel('Email').fill(existing.email);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByLabel('Role').selectOption('member');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('A user with this email already exists.')).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('a row opens the edit modal; saving sends the change and toasts', async ({ page, request }) => {
  const account = await createAccount(request, 'member', `AAA Edit ${randomUUID().slice(0, 6)}`);
  const renamed = `${account.name} Renamed`;
  await openUsersByName(page);
  await row(page, account.email).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(dialog.getByLabel('Name')).toHaveValue(account.name);
  await expect(dialog.getByLabel('Password')).toHaveValue('');
  await expect(dialog.getByLabel('Role').locator('option:not([disabled])')).toHaveText(['Admin', 'Staff', 'Member']);

  const patch = page.waitForRequest((r) => r.method() === 'PATCH' && /\/v1\/users\/[^/]+$/.test(r.url()));
  await dialog.getByLabel('Name').fill(renamed);
  await dialog.getByLabel('Role').selectOption('staff');
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await patch).postDataJSON()).toEqual({ name: renamed, role: 'staff' });
  await expect(page.getByText('User Updated!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, account.email)).toContainText(renamed);
  await expect(row(page, account.email)).toContainText('Staff');
});

test('the edit modal restricts and unrestricts a user', async ({ page, request }) => {
  const account = await createAccount(request, 'staff', `AAA Restrict ${randomUUID().slice(0, 6)}`);
  await openUsersByName(page);
  await row(page, account.email).getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  const toggle = dialog.getByRole('switch', { name: 'Restrict access' });
  await expect(toggle).not.toBeChecked();

  await toggle.click();
  await expect(page.getByText('User Restricted')).toBeVisible();
  await expect(toggle).toBeChecked();
  await expect(row(page, account.email)).toContainText('Restricted');

  await toggle.click();
  await expect(page.getByText('User Unrestricted')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(row(page, account.email)).toContainText('Active');
});

test('super_admin rows cannot be opened for edit', async ({ page }) => {
  await openUsersByName(page);
  const superAdmin = row(page, E2E_ADMIN.email);
  await expect(superAdmin).toContainText('Super admin');
  await expect(superAdmin.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await superAdmin.click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the page, rows per page and sort survive a reload (localStorage)', async ({ page, request, adminApi }) => {
  const { totalResults } = (await adminApi('/v1/users?limit=1')) as { totalResults: number };
  for (let i = totalResults; i < 16; i++) await createAccount(request, 'member');

  await page.goto('/dashboard/users');
  const email = page.getByRole('columnheader', { name: 'Email' });
  await email.getByRole('button').click();
  await email.getByRole('button').click();
  await expect(email).toHaveAttribute('aria-sort', 'descending');
  await page.getByLabel('Rows per page:').selectOption('15');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText(/^16-\d+ of \d+$/)).toBeVisible();

  await page.reload();
  await expect(page.getByText(/^16-\d+ of \d+$/)).toBeVisible();
  await expect(page.getByLabel('Rows per page:')).toHaveValue('15');
  await expect(page.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'descending');
  const stored = await page.evaluate(() => ['users.lastPage', 'users.rowsPerPage', 'users.sortField', 'users.sortOrder'].map((k) => localStorage.getItem(k)));
  expect(stored).toEqual(['2', '15', '"email"', '"desc"']);
});
