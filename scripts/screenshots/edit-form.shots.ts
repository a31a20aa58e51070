import type { Page } from '@playwright/test';
import { expect, test } from '../../tests/e2e/fixtures.ts';
import { shot as save } from './shot.ts';

/** The Edit Form screen and its dialogs at a desktop and a phone width (nothing is saved). */

const list = (page: Page) => page.getByRole('list', { name: 'Form questions' });

for (const [device, width] of [['desktop', 1366], ['phone', 390]] as const) {
  test(`edit form at ${device} width`, async ({ page, loginAs }) => {
    await page.setViewportSize({ width, height: device === 'phone' ? 844 : 900 });
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
  });
}
