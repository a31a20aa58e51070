import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { assessmentDialog, expectNothingChosen } from './assessment-helpers.ts';
import { expect, test } from './fixtures.ts';
import { DEMO_XSS_SUBMISSION_ID, demoIndex, demoSubmissionId, openDetails, submissionOf, toast } from './submissions-helpers.ts';

// Whole pages on a shared machine: more room than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const id = (match: Parameters<typeof demoIndex>[0], nth = 0) => demoSubmissionId(demoIndex(match, nth));

const box = (page: Page, label: string) => page.locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });

test.beforeEach(async ({ loginAs }) => {
  await loginAs('member');
});

test('renders the badges, the grid and the answers; the XSS payload does not run', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openDetails(page, DEMO_XSS_SUBMISSION_ID);
  await expect(page.getByText('Pending Review', { exact: true }).first()).toBeVisible();
  for (const label of ['Submission ID', 'Form ID', 'IP', 'Created at', 'Status', 'New', 'Flag', 'Notes', 'Updated at', 'Delivered']) {
    await expect(page.locator('dt', { hasText: new RegExp(`^${label}$`) })).toHaveCount(1);
  }
  await expect(box(page, 'Submission ID')).toContainText(DEMO_XSS_SUBMISSION_ID);
  await expect(box(page, 'Form ID')).toContainText('243158902746061');

  await expect(page.getByRole('heading', { name: 'Answers' })).toBeVisible();
  for (const title of ['Reporter Information', 'Complaint Details']) await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
  await expect(page.getByText('Please verify that you are human')).toHaveCount(0);
  await expect(page.locator('dt', { hasText: /^Submit$/ })).toHaveCount(0);
  await expect(page.getByText('No answer provided').first()).toBeVisible();

  // The rich answer's text is there, its payload is not.
  // In the answers, and first on the page among the complaint's own answers.
  await expect(page.getByRole('region', { name: 'Answers' }).getByText('The strap came off during the first treatment.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'The complaint' }).getByText('The strap came off during the first treatment.')).toBeVisible();
  const main = page.locator('main');
  // No element is left that could run the payload later (the image's error handler, the script):
  // so what the window holds now is final.
  await expect(main.locator('script')).toHaveCount(0);
  await expect(main.locator('[onerror]')).toHaveCount(0);
  await expect(main.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(errors).toEqual([]);
});

test('a transferred submission: chTitle and chNumber badges, delivered box not clickable, steps modal', async ({ page, adminApi }) => {
  await openDetails(page, demoSubmissionId(0));
  const { chNumber, chTitle } = await submissionOf(adminApi, demoSubmissionId(0));
  // The header's badge (the History below names the status too).
  await expect(page.getByText('Successful Transfer', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(chNumber!, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(chTitle!, { exact: true }).first()).toBeVisible();
  await expect(box(page, 'Delivered')).toContainText('Yes');
  await expect(box(page, 'Delivered').getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Create Quality Process|Retry Quality Process/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'View Quality Process Steps' }).click();
  const steps = page.getByRole('dialog', { name: 'Quality Process Steps' });
  await expect(steps.getByRole('tab', { name: 'Step 1' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(steps).toBeHidden();
});

test('approve asks first (undecided: assess, or decide later); a double-click on Approve, then on its confirmation, approves once and opens nothing else', async ({ page, newSubmission }) => {
  const { id: submissionId } = await newSubmission();
  await openDetails(page, submissionId);
  const reviews: unknown[] = [];
  page.on('request', (r) => r.url().endsWith(`/submission/${submissionId}/review`) && reviews.push(r.postDataJSON()));
  await page.getByRole('button', { name: 'Approve' }).dblclick();
  const confirm = page.getByRole('dialog', { name: 'Approve Submission' });
  await expect(confirm).toBeVisible();
  expect(reviews).toEqual([]);

  const review = page.waitForRequest((r) => r.url().endsWith(`/submission/${submissionId}/review`));
  await expect(confirm.getByRole('button', { name: 'Assess reportability' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Approve, decide later' }).dblclick();
  expect((await review).postDataJSON()).toEqual({ decision: 'approve', decideLater: true });
  await expect(toast(page, 'Status updated successfully')).toBeVisible();
  await expect(confirm).toBeHidden();
  // The header's badge (the History below names the status too).
  await expect(page.getByText('Pending Transfer', { exact: true }).first()).toBeVisible();
  // Now the status change control appears, and approve/deny are gone.
  const create = page.getByRole('button', { name: 'Create Quality Process' });
  await expect(create).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(reviews).toEqual([{ decision: 'approve', decideLater: true }]);
  // Once the moment has passed, the next action takes a single click.
  await create.click();
  await expect(page.getByRole('dialog', { name: 'Create Quality Process' })).toBeVisible();
});

test('deny needs a reason and, undecided, the reportability outcome; then shows it, its clocks closed', async ({ page, newSubmission }) => {
  const { id: submissionId } = await newSubmission();
  await openDetails(page, submissionId);
  await expect(page.getByRole('table', { name: 'Reporting clocks' })).toContainText(/Open|Due soon|Overdue/);
  await page.getByRole('button', { name: 'Deny' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deny Submission' });
  await dialog.getByRole('button', { name: 'Deny' }).click();
  await expect(dialog.getByText('A reason is required to deny a submission.')).toBeVisible();
  // "Record a decision" leads to the assessment, nothing chosen in it.
  await dialog.getByRole('button', { name: 'Record a decision' }).click();
  const decision = assessmentDialog(page);
  await expect(decision.getByRole('radio', { name: 'Not reportable' })).toBeVisible();
  await expectNothingChosen(decision);
  await decision.getByRole('button', { name: 'Cancel' }).click();
  await expect(decision).toBeHidden();

  await page.getByRole('button', { name: 'Deny' }).click();
  const reason = `Duplicate of an earlier report ${randomUUID().slice(0, 4)}`;
  await dialog.getByLabel(/Reason for denial/).fill(reason);
  const reviews: unknown[] = [];
  page.on('request', (r) => r.url().endsWith(`/submission/${submissionId}/review`) && reviews.push(r.postDataJSON()));
  await dialog.getByRole('button', { name: 'Deny' }).click();
  await expect(dialog.getByText('Choose the reportability outcome: not reportable, or record a decision.')).toBeVisible();
  expect(reviews).toEqual([]);
  await dialog.getByRole('checkbox', { name: 'Not reportable — the reason for denial is its rationale' }).check();
  await dialog.getByRole('button', { name: 'Deny' }).click();
  await expect(toast(page, 'Status updated successfully')).toBeVisible();
  expect(reviews).toEqual([{ decision: 'deny', reason, notReportable: true }]);
  const reportability = page.getByRole('region', { name: 'Reportability' });
  await expect(reportability.getByText(reason)).toBeVisible();
  await expect(reportability).toContainText('No reporting clock runs: decided not reportable.');
  await expect(box(page, 'Reportable')).toContainText('Not reportable');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Denied', { exact: true }).first()).toBeVisible();
  // The Denied notice (the History below lists the reason too).
  await expect(page.getByText(reason).first()).toBeVisible();
});

test('the delivered and reportable boxes open their confirmations; follow-up edits here too', async ({ page, newSubmission }) => {
  const { id: submissionId } = await newSubmission();
  await openDetails(page, submissionId);
  await page.getByRole('button', { name: 'Mark delivered' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Submission' });
  await expect(confirm).toContainText('Do you want to mark this submission as delivered?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  // Undecided is not a No.
  await expect(box(page, 'Reportable')).toContainText('Undecided');
  await expect(box(page, 'Reportable')).not.toContainText('No');
  await page.getByRole('button', { name: 'Mark reportable' }).click();
  const reportable = page.getByRole('dialog', { name: 'Mark as Reportable' });
  const request = page.waitForRequest((r) => r.url().endsWith(`/submission/${submissionId}/mark-reportable`));
  await reportable.getByRole('button', { name: 'Confirm' }).click();
  expect((await request).postDataJSON()).toEqual({ reportable: true });
  await expect(toast(page, 'Marked as reportable')).toBeVisible();
  await page.getByRole('dialog', { name: 'Marked as reportable' }).getByRole('button', { name: 'Later' }).click();
  await expect(box(page, 'Reportable')).toContainText('Reportable');
  await expect(box(page, 'Reportable')).not.toContainText('Mark reportable');

  await page.getByRole('button', { name: 'Add attempt' }).click();
  const followup = page.getByRole('dialog', { name: 'Follow-Ups' });
  await followup.getByPlaceholder('Enter follow-up details').fill('Left a voicemail for the reporter.');
  await followup.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Follow-up updated successfully')).toBeVisible();
  await expect(followup).toBeHidden();
  // The Good Faith Efforts box (the History below lists the note too).
  await expect(page.getByRole('region', { name: 'Review' }).getByText('Left a voicemail for the reporter.')).toBeVisible();
});

test('Pending Transfer: the status change control creates the quality process', async ({ page, newSubmission }) => {
  const { id: submissionId } = await newSubmission({ status: 'Pending Transfer' });
  await openDetails(page, submissionId);
  await page.getByRole('button', { name: 'Create Quality Process' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Quality Process' });
  const title = `Ortho brace follow-up ${randomUUID().slice(0, 4)}`;
  await dialog.getByLabel(/Quality Process Name/).fill(title);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Status updated successfully')).toBeVisible();
  // The header's badge (the History below names the status too).
  await expect(page.getByText('Successful Transfer', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/^CH-\d+$/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Quality Process' })).toHaveCount(0);
});

test('Transfer Error: the stored reason shows, and the control retries', async ({ page }) => {
  // Only read (Cancel): the demo row the sandbox's Arena refused.
  const submissionId = id((r) => r.workflow.submissionStatus === 'Transfer Error' && !!r.workflow.chTitle);
  await openDetails(page, submissionId);
  await expect(page.getByRole('alert').filter({ hasText: 'The transfer to Arena failed' })).toContainText('A value is required for the attribute "Severity"');
  await page.getByRole('button', { name: 'Retry Quality Process' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Quality Process' });
  await expect(dialog.getByLabel(/Quality Process Name/)).not.toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test("an unknown submission toasts 'Error Fetching Submission'", async ({ page }) => {
  await page.goto('/dashboard/jotforms/submission/999999999');
  await expect(toast(page, 'Error Fetching Submission')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Form Submissions' })).toBeVisible();
});
