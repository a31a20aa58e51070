import type { Page } from '@playwright/test';
import { DEMO_ROWS, demoSubmissionId, openDetails } from './submissions-helpers.ts';
import { expect, test } from './fixtures.ts';

/** Units Affected (step 3): mapped by no other browser test, so this file owns it. */
const UNITS_AFFECTED = 'NJN8X8SC18LTXDCG5W6T';
const MONTH_FIRST = /\b\d{2}[-/]\d{2}[-/]\d{4}\b/;
const RAW_INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const MOMENT = /\d{4}-\d{2}-\d{2} \d{2}:\d{2} [A-Z][A-Za-z0-9+:-]*/;

const mainText = (page: Page) => page.getByRole('main').innerText();

test('the details page writes the form’s date answers year first, like every other date', async ({ page, loginAs, adminApi }) => {
  await loginAs('staff');
  const id = demoSubmissionId(DEMO_ROWS.findIndex((r) => r.workflow.submissionStatus === 'Pending Review'));
  const submission = (await adminApi(`/v1/jotforms/submission/${id}`)) as { answers: { text: string; prettyFormat?: string; answer?: { year: string; month: string; day: string } }[] };
  const aware = submission.answers.find((a) => a.text === 'Date you became aware')!;
  // JotForm's own display of it is month first.
  expect(aware.prettyFormat).toMatch(MONTH_FIRST);
  await openDetails(page, id);
  const value = page.getByRole('term').filter({ hasText: /^Date you became aware$/ }).locator('xpath=following-sibling::dd[1]');
  await expect(value).toHaveText(`${aware.answer!.year}-${aware.answer!.month}-${aware.answer!.day}`);
  await expect(page.getByText('Created at', { exact: true })).toBeVisible();
  const text = await mainText(page);
  expect(text).not.toMatch(MONTH_FIRST);
  expect(text).not.toMatch(RAW_INSTANT);
  expect(text).toMatch(/JotForm account time: \d{4}-\d{2}-\d{2} \d{2}:\d{2} E[SD]T/);
});

test('the audit trail shows a changed time in the same format, not as a raw instant', async ({ page, loginAs, adminApi }) => {
  const body = { arenaFieldGUID: UNITS_AFFECTED, name: 'Units Affected', predefined: true, predefinedValue: '1' };
  const created = (await adminApi('/v1/field-mapping', { method: 'POST', data: body })) as { _id: string };
  await adminApi(`/v1/field-mapping/${created._id}`, { method: 'PUT', data: { ...body, predefinedValue: '2' } });
  await loginAs('admin');
  await page.goto('/dashboard/audit?entity=field_mapping');
  const row = page.getByRole('table', { name: 'Audit trail' }).getByRole('row').filter({ hasText: 'Update' }).filter({ hasText: 'Predefined value' }).first();
  await expect(row).toContainText('Updated at');
  const text = await row.innerText();
  expect(text).not.toMatch(RAW_INSTANT);
  expect(text.slice(text.indexOf('Updated at'))).toMatch(new RegExp(`^Updated at: ${MOMENT.source}\\s*→\\s*changed to\\s*${MOMENT.source}`));
  await adminApi(`/v1/field-mapping/${created._id}`, { method: 'DELETE' });
});

test('date fields show and take YYYY-MM-DD, not the browser’s month-first order', async ({ page, loginAs }) => {
  await loginAs('staff');
  await page.goto('/dashboard/jotforms');
  await page.getByLabel('Date filter').selectOption({ label: 'Custom' });
  const start = page.getByLabel('Start Date');
  await expect(start).toHaveAttribute('placeholder', 'YYYY-MM-DD');
  await start.fill('11/01/2026');
  await start.blur();
  await expect(page.getByText('Write the date as YYYY-MM-DD.')).toBeVisible();
  await start.fill('2026-11-01');
  await expect(page.getByText('Write the date as YYYY-MM-DD.')).toHaveCount(0);
  await expect(start).toHaveValue('2026-11-01');
  await expect(page).toHaveURL(/from=2026-11-01/);
});
