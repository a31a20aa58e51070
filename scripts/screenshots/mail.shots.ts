import type { Page } from '@playwright/test';
import { createAccount, expect, signIn, test } from '../../tests/e2e/fixtures.ts';
import { demoSubmissionId, openDetails } from '../../tests/e2e/submissions-helpers.ts';
import { shot as save } from './shot.ts';
import { SCREENS } from './widths.ts';

/**
 * The Mail page, Confirm Submission with nobody to mail (admin and staff) and the details page's
 * e-mail status, at 1440, 1024 and 375 px. It switches every recipient off for a moment.
 */
test.describe.configure({ mode: 'serial' });

const MAILED = demoSubmissionId(12);
const UNDELIVERED = demoSubmissionId(24);

for (const { device, width, height } of SCREENS) {
  test(`mail screens at ${device} width`, async ({ page, browser, loginAs, adminApi, request }) => {
    const shot = (p: Page, name: string, fullPage = true) => save(p, `mail-${device}-${name}`, fullPage);
    await adminApi(`/v1/jotforms/submission/${MAILED}/send-email-recipient`, { method: 'POST' });
    await page.setViewportSize({ width, height });
    await loginAs('admin');
    await page.goto('/dashboard/mail');
    await expect(page.getByRole('table', { name: 'Mail' }).getByRole('row').nth(1)).toBeVisible();
    await shot(page, 'page');
    await openDetails(page, MAILED);
    await page.getByRole('region', { name: 'Notification e-mail' }).getByRole('listitem').first().waitFor();
    await shot(page, 'details-status');

    const recipients = (await adminApi('/v1/email-configs')) as { results: { id: string; active: boolean }[] };
    const active = recipients.results.filter((r) => r.active);
    for (const r of active) await adminApi(`/v1/email-configs/${r.id}`, { method: 'PATCH', data: { active: false } });
    try {
      // From the details page: on a phone the list hides its Delivered column.
      await openDetails(page, UNDELIVERED);
      await page.getByRole('button', { name: /^Mark delivered/ }).click();
      await expect(page.getByRole('dialog').getByRole('link', { name: 'Config page' })).toBeVisible();
      await shot(page, 'delivered-no-recipient-admin', false);

      const staffPage = await browser.newPage({ viewport: { width, height } });
      await signIn(staffPage, await createAccount(request, 'staff'));
      await openDetails(staffPage, UNDELIVERED);
      await staffPage.getByRole('button', { name: /^Mark delivered/ }).click();
      await expect(staffPage.getByRole('dialog')).toContainText('Ask an admin to add one');
      await shot(staffPage, 'delivered-no-recipient-staff', false);
      await staffPage.close();
    } finally {
      for (const r of active) await adminApi(`/v1/email-configs/${r.id}`, { method: 'PATCH', data: { active: true } });
    }
  });
}
