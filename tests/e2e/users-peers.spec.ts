import { randomUUID } from 'node:crypto';
import { createAccount, expect, signIn, test } from './fixtures.ts';
import { openUserEdit } from './users-helpers.ts';

const openEdit = openUserEdit;

test("an admin cannot change another admin's email, password or role, restrict or sign them out", async ({ page, loginAs, request }) => {
  const peer = await createAccount(request, 'admin', `AAA Peer ${randomUUID().slice(0, 6)}`);
  await loginAs('admin');
  const dialog = await openEdit(page, peer.email);
  await expect(dialog.getByText("Only a super_admin can change another admin's email, password or role.")).toBeVisible();
  for (const field of ['Email', 'Password', 'Role']) await expect(dialog.getByLabel(field)).toBeDisabled();
  await expect(dialog.getByLabel('Name')).toBeEnabled();
  await expect(dialog.getByRole('switch', { name: 'Restrict access' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Sign out everywhere' })).toBeDisabled();
});

test("a super_admin signs an admin out everywhere: the admin's browser returns to sign-in", async ({ page, browser, baseURL, loginAs, request }) => {
  const peer = await createAccount(request, 'admin', `AAA Away ${randomUUID().slice(0, 6)}`);
  const context = await browser.newContext({ baseURL });
  const theirs = await context.newPage();
  await signIn(theirs, peer);

  await loginAs('super_admin');
  const dialog = await openEdit(page, peer.email);
  await expect(dialog.getByLabel('Password')).toBeEnabled();
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  const confirm = page.getByRole('dialog', { name: 'Sign out everywhere?' });
  await expect(confirm).toContainText(`${peer.name} will be signed out on every device`);
  await confirm.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page.getByText('User signed out everywhere')).toBeVisible();

  await theirs.getByRole('link', { name: 'Users' }).first().click();
  await expect(theirs).toHaveURL(/\/auth\/login$/);
  await expect(theirs.getByRole('status').filter({ hasText: 'Your session has ended. Please sign in again.' })).toBeVisible();
  await context.close();
});

test('an admin editing their own row changes their password on My account instead', async ({ page, loginAs }) => {
  const me = await loginAs('admin');
  const dialog = await openEdit(page, me.email);
  await expect(dialog.getByText('Change your own password on My account.')).toBeVisible();
  await expect(dialog.getByLabel('Password')).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Sign out everywhere' })).toBeDisabled();
});
