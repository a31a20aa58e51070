import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** Root Cause (step 3, Investigation): not mapped by the sandbox, so this file owns it. */
const ROOT_CAUSE = 'MC7Q7YVSKYL8BV09BZQC';

interface Mapping {
  _id: string;
  arenaFieldGUID: string;
  name: string;
  predefined: boolean;
  predefinedValue: string | null;
  concatenate: boolean;
  concatenateDelimiter: string | null;
  formFieldQID: { qid: string; answer: string; preprocessingFunctions: string[] }[];
}

// Long flows against JotForm and Arena twins on a busy machine: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const mappingCard = (page: Page, name: string) => page.getByRole('list', { name: 'Field mappings' }).getByRole('listitem', { name, exact: true });

/** Picks preprocessing functions in order from the row's multi-select, then closes it. */
async function pickFunctions(page: Page, row: Locator, names: string[]): Promise<void> {
  await row.getByRole('button', { name: /Preprocessing functions/ }).click();
  for (const name of names) await page.getByRole('option', { name: new RegExp(`^\\d*\\s*${name}\\b`) }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

test.describe('as an admin', () => {
  test.beforeEach(async ({ loginAs }) => {
    await loginAs('admin');
  });

  test('Configurations opens on Field Mapping, with the tabs and the mappings', async ({ page }) => {
    await page.goto('/dashboard/configurations');
    await expect(page).toHaveURL(/\/dashboard\/configurations\/field-mapping$/);
    await expect(page.getByRole('link', { name: 'Field Mapping' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: 'Config', exact: true })).toBeVisible();
    const card = mappingCard(page, 'Complainant Name');
    await expect(card).toContainText('OY0BRC9EHIA2R7IYO0A2');
    await expect(card).toContainText('Full Name (Id : 3)');
    await expect(card).toContainText('answer');
    await expect(card).toContainText('fullName');
  });

  test('a mapping is created, edited and deleted', async ({ page, adminApi }) => {
    await page.goto('/dashboard/configurations/field-mapping');
    await page.getByRole('button', { name: 'Add mapping' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add mapping' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();

    // The field: by step, then by name; fields mapped already cannot be chosen twice.
    await dialog.getByLabel('Quality process step').selectOption({ label: '1. Complaint Intake' });
    await expect(dialog.getByRole('option', { name: 'Complainant Name (already mapped)' })).toBeDisabled();
    await dialog.getByLabel('Quality process step').selectOption({ label: '3. Investigation' });
    await expect(save).toBeDisabled();
    await dialog.getByLabel('Quality process field').selectOption({ label: 'Root Cause' });
    await expect(save).toBeEnabled();
    await expect(dialog).toContainText('Single line text');
    await expect(dialog).toContainText('Optional');
    await expect(dialog).toContainText(`GUID ${ROOT_CAUSE}`);

    // Questions: no headings or buttons; rows start on 'answer' without preprocessing.
    const first = dialog.getByRole('listitem', { name: 'Mapped question 1' });
    const questionSelect = first.getByRole('combobox', { name: /^Question 1/ });
    await expect(questionSelect.locator('option', { hasText: 'Complaint Form - BTS' })).toHaveCount(0);
    await expect(questionSelect.locator('option', { hasText: 'Submit (Id : 19)' })).toHaveCount(0);
    await questionSelect.selectOption({ label: 'Lot Number (Id : 12)' });
    await expect(first.getByLabel('Answer key')).toHaveValue('answer');
    await pickFunctions(page, first, ['trim', 'uppercase']);
    await expect(first.getByRole('button', { name: /Preprocessing functions/ })).toContainText('trim → uppercase');

    await dialog.getByRole('button', { name: 'Add question' }).click();
    const second = dialog.getByRole('listitem', { name: 'Mapped question 2' });
    await expect(second.getByLabel('Answer key')).toHaveValue('answer');
    await expect(second.getByRole('button', { name: /Preprocessing functions/ })).toContainText('None');
    await second.getByRole('combobox', { name: /^Question 2/ }).selectOption({ label: 'What happened? (Id : 13)' });
    await second.getByLabel('Answer key').selectOption('prettyFormat');

    // Concatenate: switching it off and on again clears the delimiter.
    const concatenate = dialog.getByRole('switch', { name: 'Concatenate' });
    await concatenate.click();
    await dialog.getByLabel('Delimiter').fill(' | ');
    await concatenate.click();
    await concatenate.click();
    await expect(dialog.getByLabel('Delimiter')).toHaveValue('');
    await dialog.getByLabel('Delimiter').fill(' / ');

    await save.click();
    await expect(page.getByText('Mapping Updated!')).toBeVisible();
    await expect(dialog).toBeHidden();
    const card = mappingCard(page, 'Root Cause');
    await expect(card).toContainText(ROOT_CAUSE);
    await expect(card).toContainText('Lot Number (Id : 12)');
    await expect(card).toContainText('trim → uppercase');
    await expect(card).toContainText('prettyFormat');
    await expect(card).toContainText('Joined with the delimiter');
    const stored = ((await adminApi('/v1/field-mapping')) as { results: Mapping[] }).results.find((m) => m.arenaFieldGUID === ROOT_CAUSE);
    expect(stored).toMatchObject({
      name: 'Root Cause', predefined: false, concatenate: true, concatenateDelimiter: ' / ',
      formFieldQID: [{ qid: '12', answer: 'answer', preprocessingFunctions: ['trim', 'uppercase'] }, { qid: '13', answer: 'prettyFormat', preprocessingFunctions: [] }],
    });

    // Edit: it opens as saved; Predefined replaces the questions with one value.
    await card.getByRole('button', { name: 'Edit mapping Root Cause' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit mapping' });
    await expect(edit.getByLabel('Quality process step')).toHaveValue('AJKH82845VG9QK2F8M3J');
    await expect(edit.getByLabel('Quality process field')).toHaveValue(ROOT_CAUSE);
    await expect(edit.getByLabel('Delimiter')).toHaveValue(' / ');
    await edit.getByRole('switch', { name: 'Predefined' }).click();
    await edit.getByLabel('Predefined value').fill('Operator error');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Mapping Updated!').first()).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(card).toContainText('Predefined');
    await expect(card).toContainText('Operator error');
    await expect(card).not.toContainText('Lot Number');

    // Delete, after confirmation.
    await card.getByRole('button', { name: 'Delete mapping Root Cause' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete mapping?' });
    await expect(confirm).toContainText('Root Cause');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Mapping Object Deleted!')).toBeVisible();
    await expect(card).toHaveCount(0);
    expect(((await adminApi('/v1/field-mapping')) as { results: Mapping[] }).results.some((m) => m.arenaFieldGUID === ROOT_CAUSE)).toBe(false);
  });

  test('Predefined: switching it off and on again clears the value; Escape closes the form', async ({ page }) => {
    await page.goto('/dashboard/configurations/field-mapping');
    await page.getByRole('button', { name: 'Add mapping' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add mapping' });
    await dialog.getByLabel('Quality process step').selectOption({ label: '2. Evaluation' });
    // A field no default mapping takes (the decision, the product and the lot are mapped from the start).
    await dialog.getByLabel('Quality process field').selectOption({ label: 'Units Affected' });
    const predefined = dialog.getByRole('switch', { name: 'Predefined' });
    await predefined.click();
    await dialog.getByLabel('Predefined value').fill('2');
    await predefined.click();
    await predefined.click();
    await expect(dialog.getByLabel('Predefined value')).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('notification emails are added, edited to inactive and deleted', async ({ page }) => {
    const email = `qa-${randomUUID().slice(0, 8)}@provider.example`;
    const renamed = `lead-${randomUUID().slice(0, 8)}@provider.example`;
    await page.goto('/dashboard/configurations');
    await page.getByRole('link', { name: 'Config', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/configurations\/email-config$/);
    await expect(page.getByRole('table', { name: 'Notification emails' })).toBeVisible();

    await page.getByRole('button', { name: 'Add email' }).click();
    const add = page.getByRole('dialog', { name: 'Add Email' });
    await expect(add.getByLabel('Email')).toHaveAttribute('type', 'email');
    await add.getByLabel('Email').fill('not-an-email');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.getByText('Enter a valid email address.')).toBeVisible();
    await add.getByLabel('Email').fill(email);
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Email added successfully!')).toBeVisible();
    await expect(add).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(email) });
    await expect(row).toContainText('Active');

    await row.getByRole('button', { name: `Edit ${email}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Email' });
    await expect(edit.getByLabel('Email')).toHaveValue(email);
    await edit.getByLabel('Email').fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('Email is required.')).toBeVisible();
    await edit.getByLabel('Email').fill(renamed);
    await edit.getByLabel('Status').selectOption('Inactive');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Email updated successfully!')).toBeVisible();
    await expect(edit).toBeHidden();
    const renamedRow = page.getByRole('row', { name: new RegExp(renamed) });
    await expect(renamedRow).toContainText('Inactive');

    await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click();
    await page.getByRole('dialog', { name: 'Delete email?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Email deleted successfully')).toBeVisible();
    await expect(renamedRow).toHaveCount(0);
  });
});

test('staff cannot open Configurations', async ({ page, loginAs }) => {
  await loginAs('staff');
  await page.goto('/dashboard/configurations');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await page.goto('/dashboard/configurations/email-config');
  await expect(page).toHaveURL(/\/unauthorized$/);
});
