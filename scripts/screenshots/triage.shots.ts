import { expect, test } from '../../tests/e2e/fixtures.ts';
import { demoIndex, demoSubmissionId, openDetails, openList, settled } from '../../tests/e2e/submissions-helpers.ts';
import { shot as save } from './shot.ts';

/**
 * Morning triage at 1440, 1366 (the commonest office laptop, 768 px high) and 375 px: the dashboard
 * cards, the list sorted by Reporting due, a details page asking for a missing rationale, and the
 * assessment beside the complaint (changes no data).
 */
const TRIAGE_SCREENS = [
  { device: '1440', width: 1440, height: 900 },
  { device: '1366', width: 1366, height: 768 },
  { device: '375', width: 375, height: 812 },
] as const;

// Marked reportable from the list in the demo: its rationale is missing.
const MARKED = demoSubmissionId(demoIndex((r) => r.workflow.submissionStatus === 'Pending Review' && !!r.isNew && r.workflow.reportable));

for (const { device, width, height } of TRIAGE_SCREENS) {
  test(`triage screens at ${device} width`, async ({ page, loginAs }) => {
    await page.setViewportSize({ width, height });
    const shot = (name: string, fullPage = true) => save(page, `triage-${device}-${name}`, fullPage);
    await loginAs('staff');

    await page.goto('/dashboard');
    await expect(page.getByRole('link', { name: /Decisions missing a rationale/ })).toBeVisible();
    await shot('dashboard');

    await openList(page, '?sort=reportingDue:asc');
    await settled(page);
    await shot('list-reporting-due', false);
    await openList(page, '?rationale=missing');
    await shot('list-rationale-missing', false);

    await openDetails(page, MARKED);
    await expect(page.getByRole('region', { name: 'The complaint' })).toBeVisible();
    await shot('details-top', false);
    await shot('details');
    await page.getByRole('button', { name: 'Add rationale' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Assess reportability' })).toBeVisible();
    await shot('dialog-assessment', false);
    await page.keyboard.press('Escape');

    await openDetails(page, demoSubmissionId(demoIndex((r) => r.workflow.submissionStatus === 'Pending Review' && !r.workflow.reportable && !r.workflow.reportability)));
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(page.getByRole('dialog', { name: 'Deny Submission' })).toBeVisible();
    await shot('dialog-deny', false);
  });
}
