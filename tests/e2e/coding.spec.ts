import type { Page } from '@playwright/test';
import { DEMO_QID } from '../../src/server/emulators/jotform/fixtures-form.ts';
import { expect, test } from './fixtures.ts';
import { openDetails, toast } from './submissions-helpers.ts';

test.describe.configure({ timeout: 120_000 });

const section = (page: Page, name: string) => page.getByRole('region', { name });
/** The product the coded complaint is about (a choice of the demo form's product question). */
export const CODED_PRODUCT = 'Nebulizer Kit NK-10';

test('a handler codes a complaint with the picker, by keyboard; the codes show with their release and in the history', async ({ page, loginAs, newSubmission }) => {
  const { id } = await newSubmission({ answers: { [DEMO_QID.product]: CODED_PRODUCT, [DEMO_QID.lotNumber]: 'LOT 25B007' } });
  const me = await loginAs('staff');
  await openDetails(page, id);
  const codes = section(page, 'IMDRF codes');
  await expect(codes.getByText('Not coded yet.')).toBeVisible();

  const picker = codes.getByRole('combobox', { name: 'Add an IMDRF code' });
  await picker.fill('leak');
  const list = page.getByRole('listbox', { name: 'Matching IMDRF terms' });
  const fluid = list.getByRole('option', { name: /A050401 Fluid\/Blood Leak/ });
  await expect(fluid).toBeVisible();
  // Each term comes with its definition.
  await expect(fluid).toContainText('Annex A, Medical device problem');
  // Down to "Fluid/Blood Leak" with the arrow keys, then Enter.
  const options = list.getByRole('option');
  const names = await options.allTextContents();
  const at = names.findIndex((n) => n.startsWith('A050401 '));
  expect(at).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < at; i++) await picker.press('ArrowDown');
  await expect(fluid).toHaveAttribute('aria-selected', 'true');
  await picker.press('Enter');
  await expect(toast(page, 'A050401 Fluid/Blood Leak added')).toBeVisible();
  const coded = codes.getByRole('list', { name: 'Codes of this complaint' });
  await expect(coded.getByRole('listitem')).toHaveCount(1);
  await expect(coded).toContainText('A050401 Fluid/Blood Leak');
  await expect(coded).toContainText(`IMDRF AE terminology, Release 2023 (31 January 2023) · coded by ${me.name}`);

  // A heading of Annex E is listed, marked, and Enter adds nothing.
  await picker.fill('nervous system');
  const heading = list.getByRole('option', { name: /^E01 Nervous System/ });
  await expect(heading).toHaveAttribute('aria-disabled', 'true');
  await expect(heading).toContainText('not selectable');
  // A second code: a clinical sign, picked with the mouse.
  await picker.fill('bruise');
  await list.getByRole('option', { name: /E2002 Bruise\/Contusion/ }).click();
  await expect(coded.getByRole('listitem')).toHaveCount(2);
  await picker.press('Escape');

  const history = section(page, 'History');
  await expect(history.getByText(new RegExp(`^${me.name} coded it$`)).first()).toBeVisible();
  await expect(history).toContainText('A050401 Fluid/Blood Leak, E2002 Bruise/Contusion');

  // Removing one keeps the other.
  await codes.getByRole('button', { name: 'Remove E2002 Bruise/Contusion' }).click();
  await expect(coded.getByRole('listitem')).toHaveCount(1);
  await expect(coded).toContainText('A050401');
});
