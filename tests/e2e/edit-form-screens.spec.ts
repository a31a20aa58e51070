import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Screenshots of the Edit Form screen and its dialogs at a desktop and a phone width, for a person
 * to look at (run with SHOTS_DIR=/tmp/shots). Skipped in normal runs: it asserts nothing new.
 * Nothing is saved, so it can run beside the edit-form tests.
 */
test.skip(!process.env.SHOTS_DIR, 'set SHOTS_DIR to take screenshots');

const list = (page: Page) => page.getByRole('list', { name: 'Form questions' });

test.describe.configure({ timeout: 120_000 });

for (const [device, width] of [['desktop', 1366], ['phone', 390]] as const) {
  test(`edit form at ${device} width`, async ({ page, loginAs }) => {
    await page.setViewportSize({ width, height: device === 'phone' ? 844 : 900 });
    const shot = async (name: string) => {
      await page.waitForTimeout(400); // dialogs and toasts finish fading in
      // Only the list is shot whole: a full-page shot resizes the window, which cancels a keyboard
      // drag and leaves fixed dialogs and the sticky save bar where the old window ended.
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/edit-form-${device}-${name}.png`, fullPage: name === 'list' });
    };
    await loginAs('admin');
    await page.goto('/dashboard/jotforms/edit');
    await expect(list(page)).toBeVisible();
    await shot('list');
    await page.getByRole('button', { name: 'Add Question' }).click();
    await page.getByRole('dialog').getByLabel('Order').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await shot('add-invalid');
    await page.keyboard.press('Escape');
    await list(page).getByRole('button', { name: /^Delete question/ }).nth(1).click();
    await shot('delete-confirm');
    await page.keyboard.press('Escape');
    // The closed dialog hands focus back to its delete button; wait, or it would take the focus from the handle.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.waitForTimeout(300);
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
