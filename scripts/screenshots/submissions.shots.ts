import type { Page } from '@playwright/test';
import { expect, test } from '../../tests/e2e/fixtures.ts';
import { DEMO_XSS_SUBMISSION_ID, demoIndex, demoSubmissionId, openList, openListAt } from '../../tests/e2e/submissions-helpers.ts';
import { shot as save } from './shot.ts';

/** The submissions list, details and their dialogs at a desktop and a phone width (changes no data). */

const WIDTHS = { desktop: 1366, phone: 390 } as const;

for (const [device, width] of Object.entries(WIDTHS)) {
  test(`submissions screens at ${device} width`, async ({ page, loginAs }) => {
    await page.setViewportSize({ width, height: device === 'phone' ? 844 : 900 });
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
    await page.getByLabel('Date filter').selectOption({ label: 'Custom' });
    await page.getByLabel('Start Date').fill('2025-01-01');
    await shot('list-custom', false);

    const pendingTransfer = demoIndex((r) => r.workflow.submissionStatus === 'Pending Transfer' && !r.workflow.chTitle, 4);
    const review = demoIndex((r) => r.workflow.submissionStatus === 'Pending Review' && !r.isNew);
    if (device === 'desktop') {
      let row = await rowOf(page, pendingTransfer);
      await dialogShot(() => row.getByRole('button', { name: 'Create' }).click(), 'dialog-create');
      await dialogShot(() => row.getByRole('button', { name: 'Mark as reportable' }).click(), 'dialog-reportable');
      row = await rowOf(page, review);
      await dialogShot(() => row.getByRole('button', { name: /follow-up/ }).click(), 'dialog-followup');
      await dialogShot(() => row.getByRole('button', { name: 'Mark as delivered' }).click(), 'dialog-delivered');
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
