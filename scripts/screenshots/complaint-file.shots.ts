import { E2E_ADMIN } from '../../playwright.config.ts';
import { expect, test } from '../../tests/e2e/fixtures.ts';
import { demoIndex, demoSubmissionId, openDetails, openList } from '../../tests/e2e/submissions-helpers.ts';
import { shot as save } from './shot.ts';

/** The complaint file: dashboard chart and clock cards, reporting filters, reportability, history, follow-up notes, audit trail. */

const WIDTHS = { desktop: 1440, phone: 375 } as const;

for (const [device, width] of Object.entries(WIDTHS)) {
  test(`complaint file screens at ${device} width`, async ({ page, loginAs, request }) => {
    await page.setViewportSize({ width, height: device === 'phone' ? 812 : 900 });
    const shot = (name: string, fullPage = true) => save(page, `complaint-${device}-${name}`, fullPage);
    const dialogShot = async (open: () => Promise<void>, name: string) => {
      await open();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot(name, false);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    };

    // One submission with a decided, revised and partly filed history (the same on both widths),
    // each decision signed "Reportability decided" as the API asks.
    const decided = demoSubmissionId(demoIndex((r) => r.workflow.submissionStatus === 'Pending Review' && !r.isNew && !r.workflow.reportable, 1));
    if (device === 'desktop') {
      const login = await request.post('/v1/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
      const headers = { authorization: `Bearer ${(await login.json()).tokens.access.token as string}` };
      const call = async (method: string, path: string, data: object) => {
        const res = await request.fetch(path, { method, data, headers });
        expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
        return res.json();
      };
      const signature = async () => ({ token: ((await call('POST', '/v1/auth/signing-token', { password: E2E_ADMIN.password })) as { token: string }).token, meaning: 'Reportability decided' });
      const decide = async (data: object) => call('PUT', `/v1/jotforms/submission/${decided}/reportability`, { ...data, signature: await signature() });
      await decide({ decision: 'not_reportable', rationale: 'Cosmetic scratch on the housing, no injury reported.' });
      await decide({ decision: 'reportable', rationale: 'Follow-up call: the sharp edge cut the patient; serious injury.', category: 'death_or_serious_deterioration', regimes: ['US_MDR', 'EU_MDR'] });
      await call('POST', `/v1/jotforms/submission/${decided}/reportability/reports`, { regime: 'EU_MDR', reportedOn: new Date().toISOString().slice(0, 10), reference: 'EUDAMED-MIR-2026-000417' });
      await call('POST', `/v1/jotforms/submission/${decided}/followups`, { text: 'Called the reporter; photos of the device requested.', method: 'phone' });
      await call('POST', `/v1/jotforms/submission/${decided}/followups`, { text: 'Photos received; device quarantined.', method: 'email' });
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
    await dialogShot(() => page.getByRole('button', { name: 'Add attempt' }).first().click(), 'dialog-followups');
    await dialogShot(() => page.getByRole('button', { name: 'Revise decision' }).click(), 'dialog-assessment');
    await dialogShot(() => page.getByRole('button', { name: /Record filed report for US MDR/ }).click(), 'dialog-filed-report');

    const undecided = demoSubmissionId(demoIndex((r) => r.workflow.submissionStatus === 'Pending Review' && !r.isNew && !r.workflow.reportable, 3));
    await openDetails(page, undecided);
    await page.getByRole('button', { name: /^Mark reportable/ }).click();
    await expect(page.getByRole('dialog', { name: 'Mark as Reportable' })).toBeVisible();
    await shot('dialog-reportable', false);
    await page.keyboard.press('Escape');

    await page.goto('/dashboard/audit');
    await expect(page.getByRole('table', { name: 'Audit trail' }).locator('tbody tr').first()).toBeVisible();
    await shot('audit');
  });
}
