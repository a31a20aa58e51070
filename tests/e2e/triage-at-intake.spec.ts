import { expect, test } from './fixtures.ts';
import { bodyRows, demoIndex, demoSubmissionId, openList, settled } from './submissions-helpers.ts';

/** Triage at intake: the demo's screening questions flag potential reportable events as they are imported. */
test.describe.configure({ timeout: 120_000 });

// The demo row that answers yes to a screening question (the infusion pump's malfunction) and waits for review, undecided.
const FLAGGED = demoSubmissionId(demoIndex((r) => r.scenario === 0 && r.workflow.submissionStatus === 'Pending Review'));
// Pending review, answering no to every screening question.
const PLAIN = demoSubmissionId(demoIndex((r) => r.scenario === 14 && r.workflow.submissionStatus === 'Pending Review'));

for (const width of [1440, 375]) {
  test(`the dashboard counts potential reportable events and its card lists them, each with its badge (${width} px)`, async ({ page, loginAs }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await loginAs('staff');
    await openList(page);
    await page.goto('/dashboard');
    const card = page.getByRole('list', { name: 'Reporting clocks' }).getByRole('link', { name: /Potential reportable events/ });
    await expect(card).toContainText(/[1-9]\d*$/);
    await page.screenshot({ path: testInfo.outputPath(`dashboard-${width}.png`), fullPage: true });
    await card.click();
    await expect(page).toHaveURL(/\/dashboard\/jotforms\?triage=potential&decision=undecided&closure=open$/);
    // The filter in force shows as its chip, which removes it.
    await expect(page.getByRole('button', { name: 'Remove filter: Potential reportable events', exact: true })).toBeVisible();
    await settled(page);
    const rows = bodyRows(page);
    expect(await rows.count()).toBeGreaterThan(0);
    for (const row of await rows.all()) await expect(row.getByText('Potential reportable event', { exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`list-${width}.png`), fullPage: true });
  });
}

test('the badge marks a flagged submission in the whole list and not the others', async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs('member');
  await openList(page, `?q=${FLAGGED}`);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first().getByText('Potential reportable event', { exact: true })).toBeVisible();
  await openList(page, `?q=${PLAIN}`);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first().getByText('Potential reportable event', { exact: true })).toHaveCount(0);
});

test('admins see the demo form’s screening questions named on the field-mapping screen', async ({ page, loginAs }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs('admin');
  await page.goto('/dashboard/configurations/field-mapping');
  const section = page.getByRole('region', { name: 'Screening questions' });
  await expect(section.getByLabel('Death', { exact: true })).toHaveValue('20');
  await expect(section.getByLabel('Serious injury', { exact: true })).toHaveValue('21');
  await expect(section.getByLabel('Malfunction', { exact: true })).toHaveValue('22');
  await expect(section.getByRole('button', { name: 'Save screening questions' })).toBeDisabled();
  await section.getByLabel('Death', { exact: true }).selectOption('21');
  await expect(section.getByText('This question is already named for another kind.')).toBeVisible();
  await section.screenshot({ path: testInfo.outputPath('screening-questions.png') });
  await section.getByRole('button', { name: 'Discard changes' }).click();
  await expect(section.getByLabel('Death', { exact: true })).toHaveValue('20');
});
