import type { Page } from '@playwright/test';
import { expect, test } from '../../tests/e2e/fixtures.ts';
import { shot as save } from './shot.ts';
import { SCREENS } from './widths.ts';

/** The Edit Form screen and its dialogs at 1440, 1024 and 375 px (nothing is saved). */

const list = (page: Page) => page.getByRole('list', { name: 'Form questions' });

for (const { device, width, height } of SCREENS) {
  test(`edit form at ${device} width`, async ({ page, loginAs }) => {
    await page.setViewportSize({ width, height });
    // Only the list is shot whole: a full-page shot resizes the window, which cancels a keyboard
    // drag and leaves fixed dialogs and the sticky save bar where the old window ended.
    const shot = (name: string) => save(page, `edit-form-${device}-${name}`, name === 'list');
    await loginAs('admin');
    await page.goto('/dashboard/jotforms/edit');
    await expect(list(page)).toBeVisible();
    await shot('list');
    await page.getByRole('button', { name: 'Add Question' }).click();
    await page.getByRole('dialog').getByLabel('Order').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await shot('add-invalid');
    await page.keyboard.press('Escape');
    const remove = list(page).getByRole('button', { name: /^Delete question/ }).nth(1);
    await remove.click();
    await shot('delete-confirm');
    await page.keyboard.press('Escape');
    // The closed dialog hands focus back to its delete button: once it has, focusing the handle sticks.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(remove).toBeFocused();
    await list(page).getByRole('button', { name: /^Reorder question/ }).nth(1).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await shot('dragging');
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: 'Save order' })).toBeVisible();
    await shot('unsaved');
    await page.getByRole('button', { name: 'Discard' }).click();

    // The captcha asks a second time before it goes; the type's raw name shows on hover.
    const captcha = list(page).getByRole('listitem').filter({ hasText: 'control_captcha' });
    await captcha.getByText('Captcha', { exact: true }).hover();
    await shot('type-hover');
    await captcha.getByRole('button', { name: /^Delete question/ }).click();
    await shot('delete-captcha');
    await page.keyboard.press('Escape');
  });
}
