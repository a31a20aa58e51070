import { expect, test } from '../../tests/e2e/fixtures.ts';
import { demoIndex, demoSubmissionId, openDetails, openList } from '../../tests/e2e/submissions-helpers.ts';
import { shot as save } from './shot.ts';

/** The complaint file: dashboard chart and clock cards, reporting filters, reportability, history, follow-up notes, audit trail. */

const WIDTHS = { desktop: 1440, phone: 375 } as const;

for (const [device, width] of Object.entries(WIDTHS)) {
  test(`complaint file screens at ${device} width`, async ({ page, loginAs, adminApi }) => {
    await page.setViewportSize({ width, height: device === 'phone' ? 812 : 900 });
    const shot = (name: string, fullPage = true) => save(page, `complaint-${device}-${name}`, fullPage);
    const dialogShot = async (open: () => Promise<void>, name: string) => {
      await open();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot(name, false);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    };

    // One submission with a decided, revised and partly filed history (the same on both widths).
    const decided = demoSubmissionId(demoIndex((r) => r.workflow.submissionStatus === 'Pending Review' && !r.isNew && !r.workflow.reportable, 1));
    if (device === 'desktop') {
      await adminApi(`/v1/jotforms/submission/${decided}/reportability`, { method: 'PUT', data: { decision: 'not_reportable', rationale: 'Cosmetic scratch on the housing, no injury reported.' } });
      await adminApi(`/v1/jotforms/submission/${decided}/reportability`, {
        method: 'PUT',
        data: { decision: 'reportable', rationale: 'Follow-up call: the sharp edge cut the patient; serious injury.', category: 'death_or_serious_deterioration', regimes: ['US_MDR', 'EU_MDR'] },
      });
      await adminApi(`/v1/jotforms/submission/${decided}/reportability/reports`, { method: 'POST', data: { regime: 'EU_MDR', reportedOn: new Date().toISOString().slice(0, 10), reference: 'EUDAMED-MIR-2026-000417' } });
      await adminApi(`/v1/jotforms/submission/${decided}/followups`, { method: 'POST', data: { text: 'Called the reporter; photos of the device requested.' } });
      await adminApi(`/v1/jotforms/submission/${decided}/followups`, { method: 'POST', data: { text: 'Photos received; device quarantined.' } });
    }

    await loginAs('admin');
    await expect(page.getByRole('list', { name: 'Reporting clocks' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Submissions per week' }).locator('svg rect').first()).toBeVisible();
    await shot('dashboard');

    await openList(page, '?clock=overdue');
    await shot('list-overdue');

    await openDetails(page, decided);
    await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Reportability' }).getByText('Earlier decisions')).toBeVisible();
    await shot('details');
    await dialogShot(() => page.getByRole('button', { name: /^Add\s*follow-up$|^Edit\s*follow-up$/ }).click(), 'dialog-followups');
    await dialogShot(() => page.getByRole('button', { name: 'Revise decision' }).click(), 'dialog-decision');
    await dialogShot(() => page.getByRole('button', { name: /Record filed report for US MDR/ }).click(), 'dialog-filed-report');

    const undecided = demoSubmissionId(demoIndex((r) => r.workflow.submissionStatus === 'Pending Review' && !r.isNew && !r.workflow.reportable, 3));
    await openDetails(page, undecided);
    await page.getByRole('button', { name: 'Mark as reportable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark as Reportable' });
    await shot('dialog-reportable', false);
    await dialog.getByLabel('Rationale (optional)').fill('Device failure with injury; meets the reporting criteria.');
    await shot('dialog-reportable-rationale', false);
    await page.keyboard.press('Escape');

    await page.goto('/dashboard/audit');
    await expect(page.getByRole('table', { name: 'Audit trail' }).locator('tbody tr').first()).toBeVisible();
    await shot('audit');
  });
}
