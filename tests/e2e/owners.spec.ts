import { randomUUID } from 'node:crypto';
import { createAccount, expect, test } from './fixtures.ts';
import { bodyRows, openDetails, openList, settled, toast } from './submissions-helpers.ts';

test('a handler takes a complaint, finds it under Owner "Me" and on the dashboard, then hands it to a colleague', async ({ page, request, loginAs, newSubmission }) => {
  const colleague = await createAccount(request, 'staff', `Rowan Okafor ${randomUUID().slice(0, 4)}`);
  const me = await loginAs('staff');
  const { id } = await newSubmission();

  await openDetails(page, id);
  const owner = page.getByRole('region', { name: 'Owner' });
  await expect(owner).toContainText('Nobody');
  await owner.getByRole('button', { name: 'Take it' }).click();
  await expect(toast(page, 'You own this submission now')).toBeVisible();
  await expect(owner).toContainText(me.name);
  await expect(owner.getByRole('button', { name: 'Take it' })).toHaveCount(0);

  // The list: Owner "Me" shows only what this new account owns — this submission.
  await openList(page);
  await page.getByLabel('Owner').selectOption({ label: 'Me' });
  await expect(page).toHaveURL(/owner=me/);
  await settled(page);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(me.name.split(' ').map((w) => w[0]).join('').slice(0, 2));

  // The dashboard's card counts it and links to the same list.
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Assigned to me' });
  await card.getByRole('link', { name: 'Open 1 assigned to me' }).click();
  await expect(page).toHaveURL(/owner=me/);
  await expect(bodyRows(page)).toHaveCount(1);

  // Handed to a colleague with the keyboard: choose the person, then Assign.
  await openDetails(page, id);
  await owner.getByLabel('Person to assign').selectOption({ label: colleague.name });
  await owner.getByRole('button', { name: 'Assign', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, `Assigned to ${colleague.name}`)).toBeVisible();
  await expect(owner).toContainText(colleague.name);
  await expect(page.getByRole('region', { name: 'History' })).toContainText(colleague.name);
  await owner.getByRole('button', { name: 'Unassign' }).click();
  await expect(toast(page, 'Owner removed')).toBeVisible();
  await expect(owner).toContainText('Nobody');
});
