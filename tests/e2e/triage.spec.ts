import type { Locator, Page } from '@playwright/test';
import { US_QUESTION, answerQuestions, assessmentDialog, expectNothingChosen } from './assessment-helpers.ts';
import { expect, test } from './fixtures.ts';
import { bodyRows, demoIndex, demoSubmissionId, openList, openListAt, settled, table, toast } from './submissions-helpers.ts';

/** Morning triage: what is new, what lacks a reason, what is overdue, and the complaint before the buttons. */
test.describe.configure({ timeout: 120_000 });

// New, pending review, marked reportable from the list without a reason; no other browser test touches it.
const MARKED = demoSubmissionId(demoIndex((r) => r.workflow.submissionStatus === 'Pending Review' && !!r.isNew && r.workflow.reportable));
const REPORTABLE_CELL = 5;
const top = async (l: Locator) => (await l.boundingBox())!.y;
const reviewBox = (page: Page) => page.getByRole('region', { name: 'Review' }).locator('dl > div').filter({ has: page.locator('dt', { hasText: /^Reportable$/ }) });

test('a decision marked from the list asks for its rationale: the dashboard counts it, the details page asks for it in one click', async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const me = await loginAs('staff');

  await page.goto('/dashboard');
  const card = page.getByRole('list', { name: 'Reporting clocks' }).getByRole('link', { name: /Decisions missing a rationale/ });
  await expect(card).toContainText(/[1-9]\d*$/);
  await card.click();
  await expect(page).toHaveURL(/\/dashboard\/jotforms\?rationale=missing$/);
  await expect(page.getByText('Reportable — rationale missing', { exact: true }).first()).toBeVisible();
  await settled(page);
  // Every row listed is one (or was approved with its decision left for later): none is a plain "Reportable".
  for (const cell of await bodyRows(page).locator(`td:nth-child(${REPORTABLE_CELL + 1})`).all()) await expect(cell).toHaveText(/^(Reportable — rationale missing|Undecided — decision pending)/);

  // Nobody has opened it yet: "New" beside the submitter.
  const row = await openListAt(page, MARKED);
  await expect(row.getByRole('cell').first()).toContainText('New');
  await expect(row.getByRole('cell').nth(REPORTABLE_CELL)).toHaveText('Reportable — rationale missing');
  await row.getByRole('cell').nth(1).click();
  await expect(page.getByRole('heading', { name: 'Submission Details' })).toBeVisible();

  // The complaint in its own words comes first, above the review and the decision, and starts on the first screen.
  const complaint = page.getByRole('region', { name: 'The complaint' });
  await expect(complaint).toContainText('Product or Service');
  await expect(complaint).toContainText('Complaint Description');
  expect(await top(complaint)).toBeLessThan(768);
  expect(await top(complaint)).toBeLessThan(await top(page.getByRole('region', { name: 'Review' })));
  expect(await top(page.getByRole('region', { name: 'Review' }))).toBeLessThan(await top(page.getByRole('region', { name: 'Reportability' })));
  expect(await top(page.getByRole('region', { name: 'Reportability' }))).toBeLessThan(await top(page.getByRole('heading', { name: 'Submission', exact: true })));
  // JotForm's fields are all still there.
  for (const label of ['Submission ID', 'Form ID', 'IP', 'Created at', 'Updated at', 'Status', 'New', 'Flag', 'Notes', 'Delivered']) await expect(page.locator('dt', { hasText: new RegExp(`^${label}$`) })).toBeVisible();

  await expect(reviewBox(page)).toContainText('Reportable — rationale missing');
  await reviewBox(page).getByRole('button', { name: 'Add rationale' }).click();
  // The rationale is the assessment's; nothing is chosen, not even the one decision left.
  const dialog = assessmentDialog(page);
  await expectNothingChosen(dialog);
  // The complaint stays readable beside the dialog.
  const aside = page.locator('[data-dialog-aside]');
  await expect(aside.getByRole('heading', { name: 'The complaint' })).toBeVisible();
  await expect(aside).toContainText('Complaint Description');
  const asideBox = (await aside.boundingBox())!;
  const panel = (await dialog.locator('form').boundingBox())!;
  expect(asideBox.x + asideBox.width).toBeLessThanOrEqual(panel.x);
  // Selecting text beside it does not close the dialog.
  await aside.getByText('Complaint Description').click();
  await expect(dialog).toBeVisible();

  await answerQuestions(dialog, [US_QUESTION.seriousInjury]);
  await dialog.getByRole('radio', { name: 'Reportable', exact: true }).check();
  await dialog.getByLabel('Rationale').fill('Escalated by the nurse manager: the device harmed the patient.');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel(/^Password/).fill(me.password);
  await dialog.getByRole('button', { name: 'Sign and record' }).click();
  await expect(toast(page, 'Reportability assessed, decided and signed')).toBeVisible();
  await expect(reviewBox(page)).toHaveText(/Reportable$/);
  await expect(page.getByRole('region', { name: 'Reportability' }).getByText('Escalated by the nurse manager: the device harmed the patient.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add rationale' })).toHaveCount(0);

  // Opened now, and its reason given.
  const again = await openListAt(page, MARKED);
  await expect(again.getByRole('cell').first()).not.toContainText('New');
  await expect(again.getByRole('cell').nth(REPORTABLE_CELL)).toHaveText('Reportable');
});

test('the assessment chooses nothing for the user, and the complaint is not beside it on a phone', async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs('member');
  // Decided not reportable: read-only here (the dialog is cancelled).
  const submissionId = demoSubmissionId(demoIndex((r) => r.workflow.submissionStatus === 'Pending Review' && r.workflow.reportability?.decision === 'not_reportable'));
  await page.goto(`/dashboard/jotforms/submission/${submissionId}`);
  await page.getByRole('button', { name: 'Revise to reportable' }).click();
  const dialog = assessmentDialog(page);
  await expectNothingChosen(dialog);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Answer every question asked.')).toBeVisible();
  await expect(dialog.getByText('Choose a decision.')).toBeVisible();
  await expect(page.locator('[data-dialog-aside]')).toBeHidden();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('Reporting due sorts on the server; overdue rows show an icon and a tint; its date is the size of the others', async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs('member');
  await openList(page);
  const header = table(page).getByRole('columnheader', { name: 'Reporting due' });
  const request = page.waitForRequest((r) => r.url().includes('sortBy=reportingDue%3Aasc') || r.url().includes('sortBy=reportingDue:asc'));
  await header.getByRole('button').click();
  await request;
  await expect(page).toHaveURL(/sort=reportingDue%3Aasc|sort=reportingDue:asc/);
  await settled(page);
  const first = bodyRows(page).first();
  const due = first.locator('td').nth(10);
  await expect(due).toContainText('Overdue');
  await expect(due.locator('svg')).toHaveCount(1);
  await expect(first).toHaveClass(/bg-(red|green)-50/);
  await expect(first.getByRole('cell').first()).toContainText(/^\d{4}-\d{2}-\d{2}/);
  await expect(first).toHaveClass(/shadow-\[inset_4px_0_0_var\(--color-red-600\)\]/);
  const size = (l: Locator) => l.evaluate((el) => getComputedStyle(el).fontSize);
  expect(await size(due.locator('time'))).toBe(await size(first.locator('td').nth(3)));

  // Where the column gives way, the overdue row still says so where it starts, in words beside its icon.
  const mark = first.getByRole('cell').first().getByText('Overdue', { exact: true });
  await expect(mark).toBeHidden();
  await page.setViewportSize({ width: 1024, height: 900 });
  await expect(mark).toBeVisible();
});
