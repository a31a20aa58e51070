import { expect, test } from './fixtures.ts';
import { demoIndex, demoSubmissionId, openDetails, toast } from './submissions-helpers.ts';

/** The guided reportability assessment: the regulation's questions, the outcome beside them, the clocks before and after, signed. */
test.describe.configure({ timeout: 150_000 });

// Pending review and undecided, one per width; no other browser test decides them.
const TARGETS = {
  1440: demoSubmissionId(demoIndex((r) => r.scenario === 8 && r.workflow.submissionStatus === 'Pending Review')),
  375: demoSubmissionId(demoIndex((r) => r.scenario === 11 && r.workflow.submissionStatus === 'Pending Review')),
} as const;
const MALFUNCTION = /Has the device malfunctioned in a way that would be likely to cause or contribute to a death or serious injury/;

for (const width of [1440, 375] as const) {
  test(`an assessment walked to its outcome and signed, nothing chosen in advance (${width} px)`, async ({ page, loginAs }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const me = await loginAs('staff');
    await openDetails(page, TARGETS[width]);
    await page.getByRole('button', { name: 'Assess reportability' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assess reportability' });
    const us = dialog.getByRole('region', { name: /US MDR/ });
    await expect(us.getByRole('group', { name: MALFUNCTION })).toBeVisible();
    // Nothing is chosen for the handler: no answer, no decision.
    for (const radio of await dialog.getByRole('radio').all()) await expect(radio).not.toBeChecked();
    await expect(us.getByText('Answer the questions to see the outcome.')).toBeVisible();
    await expect(us.getByText(/Source: 21 CFR 803\.50\(a\)\(2\)/)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`1-questions-${width}.png`), fullPage: true });
    await page.screenshot({ path: testInfo.outputPath(`1-questions-view-${width}.png`) });

    // Continue without answers: every question must be answered.
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Answer every question asked.')).toBeVisible();

    // A malfunction that could cause a serious injury if it recurred; no death, no injury this time.
    await us.getByRole('group', { name: /caused or contributed to a death\?$/ }).getByRole('radio', { name: 'No' }).check();
    await us.getByRole('group', { name: /caused or contributed to a serious injury\?$/ }).getByRole('radio', { name: 'No' }).check();
    await us.getByRole('group', { name: MALFUNCTION }).getByRole('radio', { name: 'Yes' }).check();
    // The 5-day questions are asked only now; answered no, the 30-day clock applies.
    await us.getByRole('group', { name: /remedial action/ }).getByRole('radio', { name: 'No' }).check();
    await us.getByRole('group', { name: /5-day reports/ }).getByRole('radio', { name: 'No' }).check();
    // Any other regime the portal runs: no to whatever it asks.
    for (const group of await dialog.getByRole('group').all()) {
      const no = group.getByRole('radio', { name: 'No', exact: true });
      if ((await no.count()) === 1 && !(await group.getByRole('radio', { name: 'Yes', exact: true }).isChecked()) && !(await no.isChecked())) await no.check();
    }
    await expect(us.getByText('Reportable', { exact: true })).toBeVisible();
    await expect(us.getByText('Standard', { exact: true })).toBeVisible();
    await expect(us.getByText('21 CFR 803.50(a)(2): 30 calendar days')).toBeVisible();
    await expect(dialog.getByText('The answers give: Reportable.')).toBeVisible();

    // Deciding against the outcome asks why.
    await dialog.getByRole('radio', { name: 'Not reportable', exact: true }).check();
    await expect(dialog.getByLabel('Why the decision differs from the outcome')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Reportable', exact: true }).check();
    await expect(dialog.getByLabel('Why the decision differs from the outcome')).toHaveCount(0);
    await dialog.getByLabel('Rationale').fill('The pump alarm failure could delay a critical infusion if it recurred.');
    await page.screenshot({ path: testInfo.outputPath(`2-outcome-${width}.png`), fullPage: true });
    await dialog.getByRole('button', { name: 'Continue' }).click();

    // The confirm step: each clock's due date now and after, then the signature.
    const clocks = dialog.getByRole('table', { name: 'Reporting clocks before and after' });
    const usRow = clocks.getByRole('row', { name: /US MDR/ });
    await expect(usRow.getByRole('cell')).toHaveCount(2);
    const [now, after] = await usRow.getByRole('cell').allTextContents();
    expect(now).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(after).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(after! > now!).toBe(true);
    await expect(dialog.getByText('Electronic signature')).toBeVisible();
    await expect(dialog.getByText('Reportability decided')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`3-confirm-${width}.png`), fullPage: true });
    await page.getByText('Electronic signature').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`3-confirm-view-${width}.png`) });
    await dialog.getByLabel(/^Password/).fill(me.password);
    await dialog.getByRole('button', { name: 'Sign and record' }).click();
    await expect(toast(page, 'Reportability assessed, decided and signed')).toBeVisible();
    const section = page.getByRole('region', { name: 'Reportability' });
    await expect(section.getByText('The pump alarm failure could delay a critical infusion if it recurred.')).toBeVisible();
    await expect(section.getByRole('row', { name: /US MDR/ })).toContainText(after!);
    await page.screenshot({ path: testInfo.outputPath(`4-decided-${width}.png`), fullPage: true });
  });
}
