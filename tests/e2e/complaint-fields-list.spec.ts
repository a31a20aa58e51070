import type { Page } from '@playwright/test';
import type { Role } from '../../src/shared/roles.ts';
import { expect, test } from './fixtures.ts';
import { bodyRows, demoSubmissionId, openList, settled, table } from './submissions-helpers.ts';

test.describe.configure({ timeout: 240_000 });

const chips = (page: Page) => page.getByRole('list', { name: 'Filtered by' });

/** What scrolls sideways inside the list: its table's box. */
async function listOverflow(page: Page): Promise<number> {
  return table(page).evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth);
}

// Everyone who sees the list filters it by the complaint fields and may show them as columns.
for (const role of ['staff'] as const satisfies readonly Role[]) {
  test(`as ${role}, the list filters by product and lot with removable chips that survive a reload, and shows the complaint fields as chosen columns`, async ({ page, loginAs, adminApi }, info) => {
    const id = demoSubmissionId(0);
    const stored = (await adminApi(`/v1/jotforms/submission/${id}`)) as { product: string | null; lot: string | null };
    expect(stored.product, 'the sandbox names its demo form’s product question').toBeTruthy();
    const product = stored.product!;
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(role);
    await openList(page);

    // The spec's columns and Reporting due, nothing more, until a complaint field is chosen.
    await expect(table(page).getByRole('columnheader', { name: 'Product' })).toHaveCount(0);

    await page.getByLabel('Product', { exact: true }).fill(product);
    await expect(page).toHaveURL(new RegExp(`product=${encodeURIComponent(product).replaceAll('%20', '\\+')}`));
    await settled(page);
    await expect(chips(page).getByRole('button', { name: `Remove filter: Product: ${product}` })).toBeVisible();
    await page.reload();
    await expect(bodyRows(page).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('Product', { exact: true })).toHaveValue(product);
    await expect(chips(page).getByRole('button', { name: `Remove filter: Product: ${product}` })).toBeVisible();

    // Product and Lot or serial number as columns: every row shown has the product filtered by.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Product' }).check();
    await page.getByRole('checkbox', { name: 'Lot or serial number' }).check();
    await page.keyboard.press('Escape');
    await expect(table(page).getByRole('columnheader')).toHaveText(['Submission Date', 'Submitter Name', 'Form Status', 'BAD', 'Investigation Deadline', 'Reportable', 'CH-Number', 'CH-Title', 'Good Faith Efforts', 'Delivered', 'Reporting due', 'Product', 'Lot or serial number']);
    const products = await bodyRows(page).locator('td:nth-child(12)').allTextContents();
    expect(products.length).toBeGreaterThan(0);
    expect(new Set(products)).toEqual(new Set([product]));
    await page.screenshot({ path: info.outputPath(`list-1440-${role}.png`), fullPage: false });

    // A lot filter too, then the product chip removed: the lot stays in force.
    if (stored.lot) {
      await page.getByLabel('Lot or serial number', { exact: true }).fill(stored.lot);
      await expect(chips(page).getByRole('button', { name: `Remove filter: Lot or serial number: ${stored.lot}` })).toBeVisible();
      await settled(page);
      await expect(bodyRows(page).first()).toContainText(stored.lot);
    }
    await chips(page).getByRole('button', { name: `Remove filter: Product: ${product}` }).click();
    await expect(page.getByLabel('Product', { exact: true })).toHaveValue('');
    await expect(page).not.toHaveURL(/product=/);

    // The columns chosen stay after a reload; they fit at 1440 px, and narrower they move under "More of this row".
    await page.reload();
    await expect(bodyRows(page).first()).toBeVisible({ timeout: 30_000 });
    await expect(table(page).getByRole('columnheader', { name: 'Product' })).toBeVisible();
    expect(await listOverflow(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1439, height: 900 });
    await expect(table(page).getByRole('columnheader', { name: 'Product' })).toBeHidden();
    await page.setViewportSize({ width: 375, height: 812 });
    await table(page).getByRole('button', { name: 'More of this row' }).first().click();
    await expect(table(page).getByRole('term').filter({ hasText: 'Product' })).toBeVisible();
    await page.screenshot({ path: info.outputPath(`list-375-${role}.png`), fullPage: true });
  });
}

for (const role of ['member', 'admin'] as const satisfies readonly Role[]) {
  test(`as ${role}, the list offers the complaint-field filters and columns`, async ({ page, loginAs }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(role);
    await page.goto('/dashboard/jotforms?lot=NO-SUCH-LOT');
    await expect(table(page).getByText('No submissions match the filters.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('Lot or serial number', { exact: true })).toHaveValue('NO-SUCH-LOT');
    await chips(page).getByRole('button', { name: 'Remove filter: Lot or serial number: NO-SUCH-LOT' }).click();
    await expect(bodyRows(page).first().getByRole('cell').nth(1)).toBeVisible();
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'UDI' }).check();
    await page.keyboard.press('Escape');
    await expect(table(page).getByRole('columnheader', { name: 'UDI' })).toBeVisible();
  });
}
