import { expect, test } from '../../tests/e2e/fixtures.ts';
import { shot as save } from './shot.ts';
import { SCREENS } from './widths.ts';

/** The Configurations tabs and their dialogs at 1440, 1024 and 375 px (no mapping is saved). */

for (const { device, width, height } of SCREENS) {
  test(`configurations at ${device} width`, async ({ page, loginAs, adminApi }) => {
    await page.setViewportSize({ width, height });
    const shot = (name: string, fullPage = false) => save(page, `config-${device}-${name}`, fullPage);
    const recipient = (await adminApi('/v1/email-configs', { method: 'POST', data: { email: `quality-${device}@provider.example` } })) as { id: string };
    await loginAs('admin');

    await page.goto('/dashboard/configurations/field-mapping');
    await expect(page.getByRole('list', { name: 'Field mappings' })).toBeVisible();
    await shot('field-mapping', true);

    await page.getByRole('button', { name: 'Add mapping' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add mapping' });
    await shot('mapping-add-empty');
    await dialog.getByLabel('Quality process step').selectOption({ label: '3. Investigation' });
    await dialog.getByLabel('Quality process field').selectOption({ label: 'Root Cause' });
    await dialog.getByRole('combobox', { name: /^Question 1/ }).selectOption({ label: 'Lot Number (Id : 12)' });
    await dialog.getByRole('button', { name: /Preprocessing functions/ }).click();
    await page.getByRole('option', { name: /trim/ }).first().click();
    await shot('mapping-preprocessing-open');
    await page.keyboard.press('Escape');
    await dialog.getByRole('switch', { name: 'Concatenate' }).click();
    await dialog.getByRole('button', { name: 'Add question' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await shot('mapping-add-filled');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /^Edit mapping/ }).first().click();
    await page.getByRole('dialog', { name: 'Edit mapping' }).getByRole('switch', { name: 'Predefined' }).click();
    await shot('mapping-edit-predefined');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Delete mapping/ }).first().click();
    await shot('mapping-delete-confirm');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Config', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Notification emails' }).getByRole('row').nth(1)).toBeVisible();
    await shot('email-list', true);
    await page.getByRole('button', { name: 'Add email' }).click();
    await page.getByRole('dialog', { name: 'Add Email' }).getByLabel('Email').fill('not-an-email');
    await page.getByRole('dialog', { name: 'Add Email' }).getByRole('button', { name: 'Save' }).click();
    await shot('email-add-invalid');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Edit / }).first().click();
    await shot('email-edit');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Delete / }).first().click();
    await shot('email-delete-confirm');
    await page.keyboard.press('Escape');
    // Active recipients change what marking a submission delivered does in other tests.
    await adminApi(`/v1/email-configs/${recipient.id}`, { method: 'DELETE' });
  });
}
