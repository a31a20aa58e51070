import { expect, test } from './fixtures.ts';
import { openDetails, openListAt, toast } from './submissions-helpers.ts';

test.describe.configure({ timeout: 90_000 });

interface MailPage {
  results: { id: string; status: string; submissionId: string | null; to: string[]; resendOf: string | null }[];
}

test('a double-clicked Confirm on "Mark as delivered" sends each call once and queues one mail', async ({ page, loginAs, adminApi, newSubmission }) => {
  const { id: DOUBLE_CLICKED } = await newSubmission({ status: 'Successful Transfer' });
  await loginAs('staff');
  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes(`/submission/${DOUBLE_CLICKED}/`)) writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  const row = await openListAt(page, DOUBLE_CLICKED);
  await row.getByRole('button', { name: 'Mark delivered' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Submission' });
  const confirm = dialog.getByRole('button', { name: 'Confirm' });
  // The sandbox's demo recipient is there, so Confirm is offered.
  await expect(dialog).toContainText('The notification recipients are emailed about it.');
  await confirm.dblclick();
  await expect(toast(page, 'Marked as delivered and email sent')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(writes.sort()).toEqual([`PATCH /v1/jotforms/submission/${DOUBLE_CLICKED}/mark-email-delivered`, `POST /v1/jotforms/submission/${DOUBLE_CLICKED}/send-email-recipient`]);
  const mail = (await adminApi(`/v1/mail?submissionId=${DOUBLE_CLICKED}`)) as MailPage;
  expect(mail.results).toHaveLength(1);

  // The details page tells what became of it.
  await openDetails(page, DOUBLE_CLICKED);
  const panel = page.getByRole('region', { name: 'Notification e-mail' });
  await expect(panel).toContainText('Stored (no mail server)');
  await expect(panel).toContainText('Kept in the outbox for 1 recipient: no mail server is configured.');
  await expect(panel.getByRole('link', { name: 'Open the Mail page' })).toHaveCount(0);
});

test('admins find every message on the Mail page and resend one, once', async ({ page, loginAs, adminApi, newSubmission }) => {
  const { id: RESENT } = await newSubmission({ status: 'Successful Transfer' });
  await adminApi(`/v1/jotforms/submission/${RESENT}/send-email-recipient`, { method: 'POST' });
  await loginAs('admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mail' }).click();
  await expect(page).toHaveURL(/\/dashboard\/mail$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mail' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Mail' }).getByRole('row').filter({ hasText: `Submission ${RESENT} delivered` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('quality-team@example.com');
  await expect(row).toContainText('Stored (no mail server)');

  let resends = 0;
  page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/resend') && resends++);
  await row.getByRole('button', { name: /Resend/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Resend e-mail' });
  // It names whom it goes to before it goes.
  const to = dialog.getByRole('list', { name: 'It goes to the notification recipients active now:' });
  await expect(to.getByRole('listitem')).toContainText(['quality-team@example.com']);
  await dialog.getByRole('button', { name: 'Resend' }).dblclick();
  await expect(toast(page, 'E-mail queued again')).toBeVisible();
  expect(resends).toBe(1);
  const mail = (await adminApi(`/v1/mail?submissionId=${RESENT}`)) as MailPage;
  expect(mail.results.map((m) => m.resendOf)).toEqual([mail.results[1]!.id, null]);
  await expect(page.getByRole('table', { name: 'Mail' }).getByRole('row').filter({ hasText: `Submission ${RESENT} delivered` })).toHaveCount(2);
});

test('the Mail page is for admins only', async ({ page, loginAs }) => {
  await loginAs('staff');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mail' })).toHaveCount(0);
  await page.goto('/dashboard/mail');
  await expect(page).toHaveURL(/\/unauthorized$/);
});
