import { DEMO_ROWS, demoSubmissionId } from './submissions-helpers.ts';
import { expect, test } from './fixtures.ts';

/** Investigation Summary (step 3): mapped by no other browser test, so this file owns it. */
const SUMMARY = 'XKAP8NJ4UWWG5NRKP5OU';
/** The demo form's product question. */
const PRODUCT_QID = '11';
/** The demo complaint whose Lot Number was answered blank. */
const BLANK_LOT = demoSubmissionId(DEMO_ROWS.findIndex((r) => r.quirk === 'emptyLot'));

test.describe.configure({ timeout: 90_000 });

test('Test with a submission: each Arena field’s value from it, a blank flagged, and an unsaved mapping’s value in its form', async ({ page, loginAs, adminApi }) => {
  await loginAs('admin');
  const submission = (await adminApi(`/v1/jotforms/submission/${BLANK_LOT}`)) as { id: string; submitter: string; investigationDeadline: string; answers: { qid: string; answer?: unknown }[] };
  const product = submission.answers.find((a) => a.qid === PRODUCT_QID)?.answer as string;
  await page.goto('/dashboard/configurations/field-mapping');
  const test = page.getByRole('region', { name: 'Test with a submission' });
  await test.getByLabel('Submission').selectOption(submission.id);
  const values = test.getByRole('list', { name: 'Values sent to Arena' });
  await expect(values.getByRole('listitem', { name: 'Complainant Name' })).toContainText(submission.submitter);
  // The sandbox's four demo mappings and a new installation's three defaults: this complaint is
  // undecided and its lot was left blank, so those two get nothing.
  await expect(values.getByRole('listitem', { name: 'Reportable?' })).toContainText('BlankThe answers or facts it reads are empty, so nothing is sent.');
  await expect(values.getByRole('listitem', { name: 'Lot Number' })).toContainText('BlankThe answers or facts it reads are empty, so nothing is sent.');
  await expect(values.getByRole('listitem', { name: 'Product' })).toContainText(product);
  await expect(test).toContainText('2 of 7 mapped fields receive nothing and are reported as skipped.');

  await page.getByRole('button', { name: 'Add mapping' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add mapping' });
  const preview = dialog.getByRole('region', { name: 'Value from the test submission' });
  await expect(preview).toContainText('Complete the mapping to see the value it sends.');
  await dialog.getByLabel('Quality process step').selectOption({ label: '3. Investigation' });
  await dialog.getByLabel('Quality process field').selectOption({ label: 'Investigation Summary' });
  const question = dialog.getByRole('combobox', { name: /^Question 1/ });
  await question.selectOption({ label: 'Lot Number (Id : 12)' });
  await expect(preview.getByRole('listitem', { name: 'Investigation Summary' })).toContainText('BlankThe answers or facts it reads are empty, so nothing is sent.');

  // The portal's own facts are sources too.
  await question.selectOption({ label: 'Portal: Investigation deadline' });
  await expect(preview.getByRole('listitem', { name: 'Investigation Summary' })).toHaveText(new RegExp(`${submission.investigationDeadline}$`));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Mapping Updated!')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Field mappings' }).getByRole('listitem', { name: 'Investigation Summary', exact: true })).toContainText('Portal: Investigation deadline');
  await expect(values.getByRole('listitem', { name: 'Investigation Summary' })).toContainText(submission.investigationDeadline);
  await expect(test).toContainText('2 of 8 mapped fields receive nothing and are reported as skipped.');

  const mine = ((await adminApi('/v1/field-mapping')) as { results: { _id: string; arenaFieldGUID: string }[] }).results.find((m) => m.arenaFieldGUID === SUMMARY)!;
  await adminApi(`/v1/field-mapping/${mine._id}`, { method: 'DELETE' });
});

test('the Create Quality Process dialog shows what each Arena field will receive', async ({ page, loginAs }) => {
  await loginAs('staff');
  // Only read here: the reportable one no other test transfers.
  const id = demoSubmissionId(DEMO_ROWS.findIndex((r) => r.workflow.submissionStatus === 'Pending Transfer' && r.workflow.reportable && !r.workflow.reportability));
  await page.goto(`/dashboard/jotforms/submission/${id}`);
  await page.getByRole('button', { name: 'Create Quality Process' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Quality Process' });
  const values = dialog.getByRole('list', { name: 'Values sent to Arena' });
  await expect(values.getByRole('listitem', { name: 'Become Aware Date' })).toHaveText(/Become Aware Date.*\d{4}-\d{2}-\d{2}$/);
  await expect(values.getByRole('listitem', { name: 'Complainant Email' })).toContainText('@');

  // Every field of the template is listed, mapped or not, in Arena's order.
  await expect(values.getByRole('listitem')).toHaveText([
    /^Complaint Title/, /^Become Aware Date/, /^Complainant Name/, /^Complainant Email/, /^Complaint Description/,
    /^Reportable\?/, /^Product/, /^Lot Number/, /^Event Date/, /^Symptoms/, /^Units Affected/,
    /^Investigation Summary/, /^Root Cause/,
  ]);
  await expect(dialog.getByRole('status')).toHaveText(/^\d+ of 13 fields of the Arena template receive a value; \d+ stay empty in Arena\.$/);
  // No mapping fills the title field: the name typed does.
  await dialog.getByLabel('Quality Process Name').fill('Pen needles with broken seals');
  await expect(values.getByRole('listitem', { name: 'Complaint Title' })).toContainText('Pen needles with broken sealsFrom the Quality Process Name: no mapping fills this field.');
  // The decision the portal holds, by default (the list's Mark made it reportable).
  await expect(values.getByRole('listitem', { name: 'Reportable?' })).toHaveText(/Yes$/);
  await expect(values.getByRole('listitem', { name: 'Event Date' })).toContainText('Not mappedNo mapping fills this field, so Arena leaves it empty.');
  await dialog.screenshot({ path: test.info().outputPath('create-dialog.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('saving a mapping unchanged records nothing in the audit trail and keeps its updatedAt', async ({ page, loginAs, adminApi }) => {
  await loginAs('admin');
  const mappings = ((await adminApi('/v1/field-mapping')) as { results: { _id: string; name: string; updatedAt: string }[] }).results;
  const mapping = mappings.find((m) => m.name === 'Complainant Name')!;
  const updates = async () =>
    ((await adminApi('/v1/audit?entity=field_mapping&action=update&limit=100')) as { results: { entityId: string }[] }).results.filter((e) => e.entityId === mapping._id).length;
  const before = await updates();
  await page.goto('/dashboard/configurations/field-mapping');
  await page.getByRole('button', { name: 'Edit mapping Complainant Name' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit mapping' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Mapping Updated!')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await updates()).toBe(before);
  const after = ((await adminApi('/v1/field-mapping')) as { results: { _id: string; updatedAt: string }[] }).results.find((m) => m._id === mapping._id)!;
  expect(after.updatedAt).toBe(mapping.updatedAt);
});
