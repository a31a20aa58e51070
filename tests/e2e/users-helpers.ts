import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * The Users page's row of `email`, wherever paging puts it: the suite creates accounts as it runs,
 * so a row found on the first page in one run can be on the third in the next.
 */
export async function userRow(page: Page, email: string): Promise<Locator> {
  await page.goto('/dashboard/users');
  const table = page.getByRole('table', { name: 'Users' });
  await page.getByLabel('Rows per page:').selectOption('30');
  const row = table.getByRole('row').filter({ hasText: email });
  const next = page.getByRole('button', { name: 'Next page' });
  for (;;) {
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    if ((await row.count()) > 0 || (await next.isDisabled())) return row;
    const first = await table.getByRole('row').nth(1).textContent();
    await next.click();
    await expect(table.getByRole('row').nth(1)).not.toHaveText(first ?? '');
  }
}

/** Opens Edit User on the row of `email`. */
export async function openUserEdit(page: Page, email: string): Promise<Locator> {
  const row = await userRow(page, email);
  await row.getByRole('button', { name: /^Edit/ }).click();
  return page.getByRole('dialog', { name: 'Edit User' });
}
