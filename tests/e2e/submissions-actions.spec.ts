import { randomUUID } from 'node:crypto';
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { demoIndex, demoSubmissionId, openListAt, toast } from './submissions-helpers.ts';

/** Each test creates the submission it works on, so parallel tests never meet. */
// Whole pages on a shared machine: more room than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const cell = (row: Locator, n: number) => row.locator(`td:nth-child(${n})`);

test.beforeEach(async ({ loginAs }) => {
  await loginAs('staff');
});

test('Follow-Ups: blank does nothing; saving shows the text cut at 25 characters and toasts', async ({ page, newSubmission }) => {
  const { id: submissionId } = await newSubmission();
  const row = await openListAt(page, submissionId);
  await row.getByRole('button', { name: 'Add attempt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Follow-Ups' });
  const text = dialog.getByPlaceholder('Enter follow-up details');
  await text.fill('    ');
  const saves: unknown[] = [];
  page.on('request', (r) => r.url().includes('/create-followup') && saves.push(r.postDataJSON()));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeVisible();

  const followup = `Called the reporter back ${randomUUID().slice(0, 4)}; photos requested.`;
  const request = page.waitForRequest((r) => r.url().endsWith(`/submission/${submissionId}/create-followup`));
  await text.fill(followup);
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await request).postDataJSON()).toEqual({ followup });
  await expect(toast(page, 'Follow-up updated successfully')).toBeVisible();
  // A save of the blank text would have gone out before this one: only this one did.
  expect(saves).toEqual([{ followup }]);
  await expect(dialog).toBeHidden();
  await expect(cell(row, 9)).toHaveText(`${followup.slice(0, 25)}…1 attemptAdd attempt`);
  // Reopening shows the whole text as the latest earlier note, the textarea empty for the next one; Cancel leaves it as it was.
  await cell(row, 9).getByRole('button').click();
  await expect(dialog.getByRole('region', { name: 'Earlier follow-ups' }).getByRole('listitem').first()).toContainText(followup);
  await expect(dialog.getByPlaceholder('Enter follow-up details')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard\/jotforms\?q=/);
});

test('Follow-Ups: a note typed and closed with Escape is there again; its attempt is kept and counted', async ({ page, newSubmission }) => {
  const { id: submissionId } = await newSubmission();
  const row = await openListAt(page, submissionId);
  await row.getByRole('button', { name: 'Add attempt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Follow-Ups' });
  const note = 'Asked the clinic to return the pump.';
  await dialog.getByPlaceholder('Enter follow-up details').fill(note);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await row.getByRole('button', { name: 'Add attempt' }).click();
  await expect(dialog.getByPlaceholder('Enter follow-up details')).toHaveValue(note);
  await dialog.getByLabel('Method').selectOption({ label: 'Phone' });
  await dialog.getByLabel('Outcome').fill('Left a message');
  const request = page.waitForRequest((r) => r.url().endsWith(`/submission/${submissionId}/create-followup`));
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await request).postDataJSON()).toEqual({ followup: note, method: 'phone', outcome: 'Left a message' });
  await expect(toast(page, 'Follow-up updated successfully')).toBeVisible();
  await expect(cell(row, 9)).toContainText('1 attempt');

  await cell(row, 9).getByRole('button').click();
  await expect(dialog.getByRole('region', { name: 'Earlier follow-ups' }).getByRole('listitem').first()).toContainText('Phone · Left a message');
  await expect(dialog.getByPlaceholder('Enter follow-up details')).toHaveValue('');
});

test('Mark as reportable: confirm, Please wait..., toast, green row, one way', async ({ page, newSubmission }) => {
  const { id: submissionId } = await newSubmission();
  const row = await openListAt(page, submissionId);
  await expect(cell(row, 6)).toHaveText('UndecidedMark reportable');
  await row.getByRole('button', { name: 'Mark reportable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark as Reportable' });
  await expect(dialog).toContainText('Do you want to mark this submission as reportable?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/jotforms\?q=/);

  await row.getByRole('button', { name: 'Mark reportable' }).click();
  const request = page.waitForRequest((r) => r.url().endsWith(`/submission/${submissionId}/mark-reportable`));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  // The list sends {emailDelivered: true} to mark-reportable (docs/product.md, The API).
  expect((await request).postDataJSON()).toEqual({ emailDelivered: true });
  await expect(toast(page, 'Marked as reportable')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Confirmed without a rationale: it is offered at once; Later leaves it missing.
  const offer = page.getByRole('dialog', { name: 'Marked as reportable' });
  await expect(offer.getByRole('button', { name: 'Add rationale now' })).toBeVisible();
  await offer.getByRole('button', { name: 'Later' }).click();
  await expect(offer).toBeHidden();
  // Recorded without a reason: the row says so until the details page gets one.
  await expect(cell(row, 6)).toHaveText('Reportable — rationale missing');
  await expect(row).toHaveClass(/bg-green-50/);
  await expect(row.getByRole('button', { name: 'Mark reportable' })).toHaveCount(0);
});

test('Mark as delivered: both calls at once, toast, then not clickable any more', async ({ page, adminApi, newSubmission }) => {
  // A recipient to mail: then both calls succeed.
  await adminApi('/v1/email-configs', { method: 'POST', data: { email: `quality-${randomUUID().slice(0, 8)}@example.com` } });
  const { id: submissionId } = await newSubmission();
  const row = await openListAt(page, submissionId);
  await row.getByRole('button', { name: 'Mark delivered' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Submission' });
  await expect(dialog).toContainText('Do you want to mark this submission as delivered?');
  const mark = page.waitForRequest((r) => r.url().endsWith(`/submission/${submissionId}/mark-email-delivered`));
  const mail = page.waitForRequest((r) => r.url().endsWith(`/submission/${submissionId}/send-email-recipient`));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  expect((await mark).postDataJSON()).toEqual({ emailDelivered: true });
  expect((await mail).method()).toBe('POST');
  await expect(toast(page, 'Marked as delivered and email sent')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(cell(row, 10)).toHaveText('Yes');
  await expect(row.getByRole('button', { name: 'Mark delivered' })).toHaveCount(0);
});

test('a row opens its details by click and by Enter', async ({ page, newSubmission }) => {
  const { id: submissionId } = await newSubmission({ status: 'Denied' });
  const row = await openListAt(page, submissionId);
  // The submitter's cell: a click on a cell's own control (Mark, Create) does not open the row.
  await row.getByRole('cell').nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/jotforms/submission/${submissionId}$`));
  await expect(page.getByRole('heading', { name: 'Submission Details' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Form Submissions' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/jotforms\\?q=${submissionId}$`));
  await expect(page.getByLabel('Search')).toHaveValue(submissionId);
  await page.getByRole('table', { name: 'Form Submissions' }).locator('tbody tr').first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/submission/${submissionId}$`));
});

test('Create (Pending Transfer) names the quality process and transfers it', async ({ page, newSubmission }) => {
  const { id: submissionId } = await newSubmission({ status: 'Pending Transfer' });
  const row = await openListAt(page, submissionId);
  await expect(cell(row, 8).getByRole('button', { name: 'Create' })).toBeVisible();
  await cell(row, 8).getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Quality Process' });
  const name = dialog.getByLabel(/Quality Process Name/);
  await expect(name).toHaveAttribute('placeholder', 'Enter name');
  await expect(name).toHaveAttribute('required', '');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await cell(row, 8).getByRole('button', { name: 'Create' }).click();
  const title = `Mask strap snapped ${randomUUID().slice(0, 4)}`;
  const request = page.waitForRequest((r) => r.url().endsWith(`/submission/${submissionId}/quality-process`));
  await name.fill(title);
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await request).postDataJSON()).toEqual({ chTitle: title });
  await expect(toast(page, 'Status updated successfully')).toBeVisible();
  await expect(cell(row, 3)).toHaveText('Successful Transfer');
  await expect(cell(row, 7)).toHaveText(/^CH-\d+$/);
  await expect(cell(row, 8)).toContainText(title);
});

test('Retry (Transfer Error) sends "temp" at once; a transferred row opens its Quality Process Steps', async ({ page, newSubmission }) => {
  // No API call makes the sandbox's Arena refuse a transfer: a demo row it refused, the only one a browser test changes.
  const submissionId = demoSubmissionId(demoIndex((r) => r.workflow.submissionStatus === 'Transfer Error' && !r.workflow.chTitle, 1));
  const { id: transferredId } = await newSubmission({ status: 'Successful Transfer' });
  const row = await openListAt(page, submissionId);
  const request = page.waitForRequest((r) => r.url().endsWith(`/submission/${submissionId}/quality-process`));
  await cell(row, 8).getByRole('button', { name: 'Retry' }).click();
  expect((await request).postDataJSON()).toEqual({ chTitle: 'temp' });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The sandbox's Arena accepts it now: the row is transferred (the toast tells either way).
  await expect(toast(page, 'Status updated successfully').or(page.locator('[data-sonner-toast][data-type="error"]'))).toBeVisible();
  await expect(cell(row, 3)).toHaveText(/Successful Transfer|Transfer Error/);

  const transferred = await openListAt(page, transferredId);
  await cell(transferred, 8).getByRole('button', { name: /view quality process steps/ }).click();
  const steps = page.getByRole('dialog', { name: 'Quality Process Steps' });
  await expect(steps).toBeVisible();
  await expect(steps.getByRole('tab', { name: 'Step 1' })).toBeVisible();
  await expect(steps.getByRole('tab', { name: 'Step 2' })).toBeVisible();
  const panel = steps.getByRole('tabpanel');
  await expect(panel.getByRole('heading')).not.toHaveText('');
  await expect(panel.getByRole('listitem').first()).toContainText(':');
  await steps.getByRole('tab', { name: 'Step 2' }).click();
  await expect(steps.getByRole('tab', { name: 'Step 2' })).toHaveAttribute('aria-selected', 'true');
  await steps.getByRole('button', { name: 'Close' }).click();
  await expect(steps).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/jotforms\?q=/);
});
