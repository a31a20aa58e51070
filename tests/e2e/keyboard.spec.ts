import { randomUUID } from 'node:crypto';
import { createAccount, expect, test } from './fixtures.ts';
import { LIST, bodyRows, openList, table } from './submissions-helpers.ts';
import { openUserEdit } from './users-helpers.ts';

/** Keyboard and focus (decision 030). */

test('"Skip to content" is the first Tab stop and lands on the page heading; the table is two Tabs away', async ({ page, loginAs }) => {
  await loginAs('admin');
  await openList(page);
  // A fresh load: focus starts on the document, as the browser leaves it.
  await page.reload();
  // Rows that open a submission are focusable; the loading row is not.
  await expect(bodyRows(page).first()).toHaveAttribute('tabindex', '0');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Form: Complaint Form - BTS' })).toBeFocused();
  expect(page.url()).not.toContain('#');

  // From a fresh load, two Tabs and Enter reach the first row of the submissions table.
  await page.reload();
  // Rows that open a submission are focusable; the loading row is not.
  await expect(bodyRows(page).first()).toHaveAttribute('tabindex', '0');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to table' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(bodyRows(page).first()).toBeFocused();
  // Enter on the focused row opens the submission, whose heading then has the focus.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/jotforms\/submission\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Submission Details' })).toBeFocused();
});

test('after moving to another page the focus is on its heading, not on <body>', async ({ page, loginAs }) => {
  await loginAs('admin');
  // Signing in is a navigation too.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [link, heading] of [['Logs', 'Logs'], ['Users', 'Users'], ['Jotforms', 'Form: Complaint Form - BTS'], ['Configurations', 'Configurations']] as const) {
    await nav.getByRole('link', { name: link }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused();
  }
  // The next Tab goes on from the heading into the page, not back to the top bar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true });

  test('log process explanations open from the keyboard and by touch, not only on hover', async ({ page, loginAs }) => {
    await loginAs('admin');
    await page.goto('/dashboard/logs');
    const process = page.getByRole('table', { name: 'Logs' }).getByRole('button', { name: 'Auth', exact: true }).first();
    await expect(process).toBeVisible();
    await expect(process).toHaveAccessibleDescription('Auth: sign-in, sign-out and session events');
    await process.focus();
    const tip = page.getByRole('tooltip').filter({ hasText: 'Auth: sign-in, sign-out and session events' }).first();
    await expect(tip).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tip).toBeHidden();
    await process.blur();
    await process.tap();
    await expect(tip).toBeVisible();
    expect(await process.getAttribute('title')).toBeNull();
  });
});

test('Edit User: "Restrict access" acts at once in its own section; Cancel does not undo it', async ({ page, loginAs, request, adminApi }) => {
  const account = await createAccount(request, 'staff', `AAA Keys ${randomUUID().slice(0, 6)}`);
  await loginAs('admin');
  const dialog = await openUserEdit(page, account.email);
  const access = dialog.getByRole('region', { name: 'Access' });
  await expect(access).toContainText('These take effect immediately: Save and Cancel do not apply to them.');
  // The switch is not among the fields the form's Save applies.
  await expect(dialog.locator('form').getByRole('switch')).toHaveCount(0);
  await access.getByRole('switch', { name: 'Restrict access' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'User Restricted' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  const users = (await adminApi(`/v1/users?limit=100`)) as { results: { email: string; isRestricted: boolean }[] };
  expect(users.results.find((u) => u.email === account.email)?.isRestricted).toBe(true);
});

test("a request that times out shows the raw 'timeout of 60000ms exceeded' and Try again fetches again", async ({ page, loginAs }) => {
  await page.clock.install();
  await loginAs('staff');
  const listCall = (url: URL) => /\/v1\/jotforms\/\d+$/.test(url.pathname);
  // The list's reply never comes; everything else does.
  await page.route(listCall, () => undefined);
  await page.goto(LIST);
  await expect(page.getByRole('heading', { level: 1, name: 'Form: Complaint Form - BTS' })).toBeVisible();
  await page.clock.fastForward(60_000);
  const alert = page.getByRole('alert').filter({ hasText: 'Error: timeout of 60000ms exceeded' });
  await expect(alert).toBeVisible();
  await page.unroute(listCall);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(table(page).locator('tbody tr').first().getByRole('cell').nth(1)).toBeVisible();
  await expect(alert).toHaveCount(0);
});
