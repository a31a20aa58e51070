import type { Page } from '@playwright/test';
import { expect, test } from '../../tests/e2e/fixtures.ts';
import { DEMO_XSS_SUBMISSION_ID, demoIndex, demoSubmissionId, openList, openListAt } from '../../tests/e2e/submissions-helpers.ts';
import { shot as save } from './shot.ts';
import { SCREENS } from './widths.ts';

/** The submissions list, details and their dialogs at 1440, 1024 and 375 px (changes no data). */

for (const { device, width, height, phone } of SCREENS) {
  test(`submissions screens at ${device} width`, async ({ page, loginAs }) => {
    await page.setViewportSize({ width, height });
    const shot = (name: string, fullPage = true) => save(page, `submissions-${device}-${name}`, fullPage);
    const dialogShot = async (open: () => Promise<void>, name: string) => {
      await open();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot(name, false);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    };
    const rowOf = async (p: Page, index: number) => openListAt(p, demoSubmissionId(index));

    await loginAs('admin');
    await openList(page);
    await shot('list');
    // The JotForm account's time over a submission time, as the pointer shows it.
    await page.getByRole('table', { name: 'Form Submissions' }).locator('tbody tr').first().locator('time').first().hover();
    await shot('list-account-time', false);
    await page.getByLabel('Search').fill('no-such-submitter-zz');
    await expect(page.getByText('No submissions match the filters.')).toBeVisible();
    await shot('list-no-match', false);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Date filter').selectOption({ label: 'Custom' });
    await page.getByLabel('Start Date').fill('2025-01-01');
    await shot('list-custom', false);

    const pendingTransfer = demoIndex((r) => r.workflow.submissionStatus === 'Pending Transfer' && !r.workflow.chTitle, 4);
    const review = demoIndex((r) => r.workflow.submissionStatus === 'Pending Review' && !r.isNew);
    if (!phone) {
      let row = await rowOf(page, pendingTransfer);
      await dialogShot(() => row.getByRole('button', { name: 'Create' }).click(), 'dialog-create');
      await dialogShot(() => row.getByRole('button', { name: /^Mark reportable/ }).click(), 'dialog-reportable');
      row = await rowOf(page, review);
      // Good Faith Efforts is hidden at 1280 px and below (docs/product.md, List and CSV: breakpoints).
      if (width > 1280) await dialogShot(() => row.getByRole('button', { name: 'Add attempt' }).click(), 'dialog-followup');
      await dialogShot(() => row.getByRole('button', { name: /^Mark delivered/ }).click(), 'dialog-delivered');
      row = await rowOf(page, 0);
      await row.getByRole('button', { name: /view quality process steps/ }).click();
      await expect(page.getByRole('tab', { name: 'Step 1' })).toBeVisible();
      await shot('dialog-steps', false);
      await page.keyboard.press('Escape');
    }

    const details = async (index: string, name: string) => {
      await page.goto(`/dashboard/jotforms/submission/${index}`);
      await expect(page.getByRole('heading', { name: 'Submission Details' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Answers' })).toBeVisible();
      await shot(name);
    };
    await details(DEMO_XSS_SUBMISSION_ID, 'details-review');
    await details(demoSubmissionId(0), 'details-transferred');
    await details(demoSubmissionId(demoIndex((r) => r.workflow.submissionStatus === 'Transfer Error' && !!r.workflow.chTitle)), 'details-transfer-error');
    await page.goto(`/dashboard/jotforms/submission/${DEMO_XSS_SUBMISSION_ID}`);
    await dialogShot(() => page.getByRole('button', { name: 'Deny' }).click(), 'dialog-deny');
  });
}
