import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_QID } from '../../src/server/emulators/jotform/fixtures-form.ts';
import { US_QUESTION, assessAndSign, assessmentDialog } from './assessment-helpers.ts';
import { expect, test } from './fixtures.ts';
import { openDetails, openListAt, submissionOf, toast } from './submissions-helpers.ts';

/** The chip a filter in force shows as: a button that removes it. */
const chip = (page: Page, text: string) => page.getByRole('button', { name: `Remove filter: ${text}`, exact: true });

test('every dashboard link lands on a list whose filters show as chips, each removable', async ({ page, loginAs }) => {
  // Eight links followed one after the other.
  test.setTimeout(180_000);
  await loginAs('admin');
  const cases: [string, string[]][] = [
    ['Total Pending Reviews', ['Status: Pending Review']],
    ['Total Pending Transfers', ['Status: Pending Transfer']],
    ['Deadline within a Week', ['Investigation deadline within a week']],
    ['Reporting overdue', ['Reporting clock: Overdue']],
    ['Reporting due within 7 days', ['Reporting clock: Due within 7 days']],
    ['Decisions missing a rationale', ['Reportable — rationale missing']],
  ];
  for (const [card, chips] of cases) {
    await page.goto('/dashboard');
    await page.getByRole('link', { name: new RegExp(`^${card}`) }).click();
    await expect(page.getByRole('heading', { name: 'Form Submissions' })).toBeVisible();
    for (const text of chips) await expect(chip(page, text)).toBeVisible();
  }

  // "Assigned to me → Open" sets the owner and open complaints: both say so, and each goes on its own.
  await page.goto('/dashboard');
  await page.getByRole('region', { name: 'Assigned to me' }).getByRole('link', { name: /^Open \d+ assigned to me$/ }).click();
  await expect(chip(page, 'Owner: Me')).toBeVisible();
  await expect(chip(page, 'Open complaints only')).toBeVisible();
  await chip(page, 'Open complaints only').click();
  await expect(page).not.toHaveURL(/closure=/);
  await expect(page.getByLabel('Closure')).toHaveValue('');
  await expect(chip(page, 'Owner: Me')).toBeVisible();

  // An owner link of "Open complaints per owner": the same two filters, named.
  await page.goto('/dashboard');
  await page.getByRole('list', { name: 'Open complaints per owner' }).getByRole('link', { name: 'Nobody' }).click();
  await expect(chip(page, 'Owner: Nobody')).toBeVisible();
  await expect(chip(page, 'Open complaints only')).toBeVisible();
  await page.getByRole('button', { name: 'Clear all filters' }).click();
  await expect(page).toHaveURL(/\/dashboard\/jotforms$/);
  await expect(page.getByRole('button', { name: /^Remove filter:/ })).toHaveCount(0);
});

test('row buttons say what they do; a mark without rationale offers it at once; the audit row names the decision’s CH number', async ({ page, loginAs, adminApi, newSubmission }) => {
  test.setTimeout(90_000);
  const me = await loginAs('admin');
  const { id, submitter } = await newSubmission({ status: 'Successful Transfer' });
  const { chNumber } = await submissionOf(adminApi, id);
  expect(chNumber).toMatch(/^CH-/);

  const row = await openListAt(page, id);
  await expect(row.getByRole('button', { name: 'Mark reportable' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Add attempt' })).toBeVisible();

  await row.getByRole('button', { name: 'Mark reportable' }).click();
  const confirm = page.getByRole('dialog', { name: 'Mark as Reportable' });
  await expect(confirm).toContainText('Do you want to mark this submission as reportable?');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Marked as reportable')).toBeVisible();
  const offer = page.getByRole('dialog', { name: 'Marked as reportable' });
  await offer.getByRole('button', { name: 'Add rationale now' }).click();
  // The rationale is the assessment's: nothing chosen, reportable the one decision left.
  const decide = assessmentDialog(page);
  await expect(decide.getByRole('radio', { name: 'Not reportable' })).toHaveCount(0);
  await assessAndSign(decide, { yes: [US_QUESTION.malfunction], decision: 'Reportable', rationale: 'The pump stopped during an infusion: a malfunction that could injure.', password: me.password });
  await expect(toast(page, 'Reportability assessed, decided and signed')).toBeVisible();
  await expect(decide).toBeHidden();

  // The audit trail: found by the CH number, each entry naming the submission as people know it.
  await page.goto(`/dashboard/audit?submission=${encodeURIComponent(chNumber!)}&action=${encodeURIComponent('decide reportability')}`);
  const trail = page.getByRole('table', { name: 'Audit trail' });
  await expect(trail.locator('tbody tr')).toHaveCount(2);
  const marked = trail.locator('tbody tr').filter({ hasText: 'Reportability decided: marked reportable (no rationale)' });
  await expect(marked.getByRole('link', { name: `${chNumber} · ${submitter}` }).first()).toBeVisible();
  const decided = trail.locator('tbody tr').filter({ hasNotText: 'no rationale' });
  await expect(decided).toContainText('Reportability decided');
  await expect(decided.getByRole('link', { name: `${chNumber} · ${submitter}` }).first()).toBeVisible();
  await expect(decided).toContainText('The pump stopped during an infusion');
  await expect(trail).not.toContainText(/not_reportable|death_or_serious|US_MDR/);
  await expect(page.getByLabel('Submission')).toHaveValue(chNumber!);
});

test('creating a quality process says its new CH number beside the spec’s toast', async ({ page, loginAs, adminApi, newSubmission }) => {
  await loginAs('staff');
  const { id } = await newSubmission({ status: 'Pending Transfer' });
  const row = await openListAt(page, id);
  await row.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Quality Process' });
  await dialog.getByLabel(/Quality Process Name/).fill('Pump alarm at night');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Status updated successfully')).toBeVisible();
  const { chNumber } = await submissionOf(adminApi, id);
  expect(chNumber).toMatch(/^CH-/);
  await expect(toast(page, 'Status updated successfully')).toContainText(`Quality process ${chNumber} created in Arena.`);
});

test('the complaint panel shows the reporter’s phone and e-mail', async ({ page, loginAs, newSubmission }) => {
  await loginAs('staff');
  const { id, submitter } = await newSubmission({ answers: { [DEMO_QID.phone]: '(555) 010-4477' } });
  await openDetails(page, id);
  const complaint = page.getByRole('region', { name: 'The complaint' });
  const contact = complaint.getByRole('heading', { name: "Reporter's contact details" });
  await expect(contact).toBeVisible();
  await expect(complaint.getByRole('link', { name: '(555) 010-4477' })).toHaveAttribute('href', 'tel:5550104477');
  const email = `${submitter.split(' ')[1]!.toLowerCase()}@example.com`;
  await expect(complaint.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
});

test('on a phone the dashboard starts with the handler’s own work, every control at least 44 px', async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await loginAs('staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const mine = page.getByRole('region', { name: 'Assigned to me' });
  await expect(mine).toBeVisible();
  // The first card under the heading, inside the first screen.
  const mineBox = (await mine.boundingBox())!;
  const totalsBox = (await page.getByRole('list', { name: 'Summary statistics' }).boundingBox())!;
  expect(mineBox.y).toBeLessThan(totalsBox.y);
  expect(mineBox.y + mineBox.height).toBeLessThan(812);
  await expect(mine).toContainText('due soon is within 3 days');
  // Each card says which deadline it counts.
  await expect(page.getByRole('link', { name: /^Deadline within a Week/ })).toContainText('Investigation deadlines in the next 7 days');
  await expect(page.getByRole('link', { name: /^Reporting due within 7 days/ })).toContainText('Regulatory report due dates in the next 7 days');
  const small: string[] = [];
  for (const control of await page.locator('main a:visible, main button:visible, main summary:visible').all()) {
    const box = await control.boundingBox();
    if (box && box.height < 44) small.push(`${(await control.textContent())?.trim()} (${Math.round(box.width)}×${Math.round(box.height)})`);
  }
  expect(small).toEqual([]);
});

test('the sandbox’s sign-in provider pages have no serious axe finding and fetch nothing from elsewhere', async ({ page }) => {
  test.slow();
  const outside: string[] = [];
  page.on('request', (r) => {
    const host = new URL(r.url()).hostname;
    if (host !== '127.0.0.1' && host !== 'localhost') outside.push(r.url());
  });
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Continue with single sign-on' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in' })).toBeVisible();
  const serious = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.length}`);
  expect(await serious()).toEqual([]);
  await page.getByLabel('E-mail address').fill('nobody-here@example.com');
  await page.getByLabel('Password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Authorize' })).toBeVisible();
  expect(await serious()).toEqual([]);
  await page.getByRole('button', { name: 'Continue' }).click();
  // Back at the portal, which refuses an e-mail it has no account for.
  await expect(page.getByRole('alert')).toContainText('There is no Quality Portal account for nobody-here@example.com');
  expect(outside).toEqual([]);
});
