import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { DEMO_QID } from '../../src/server/emulators/jotform/fixtures-form.ts';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { createAccount, expect, signIn, test } from './fixtures.ts';
import { bodyRows, demoIndex, demoSubmissionId, openDetails, openList, toast } from './submissions-helpers.ts';

/**
 * axe on every screen and every dialog opened from it (1440 px), and on the sign-in, list and
 * details screens at 375 px. Findings are collected over the whole walk and asserted once, so one
 * run names them all. Only serious and critical findings fail the run.
 */

type Findings = string[];

/**
 * Sonner's fade and every CSS transition (a dialog's or menu's entrance, a colour) must end first:
 * axe reads the colours mid-fade otherwise (a button enabled once its data arrives fades from its
 * disabled colour for 150 ms, and was once read half-way).
 */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('[data-sonner-toast][data-mounted="false"]')).toHaveCount(0);
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
}

const SERIOUS = ['serious', 'critical'];

async function scan(page: Page, where: string, findings: Findings, impacts = SERIOUS): Promise<void> {
  await settle(page);
  // label-content-name-mismatch is experimental in axe (off by default); Lighthouse counts it.
  const { violations } = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  for (const v of violations) {
    if (!impacts.includes(v.impact ?? '')) continue;
    const targets = v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ');
    findings.push(`${where}: ${v.id} (${v.impact}) ${targets}`);
    console.log(findings.at(-1), v.nodes[0]?.failureSummary);
  }
}

/** Opens a dialog with `trigger`, scans it, closes it with Escape. */
async function scanDialog(page: Page, where: string, trigger: Locator, findings: Findings): Promise<void> {
  await trigger.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await scan(page, where, findings);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

// Rows this file only reads: tests that change a submission create their own.
const PENDING_TRANSFER = demoSubmissionId(demoIndex((r) => r.workflow.submissionStatus === 'Pending Transfer' && !r.workflow.reportable && !r.workflow.emailDelivered));
const PENDING_REVIEW = demoSubmissionId(demoIndex((r) => r.workflow.submissionStatus === 'Pending Review'));

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('the public screens at 1440 px have no serious or critical axe finding', async ({ page }) => {
  const findings: Findings = [];
  for (const path of ['/auth/login', '/auth/reset-password', '/auth/email-confirmation', '/unauthorized', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await scan(page, path, findings);
  }
  expect(findings).toEqual([]);
});

test('the dashboard and the user menu at 1440 px have no serious or critical axe finding', async ({ page }) => {
  const findings: Findings = [];
  await signIn(page, E2E_ADMIN);
  // The sign-in toast is up: success toasts are scanned on a real screen.
  await expect(toast(page, 'User Login successfully!')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Summary statistics' })).toBeVisible();
  await scan(page, 'dashboard with a success toast', findings);
  // The toast leaves on its own after a few seconds: gone first, so its fade-out cannot fall inside the next scan.
  await expect(toast(page, 'User Login successfully!')).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole('button', { name: /Open user menu/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  // Landmark and heading findings (moderate) were once seen while the menu was open: none of any impact is allowed.
  await scan(page, 'user menu open', findings, ['minor', 'moderate', ...SERIOUS]);
  await page.keyboard.press('Escape');
  expect(findings).toEqual([]);
});

test('the submissions list and its dialogs at 1440 px have no serious or critical axe finding', async ({ page }) => {
  const findings: Findings = [];
  await signIn(page, E2E_ADMIN);
  await openList(page);
  await scan(page, 'submissions list', findings);
  const row = (state: RegExp) => bodyRows(page).filter({ has: page.getByText(state) }).first();
  await scanDialog(page, 'list: Mark as reportable', bodyRows(page).getByRole('button', { name: 'Mark reportable' }).first(), findings);
  await scanDialog(page, 'list: Mark as delivered', bodyRows(page).getByRole('button', { name: 'Mark delivered' }).first(), findings);
  await scanDialog(page, 'list: Follow-Ups', bodyRows(page).getByRole('button', { name: 'Add attempt' }).first(), findings);
  await scanDialog(page, 'list: steps', row(/Successful Transfer/).getByRole('button', { name: /view quality process steps/ }), findings);
  await page.getByLabel(/Date filter|Filter/).first().selectOption({ label: 'Custom' }).catch(() => undefined);
  await scan(page, 'list: custom dates', findings);
  expect(findings).toEqual([]);
});

// Its own test: the portal under test signs out after a minute without requests (playwright.config.ts).
test('the details screen of a complaint pending transfer and its dialogs at 1440 px have no serious or critical axe finding', async ({ page }) => {
  const findings: Findings = [];
  await signIn(page, E2E_ADMIN);
  await openDetails(page, PENDING_TRANSFER);
  await scan(page, 'details (pending transfer)', findings);
  // Approved with its decision left for later, the Reportable box asks for the assessment.
  await scanDialog(page, 'details: Assess reportability', page.getByRole('button', { name: 'Assess reportability' }).first(), findings);
  await scanDialog(page, 'details: Mark as delivered', page.getByRole('button', { name: /^Mark delivered/ }), findings);
  await scanDialog(page, 'details: follow-up', page.getByRole('button', { name: 'Add attempt' }).first(), findings);
  // With the values it will send to Arena on screen.
  await page.getByRole('button', { name: /Create/ }).first().click();
  await expect(page.getByRole('dialog').getByRole('list', { name: 'Values sent to Arena' })).toBeVisible();
  await scan(page, 'details: create quality process', findings);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(findings).toEqual([]);
});

test('the details screen of a complaint pending review and its dialogs at 1440 px have no serious or critical axe finding', async ({ page }) => {
  const findings: Findings = [];
  await signIn(page, E2E_ADMIN);
  await openDetails(page, PENDING_REVIEW);
  await scan(page, 'details (pending review)', findings);
  await scanDialog(page, 'details: Mark as reportable', page.getByRole('button', { name: /^Mark reportable/ }), findings);
  await scanDialog(page, 'details: deny', page.getByRole('button', { name: 'Deny' }), findings);
  expect(findings).toEqual([]);
});

test('the Edit Form screen and its dialogs at 1440 px have no serious or critical axe finding', async ({ page }) => {
  const findings: Findings = [];
  await signIn(page, E2E_ADMIN);

  await page.goto('/dashboard/jotforms/edit');
  await expect(page.getByRole('list', { name: 'Form questions' })).toBeVisible();
  await scan(page, 'edit form', findings);
  await scanDialog(page, 'edit form: Add Question', page.getByRole('button', { name: 'Add Question' }), findings);
  await scanDialog(page, 'edit form: delete', page.getByRole('button', { name: /^Delete question/ }).nth(1), findings);
  expect(findings).toEqual([]);
});

test('the Users screen and its dialogs at 1440 px have no serious or critical axe finding', async ({ page, request }) => {
  await createAccount(request, 'staff');
  const findings: Findings = [];
  await signIn(page, E2E_ADMIN);
  await page.goto('/dashboard/users');
  await expect(page.getByRole('table', { name: /Users/ }).locator('tbody tr').first()).toBeVisible();
  await scan(page, 'users', findings);
  await scanDialog(page, 'users: Add User', page.getByRole('button', { name: 'Add user' }), findings);
  await scanDialog(page, 'users: Edit User', page.getByRole('button', { name: /^Edit/ }).first(), findings);
  expect(findings).toEqual([]);
});

test('the Field Mapping screen and its dialogs at 1440 px have no serious or critical axe finding', async ({ page }) => {
  const findings: Findings = [];
  await signIn(page, E2E_ADMIN);
  await page.goto('/dashboard/configurations/field-mapping');
  await expect(page.getByRole('list', { name: 'Field mappings' })).toBeVisible();
  await scan(page, 'field mapping', findings);
  // "Test with a submission" with its values shown; the forms below then preview their own value.
  await page.getByRole('region', { name: 'Test with a submission' }).getByLabel('Submission').selectOption({ index: 1 });
  await expect(page.getByRole('list', { name: 'Values sent to Arena' })).toBeVisible();
  await scan(page, 'field mapping: test with a submission', findings);
  await scanDialog(page, 'field mapping: add', page.getByRole('button', { name: 'Add mapping' }), findings);
  await scanDialog(page, 'field mapping: edit', page.getByRole('button', { name: /^Edit mapping/ }).first(), findings);
  await scanDialog(page, 'field mapping: delete', page.getByRole('button', { name: /^Delete mapping/ }).first(), findings);
  expect(findings).toEqual([]);
});

test('the notification e-mails screen and its dialogs at 1440 px have no serious or critical axe finding', async ({ page, adminApi }) => {
  // An inactive recipient: rows to open Edit and Delete on, without mailing anyone in other tests.
  const email = `a11y-${Date.now()}@provider.example`;
  const recipient = (await adminApi('/v1/email-configs', { method: 'POST', data: { email } })) as { id: string };
  await adminApi(`/v1/email-configs/${recipient.id}`, { method: 'PATCH', data: { email, active: false } });
  const findings: Findings = [];
  await signIn(page, E2E_ADMIN);

  await page.goto('/dashboard/configurations/email-config');
  await expect(page.getByRole('table', { name: 'Notification emails' }).getByText(email)).toBeVisible();
  await scan(page, 'email config', findings);
  await scanDialog(page, 'email config: add', page.getByRole('button', { name: 'Add email' }), findings);
  await scanDialog(page, 'email config: edit', page.getByRole('button', { name: `Edit ${email}` }), findings);
  await scanDialog(page, 'email config: delete', page.getByRole('button', { name: `Delete ${email}` }), findings);
  await adminApi(`/v1/email-configs/${recipient.id}`, { method: 'DELETE' });
  expect(findings).toEqual([]);
});

test('the Logs, Mail, Integrations and account screens and their dialogs at 1440 px have no serious or critical axe finding', async ({ page }) => {
  const findings: Findings = [];
  await signIn(page, E2E_ADMIN);
  await page.goto('/dashboard/logs');
  await expect(page.getByRole('table', { name: 'Logs' }).locator('tbody tr').first()).toBeVisible();
  await scan(page, 'logs', findings);
  await scanDialog(page, 'logs: clear', page.getByRole('button', { name: 'Clear' }), findings);

  await page.goto('/dashboard/mail');
  await expect(page.getByRole('table', { name: 'Mail' })).toBeVisible();
  await scan(page, 'mail', findings);

  await page.goto('/dashboard/integrations');
  await expect(page.getByRole('region', { name: 'Mail' })).toBeVisible();
  await scan(page, 'integrations', findings);

  await page.goto('/dashboard/account');
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await scan(page, 'account', findings);
  await scanDialog(page, 'account: sign out other sessions', page.getByRole('button', { name: 'Sign out other sessions' }), findings);
  expect(findings).toEqual([]);
});

test('the Trends page, with a coded complaint, a firing rule and the rule form open, at 1440 and 375 px has no serious or critical axe finding', async ({ page, adminApi, newSubmission }) => {
  test.setTimeout(180_000);
  // A product of its own: the chart, the table, the signal and the rule are this test's.
  const product = `A11y Pump ${randomUUID().slice(0, 6)}`;
  const { id } = await newSubmission({ answers: { [DEMO_QID.product]: product } });
  await adminApi(`/v1/jotforms/submission/${id}/codes`, { method: 'PUT', data: { codes: ['A0401'] } });
  await adminApi('/v1/trends/rules', { method: 'POST', data: { kind: 'count', product, code: 'A0401', windowDays: 30, count: 1 } });
  const findings: Findings = [];
  const trendsTable = page.getByRole('table', { name: 'Complaints per month by product and IMDRF code' });
  // The portal signs out after a minute without requests: the phone width first, each scan right after a page load.
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, E2E_ADMIN);
  await page.goto(`/dashboard/trends?product=${encodeURIComponent(product)}`);
  // The first trend query of a fresh server on a busy machine may take a while.
  await expect(trendsTable.getByRole('row')).toHaveCount(2, { timeout: 30_000 });
  await scan(page, '375 trends', findings);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/dashboard/trends?product=${encodeURIComponent(product)}`);
  await expect(trendsTable.getByRole('row')).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Signals in this period' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Signal rules' }).getByRole('listitem').filter({ hasText: product })).toContainText('Firing');
  await scan(page, 'trends', findings);
  await page.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.getByRole('form', { name: 'New signal rule' })).toBeVisible();
  await scan(page, 'trends: new rule', findings);
  await page.getByRole('form', { name: 'New signal rule' }).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: `Edit the rule for ${product} · A0401` }).click();
  await expect(page.getByRole('form', { name: 'Edit signal rule' })).toBeVisible();
  await scan(page, 'trends: edit rule', findings);

  expect(findings).toEqual([]);
});

test('the sign-in, list and details screens at 375 px have no serious or critical axe finding', async ({ page }) => {
  const findings: Findings = [];
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/auth/login');
  await scan(page, '375 login', findings);
  await signIn(page, E2E_ADMIN);
  await page.getByRole('button', { name: 'Open sidebar' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await scan(page, '375 slide-over', findings);
  await page.keyboard.press('Escape');
  await openList(page);
  await scan(page, '375 list', findings);
  await openDetails(page, PENDING_TRANSFER);
  await scan(page, '375 details', findings);
  expect(findings).toEqual([]);
});
