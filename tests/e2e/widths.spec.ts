import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { bodyRows, demoIndex, demoSubmissionId, openDetails, openList, table } from './submissions-helpers.ts';

/**
 * The table breakpoints (599, 959, 1280 px) are max-widths, no screen scrolls sideways at the
 * widths people use (decisions 029 and 040), and on a phone the hidden columns and the row actions
 * stay reachable through an expandable row.
 */

/** The breakpoints' edges, and the laptop widths (1366 px is the commonest office screen). */
const WIDTHS = [1440, 1366, 1281, 1280, 1024, 768, 375] as const;

/** What scrolls sideways: the page itself, and any box inside it that scrolls (table wrappers). */
async function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    for (const el of document.querySelectorAll<HTMLElement>('main *')) {
      const { overflowX } = getComputedStyle(el);
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth) {
        const name = el.querySelector('table')?.getAttribute('aria-label') ?? el.className.slice(0, 60);
        found.push(`${name}: ${el.scrollWidth} > ${el.clientWidth}`);
      }
    }
    return found;
  });
}

async function checkWidths(page: Page, screen: string, ready: () => Promise<void>): Promise<string[]> {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await ready();
    for (const p of await sidewaysScrollers(page)) problems.push(`${screen} at ${width} px: ${p}`);
  }
  return problems;
}

const firstRow = (page: Page, name: string) => async () => {
  await expect(page.getByRole('table', { name }).locator('tbody tr').first()).toBeVisible();
};

test('no table screen scrolls sideways at 1440, 1366, 1281, 1280, 1024, 768 or 375 px', async ({ page, loginAs, adminApi }) => {
  test.setTimeout(120_000);
  await adminApi('/v1/email-configs', { method: 'POST', data: { email: `widths-${Date.now()}@provider.example` } }).catch(() => undefined);
  await loginAs('admin');
  const problems: string[] = [];

  await openList(page);
  problems.push(...(await checkWidths(page, 'submissions', async () => void (await expect(bodyRows(page).first()).toBeVisible()))));

  await openDetails(page, demoSubmissionId(0));
  problems.push(...(await checkWidths(page, 'details', async () => void (await expect(page.getByRole('heading', { name: 'Submission Details' })).toBeVisible()))));

  await page.goto('/dashboard/users');
  problems.push(...(await checkWidths(page, 'users', firstRow(page, 'Users'))));

  await page.goto('/dashboard/logs');
  problems.push(...(await checkWidths(page, 'logs', firstRow(page, 'Logs'))));

  await page.goto('/dashboard/mail');
  problems.push(...(await checkWidths(page, 'mail', async () => void (await expect(page.getByRole('table', { name: 'Mail' })).toBeVisible()))));

  await page.goto('/dashboard/configurations/field-mapping');
  problems.push(...(await checkWidths(page, 'field mapping', async () => void (await expect(page.getByRole('button', { name: 'Add mapping' })).toBeVisible()))));

  await page.goto('/dashboard/configurations/email-config');
  problems.push(...(await checkWidths(page, 'email config', firstRow(page, 'Notification emails'))));

  await page.goto('/dashboard/jotforms/edit');
  problems.push(...(await checkWidths(page, 'edit form', async () => void (await expect(page.getByRole('list', { name: 'Form questions' })).toBeVisible()))));

  await page.goto('/dashboard');
  problems.push(...(await checkWidths(page, 'dashboard', async () => void (await expect(page.getByRole('list', { name: 'Summary statistics' })).toBeVisible()))));

  expect(problems).toEqual([]);
});

test('from 1281 to 1440 px every row of the submissions list fits beside the sidebar, Reporting due in view', async ({ page, loginAs }) => {
  test.setTimeout(90_000);
  await loginAs('staff');
  for (const pageNumber of [1, 2]) {
    await openList(page, `?limit=30&page=${pageNumber}`);
    for (const width of [1281, 1366, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(bodyRows(page).first()).toBeVisible();
      const list = await table(page).evaluate((el) => {
        const box = el.parentElement!;
        const due = [...el.querySelectorAll('th')].find((th) => th.textContent === 'Reporting due')!.getBoundingClientRect();
        return { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth, dueRight: due.right, boxRight: box.getBoundingClientRect().right };
      });
      expect(list.scrollWidth, `page ${pageNumber} at ${width} px`).toBeLessThanOrEqual(list.clientWidth);
      expect(list.dueRight, `page ${pageNumber} at ${width} px`).toBeLessThanOrEqual(list.boxRight);
    }
  }
});

test('a column tagged 599, 959 or 1280 is hidden at exactly that width and shown one pixel wider', async ({ page, loginAs }) => {
  await loginAs('staff');
  await openList(page);
  const header = (name: string) => table(page).getByRole('columnheader', { name });
  for (const [width, name] of [[1280, 'CH-Number'], [959, 'BAD'], [599, 'Investigation Deadline']] as const) {
    await page.setViewportSize({ width, height: 900 });
    await expect(header(name)).toBeHidden();
    await page.setViewportSize({ width: width + 1, height: 900 });
    await expect(header(name)).toBeVisible();
  }
  // Which columns hide is unchanged: at 1280 the two 1280 columns go, the rest stay.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(table(page).getByRole('columnheader')).toHaveText(['Submission Date', 'Submitter Name', 'Form Status', 'BAD', 'Investigation Deadline', 'Reportable', 'CH-Title', 'Delivered']);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(table(page).getByRole('columnheader')).toHaveText(['Submission Date', 'Submitter Name', 'Form Status']);
});

test('at 375 px a row opens to show its hidden columns and actions: Create, Retry, Mark as reportable, Mark as delivered', async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await loginAs('staff');
  const pending = demoSubmissionId(demoIndex((r) => r.workflow.submissionStatus === 'Pending Transfer' && !r.workflow.chTitle && !r.workflow.reportable && !r.workflow.emailDelivered));
  const failed = demoSubmissionId(demoIndex((r) => r.workflow.submissionStatus === 'Transfer Error' && !r.workflow.chTitle));

  await openList(page, `?q=${pending}`);
  await expect(bodyRows(page)).toHaveCount(1);
  const more = table(page).getByRole('button', { name: 'More of this row' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  // Opening the row is not opening the submission.
  await expect(page).toHaveURL(/\/dashboard\/jotforms\?/);
  const details = page.locator(`[id="${await more.getAttribute('aria-controls')}"]`);
  for (const term of ['BAD', 'Investigation Deadline', 'Reportable', 'CH-Number', 'CH-Title', 'Good Faith Efforts', 'Delivered']) {
    await expect(details.getByRole('term').filter({ hasText: term })).toBeVisible();
  }
  await expect(details.getByRole('button', { name: 'Mark reportable' })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
  await details.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Quality Process' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await more.press('Enter');
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(details).toHaveCount(0);

  await openList(page, `?q=${failed}`);
  await expect(bodyRows(page)).toHaveCount(1);
  await table(page).getByRole('button', { name: 'More of this row' }).click();
  await expect(table(page).getByRole('button', { name: 'Retry', exact: true })).toBeVisible();
});
