import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { US_QUESTION, assessAndSign, assessmentDialog, expectNothingChosen } from './assessment-helpers.ts';
import { expect, test } from './fixtures.ts';
import { COLUMNS, CSV_HEADER, bodyRows, openDetails, openList, settled, table, toast } from './submissions-helpers.ts';

// Whole pages on a shared machine: more room than the default 30 s.
test.describe.configure({ timeout: 120_000 });

const section = (page: Page, name: string) => page.getByRole('region', { name });
/** A time as the complaint file shows it: local date and time to the minute, and the zone's short name. */
const MOMENT = String.raw`\d{4}-\d{2}-\d{2} \d{2}:\d{2} \S+`;

test('Mark as Reportable, then its rationale through the assessment, signed; History tells who did it and when', async ({ page, loginAs, newSubmission }) => {
  const { id: submissionId } = await newSubmission();
  const me = await loginAs('staff');
  await openDetails(page, submissionId);
  const reportability = section(page, 'Reportability');
  await expect(reportability.getByText('No decision yet')).toBeVisible();

  await page.getByRole('button', { name: 'Mark reportable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark as Reportable' });
  await expect(dialog).toContainText('Do you want to mark this submission as reportable?');
  // The question, Cancel and Confirm: nothing about the decision is chosen here.
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
  await expect(dialog.getByLabel('Category')).toHaveCount(0);
  const calls: string[] = [];
  page.on('request', (r) => ['PATCH', 'PUT', 'POST'].includes(r.method()) && !r.url().includes('/auth/') && calls.push(`${r.method()} ${new URL(r.url()).pathname}`));
  await dialog.getByRole('button', { name: 'Confirm' }).dblclick();
  await expect(toast(page, 'Marked as reportable')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Its rationale is offered at once: the assessment, signed with the password again.
  await page.getByRole('dialog', { name: 'Marked as reportable' }).getByRole('button', { name: 'Add rationale now' }).click();
  const assess = assessmentDialog(page);
  await assessAndSign(assess, { yes: [US_QUESTION.seriousInjury], decision: 'Reportable', rationale: 'Patient injured when the device failed; meets the MDR criteria.', password: me.password });
  await expect(toast(page, 'Reportability assessed, decided and signed')).toBeVisible();
  await expect(assess).toBeHidden();
  expect(calls).toEqual([
    `PATCH /v1/jotforms/submission/${submissionId}/mark-reportable`,
    `POST /v1/jotforms/submission/${submissionId}/assessments`,
    `PUT /v1/jotforms/submission/${submissionId}/reportability`,
  ]);

  await expect(reportability.getByText('Patient injured when the device failed; meets the MDR criteria.')).toBeVisible();
  await expect(reportability).toContainText(new RegExp(`Decided by ${me.name} — ${MOMENT}`));
  await expect(reportability).toContainText(new RegExp(`Signed by ${me.name} — ${MOMENT} — Reportability decided`));
  await expect(reportability).toContainText('Death or serious deterioration');
  // The mark-reportable call counted as a decision without a rationale: it is the earlier one now.
  await expect(reportability.getByRole('heading', { name: 'Earlier decisions' })).toBeVisible();
  await expect(reportability.getByRole('table', { name: 'Reporting clocks' }).getByRole('row', { name: /US MDR/ })).toContainText(/\d{4}-\d{2}-\d{2}/);

  const history = section(page, 'History');
  await expect(history.getByText(new RegExp(`^${me.name} marked it reportable$`))).toBeVisible();
  // Reportable already (the mark), the decision adds its rationale and category.
  await expect(history.getByText(new RegExp(`^${me.name} recorded a reportability decision$`))).toBeVisible();
  await expect(history).toContainText(new RegExp(`${me.name} marked it reportable — ${MOMENT}`));
  await expect(history).toContainText(/Reportable: No\s*→\s*(changed to\s*)?Yes/);
  // The submission came from JotForm's sync, with no portal user behind it.
  await expect(history.getByText(/^JotForm /).first()).toBeVisible();
});

test('Not reportable with a rationale, revised to reportable after a confirmation, then a filed report closes the clock', async ({ page, loginAs, newSubmission }) => {
  const { id: submissionId } = await newSubmission();
  const me = await loginAs('member');
  await openDetails(page, submissionId);
  const reportability = section(page, 'Reportability');
  await reportability.getByRole('button', { name: 'Assess reportability' }).click();
  let dialog = assessmentDialog(page);
  await assessAndSign(dialog, { decision: 'Not reportable', rationale: 'Cosmetic scratch only', password: me.password });
  await expect(toast(page, 'Reportability assessed, decided and signed').last()).toBeVisible();
  await expect(reportability.getByText('Not reportable', { exact: true })).toBeVisible();
  await expect(reportability).toContainText('No reporting clock runs: decided not reportable.');
  await expect(page.getByRole('region', { name: 'Review' }).locator('dd').getByText('Not reportable', { exact: true })).toBeVisible();

  await reportability.getByRole('button', { name: 'Revise to reportable' }).click();
  dialog = assessmentDialog(page);
  await expect(dialog.getByRole('radio', { name: 'Not reportable' })).toHaveCount(0);
  await expectNothingChosen(dialog);
  await assessAndSign(dialog, { yes: [US_QUESTION.seriousInjury], decision: 'Reportable', rationale: 'A second report shows the scratch cut the patient.', password: me.password });
  await expect(toast(page, 'Reportability assessed, decided and signed').last()).toBeVisible();
  await expect(reportability.getByText('A second report shows the scratch cut the patient.')).toBeVisible();
  await expect(reportability.getByRole('heading', { name: 'Earlier decisions' }).locator('..')).toContainText('Cosmetic scratch only');
  await expect(page.getByRole('region', { name: 'Review' }).locator('dd').getByText('Reportable', { exact: true })).toBeVisible();

  const clocks = reportability.getByRole('table', { name: 'Reporting clocks' });
  const usMdr = clocks.getByRole('row', { name: /US MDR/ });
  await expect(usMdr).toContainText(/Open|Due soon|Overdue/);
  await usMdr.getByRole('button', { name: /Record filed report/ }).click();
  dialog = page.getByRole('dialog', { name: 'Record filed report' });
  await dialog.getByLabel(/Reference/).fill('MW-3001234-2026-00017');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toContainText('This closes the regime’s reporting clock and cannot be undone.');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Filed report recorded')).toBeVisible();
  await expect(usMdr).toContainText('Met');
  await expect(usMdr).toContainText('Ref. MW-3001234-2026-00017');
  await expect(usMdr.getByRole('button', { name: /Record filed report/ })).toHaveCount(0);

  const history = section(page, 'History');
  await expect(history.getByText(new RegExp(`^${me.name} decided it not reportable$`))).toBeVisible();
  await expect(history.getByText(new RegExp(`^${me.name} recorded a filed report$`))).toBeVisible();
});

/** The e2e server's JotForm account time zone: the default of JOTFORM_TIMEZONE. */
const ACCOUNT_ZONE = 'America/New_York';
const dayIn = (timeZone: string, at = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
/** A browser zone whose calendar day is not the account's right now (UTC+14 and UTC−12 never share a day). */
const OTHER_DAY_ZONE = dayIn('Pacific/Kiritimati') !== dayIn(ACCOUNT_ZONE) ? 'Pacific/Kiritimati' : 'Etc/GMT+12';

test.describe('a viewer whose calendar day is not the JotForm account’s', () => {
  test.use({ timezoneId: OTHER_DAY_ZONE });

  test('records a filed report dated the account’s day, the latest date the dialog allows', async ({ page, loginAs, adminApi, newSubmission }) => {
    const forms = (await adminApi('/v1/jotforms')) as { results: { timeZone: string }[] };
    expect(forms.results[0]?.timeZone).toBe(ACCOUNT_ZONE);
    const accountDay = dayIn(ACCOUNT_ZONE);
    expect(await page.evaluate(() => new Date().toLocaleDateString('en-CA'))).not.toBe(accountDay);

    const { id: submissionId } = await newSubmission();
    await loginAs('staff');
    await openDetails(page, submissionId);
    await page.getByRole('button', { name: 'Mark reportable' }).click();
    let dialog = page.getByRole('dialog', { name: 'Mark as Reportable' });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, 'Marked as reportable')).toBeVisible();
    // The rationale later: the clocks run already.
    await page.getByRole('dialog', { name: 'Marked as reportable' }).getByRole('button', { name: 'Later' }).click();

    const usMdr = section(page, 'Reportability').getByRole('table', { name: 'Reporting clocks' }).getByRole('row', { name: /US MDR/ });
    await usMdr.getByRole('button', { name: /Record filed report/ }).click();
    dialog = page.getByRole('dialog', { name: 'Record filed report' });
    const reportedOn = dialog.getByLabel('Reported on');
    await expect(reportedOn).toHaveValue(accountDay);
    await expect(reportedOn).toHaveAttribute('max', accountDay);
    await dialog.getByLabel(/Reference/).fill('MW-3001234-2026-00031');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toContainText(`report as filed on ${accountDay}?`);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, 'Filed report recorded')).toBeVisible();
    await expect(usMdr).toContainText('Met');
  });
});

test('the list adds Reporting due after the ten columns and filters by clock and decision, in the URL and the CSV', async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs('staff');
  await openList(page);
  await expect(table(page).getByRole('columnheader')).toHaveText([...COLUMNS, 'Reporting due']);

  await page.getByLabel('Reporting clock').selectOption({ label: 'Overdue' });
  await expect(page).toHaveURL(/[?&]clock=overdue/);
  await settled(page);
  const rows = bodyRows(page);
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) await expect(row.getByRole('cell').nth(10)).toContainText('Overdue');

  await page.getByLabel('Decision').selectOption({ label: 'Reportable' });
  await expect(page).toHaveURL(/clock=overdue&decision=reportable/);
  await settled(page);
  const download = page.waitForEvent('download');
  const exported = page.waitForRequest((r) => r.url().includes('/exportSubmissionsCSV'));
  await page.getByRole('button', { name: 'Export Submissions' }).click();
  const query = new URL((await exported).url()).searchParams;
  expect([query.get('clock'), query.get('decision')]).toEqual(['overdue', 'reportable']);
  const text = await readFile((await (await download).path())!, 'utf8');
  expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(CSV_HEADER);

  // At 1280 px and below the column hides.
  await page.setViewportSize({ width: 1281, height: 900 });
  await expect(table(page).getByRole('columnheader', { name: 'Reporting due' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(table(page).getByRole('columnheader', { name: 'Reporting due' })).toBeHidden();
});

test('every dashboard card leads to its filtered list', async ({ page, loginAs }) => {
  await loginAs('admin');
  const card = (name: string) => page.getByRole('link', { name: new RegExp(`^${name}`) });
  await card('Total Users').click();
  await expect(page).toHaveURL(/\/dashboard\/users$/);

  const cases: [string, RegExp, (p: Page) => Promise<void>][] = [
    ['Total Submissions', /\/dashboard\/jotforms$/, async () => {}],
    ['Total Pending Reviews', /\?status=Pending\+Review$/, async (p) => expect(p.getByLabel('Status')).toHaveValue('Pending Review')],
    ['Total Pending Transfers', /\?status=Pending\+Transfer$/, async (p) => expect(p.getByLabel('Status')).toHaveValue('Pending Transfer')],
    ['Deadline within a Week', /\?deadline=week$/, async (p) => expect(p.getByText('Investigation deadline within a week')).toBeVisible()],
    ['Reporting overdue', /\?clock=overdue$/, async (p) => expect(p.getByLabel('Reporting clock')).toHaveValue('overdue')],
    ['Reporting due within 7 days', /\?clock=due_within_7_days$/, async (p) => expect(p.getByLabel('Reporting clock')).toHaveValue('due_within_7_days')],
  ];
  for (const [name, url, check] of cases) {
    await page.goto('/dashboard');
    await card(name).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { name: 'Form Submissions' })).toBeVisible();
    await check(page);
  }

  await page.goto('/dashboard');
  const chart = page.getByRole('figure', { name: 'Submissions per week' });
  await expect(chart).toContainText('The last 12 weeks by status');
  await chart.getByText('Show the numbers as a table').click();
  await expect(chart.getByRole('table').getByRole('row')).toHaveCount(13);
});

test('the audit trail: admins filter and export it, it cannot be cleared, members cannot open it', async ({ page, loginAs, browser }) => {
  await loginAs('admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit trail' }).click();
  await expect(page).toHaveURL(/\/dashboard\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  await expect(page.getByText(/cannot be cleared, unlike the system logs/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear', exact: true })).toHaveCount(0);
  const trail = page.getByRole('table', { name: 'Audit trail' });
  await expect(trail.locator('tbody tr').first()).toBeVisible();

  await page.getByLabel('Entity').selectOption({ label: 'Submission' });
  // Actions read in words: the import is what JotForm delivered.
  await expect(page.getByLabel('Action').locator('option', { hasText: 'Received from JotForm' })).toHaveCount(1);
  await page.getByLabel('Action').selectOption({ label: 'Received from JotForm' });
  await expect(page).toHaveURL(/entity=submission&action=import/);
  await expect(trail).not.toHaveAttribute('aria-busy', 'true');
  const first = trail.locator('tbody tr').first();
  await expect(first).toContainText('Submission');
  await expect(first).toContainText('Received from JotForm');
  await expect(first).toContainText('JotForm / the portal');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('audit_trail.csv');
  const text = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
  expect(text.split('\r\n')[0]).toBe('Time,Actor,Actor E-mail,Address,Entity,Entity ID,Action,Changes');
  expect(text.split('\r\n')[1]).toMatch(/,Submission,\d+,import,/);

  const member = await browser.newContext();
  const memberPage = await member.newPage();
  const { createAccount, signIn } = await import('./fixtures.ts');
  await signIn(memberPage, await createAccount(memberPage.request, 'member'));
  await expect(memberPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit trail' })).toHaveCount(0);
  await memberPage.goto('/dashboard/audit');
  await expect(memberPage).toHaveURL(/\/unauthorized$/);
  await member.close();
});
