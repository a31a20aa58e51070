import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DEMO_QID } from '../../src/server/emulators/jotform/fixtures-form.ts';
import { expect, test } from './fixtures.ts';
import { openDetails, toast } from './submissions-helpers.ts';

test.describe.configure({ timeout: 150_000 });

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const section = (page: Page, name: string) => page.getByRole('region', { name });

test('a complaint coded on its details page is counted on the Trends page; a rule set for it fires and shows on the chart and the dashboard', async ({ page, loginAs, newSubmission }) => {
  // A product of its own, so the counts on the page are this test's alone.
  const product = `Trend Pump ${randomUUID().slice(0, 6)}`;
  const { id } = await newSubmission({ answers: { [DEMO_QID.product]: product } });
  // The become-aware date createSubmission sends: two days ago.
  const aware = new Date(Date.now() - 2 * 86_400_000);
  const month = `${MONTHS[aware.getUTCMonth()]} ${aware.getUTCFullYear()}`;
  await loginAs('admin');

  await openDetails(page, id);
  const similar = section(page, 'Similar complaints');
  await expect(similar).toContainText('This complaint has no device-problem (Annex A) code yet');
  const picker = section(page, 'IMDRF codes').getByRole('combobox', { name: 'Add an IMDRF code' });
  await picker.fill('A0401');
  await page.getByRole('listbox', { name: 'Matching IMDRF terms' }).getByRole('option', { name: /^A0401 Break/ }).click();
  await expect(toast(page, 'A0401 Break added')).toBeVisible();
  await expect(similar).toContainText(`${product}, A0401`);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trends' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trends' })).toBeVisible();
  await page.getByLabel('Product').selectOption(product);
  const table = page.getByRole('table', { name: 'Complaints per month by product and IMDRF code' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toHaveText([month, product, 'A0401', '1'].join(''));
  await expect(page.getByRole('figure', { name: 'Complaints per month' })).toContainText(`${product}, `);
  await expect(page.getByRole('figure', { name: 'Complaints per month' })).toContainText(': 1 in all');
  await expect(page).toHaveURL(/product=Trend/);

  // An admin sets a rule for the product and code: one complaint in 30 days fires it at once.
  await page.getByRole('button', { name: 'Add rule' }).click();
  const form = page.getByRole('form', { name: 'New signal rule' });
  await form.getByLabel('Product').fill(product);
  await form.getByLabel('IMDRF code').fill('a0401');
  await form.getByLabel('Complaints').fill('0');
  await form.getByRole('button', { name: 'Add rule' }).click();
  await expect(form.getByText('count must be at least 1')).toBeVisible();
  await form.getByLabel('Complaints').fill('1');
  await form.getByLabel('Within days').fill('30');
  await form.getByRole('button', { name: 'Add rule' }).click();
  await expect(toast(page, 'Rule saved: it fires now')).toBeVisible();
  const rule = page.getByRole('list', { name: 'Signal rules' }).getByRole('listitem').filter({ hasText: `${product} · A0401` });
  await expect(rule).toContainText('1 or more complaints in 30 days');
  await expect(rule).toContainText('Firing');
  const signals = section(page, 'Signals in this period');
  await expect(signals).toContainText(`${product} · A0401: 1 complaint from`);
  await expect(page.locator('[data-signal-month]')).toHaveCount(1);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(section(page, 'Trend signals')).toContainText(`${product} · A0401`);
});

test('members do not see Trends', async ({ page, loginAs }) => {
  await loginAs('member');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jotforms' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trends' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Trend signals' })).toHaveCount(0);
});
