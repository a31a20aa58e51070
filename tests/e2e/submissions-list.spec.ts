import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { COLUMNS, CSV_HEADER, LIST, bodyRows, demoSubmissionId, openList, settled, submissionOf, table, toast } from './submissions-helpers.ts';

// Whole pages on a shared machine: more room than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const listRequest = (url: string) => /\/v1\/jotforms\/\d+(\?|$)/.test(new URL(url).pathname + new URL(url).search) && !url.includes('exportSubmissionsCSV');

/** The BAD column's values on screen. */
const badValues = async (page: Page) => (await bodyRows(page).locator('td:nth-child(4)').allTextContents()).map((t) => t.trim());

test.describe('as staff', () => {
  test.beforeEach(async ({ loginAs }) => {
    await loginAs('staff');
  });

  test('shows the form title, the table and its ten columns (then Reporting due), newest first, 10 a page', async ({ page }) => {
    const first = page.waitForRequest((r) => listRequest(r.url()));
    await openList(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Form: Complaint Form - BTS' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Form Submissions' })).toBeVisible();
    await expect(table(page).getByRole('columnheader')).toHaveText([...COLUMNS, 'Reporting due']);
    await expect(page.getByRole('columnheader', { name: 'Submission Date' })).toHaveAttribute('aria-sort', 'descending');
    const url = new URL((await first).url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ page: '1', limit: '10', sortBy: 'submissionDate:desc' });
    await expect(bodyRows(page)).toHaveCount(10);
    await expect(page.getByText(/^1-10 of \d+$/)).toBeVisible();
    // Staff see no edit icon (docs/product.md, Roles).
    await expect(page.getByRole('link', { name: 'Edit form' })).toHaveCount(0);
    // Statuses are badges with their texts, a closed complaint's "Closed" and an intake flag's badge after them.
    const statuses = await bodyRows(page).locator('td:nth-child(3)').allTextContents();
    for (const s of statuses) expect(s).toMatch(/^(Pending Review|Pending Transfer|Successful Transfer|Denied|Transfer Error)(Closed)?(Potential reportable event)?$/);
  });

  test('pages, changes rows per page and sorts on the server', async ({ page }) => {
    await openList(page);
    const total = Number((await page.getByText(/^1-10 of \d+$/).textContent())!.split(' of ')[1]);
    expect(total).toBeGreaterThanOrEqual(30);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText(`11-20 of ${total}`)).toBeVisible();
    await expect(page).toHaveURL(/page=2/);

    await expect(page.getByLabel('Rows per page:').locator('option')).toHaveText(['10', '15', '20', '25', '30']);
    await page.getByLabel('Rows per page:').selectOption('15');
    await expect(page.getByText(`1-15 of ${total}`)).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(15);

    const sorted = page.waitForRequest((r) => listRequest(r.url()) && r.url().includes('sortBy=submitter%3Aasc'));
    await page.getByRole('columnheader', { name: 'Submitter Name' }).getByRole('button').click();
    await sorted;
    await expect(page.getByRole('columnheader', { name: 'Submitter Name' })).toHaveAttribute('aria-sort', 'ascending');
    await settled(page);
    const names = (await bodyRows(page).locator('td:nth-child(2)').allTextContents()).map((n) => n.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const deadline = page.getByRole('columnheader', { name: 'Investigation Deadline' });
    await deadline.getByRole('button').click();
    await deadline.getByRole('button').click();
    await expect(deadline).toHaveAttribute('aria-sort', 'descending');
    await settled(page);
    const deadlines = (await bodyRows(page).locator('td:nth-child(5)').allTextContents()).map((d) => d.slice(0, 10));
    expect(deadlines).toEqual([...deadlines].sort().reverse());
  });

  test('date filters: Last 7 Days, This Month, All Time and Custom (both dates needed)', async ({ page }) => {
    await openList(page);
    const today = new Date();
    const range = page.getByLabel('Date filter');
    await expect(range.locator('option')).toHaveText(['Last 7 Days', 'This Month', 'All Time', 'Custom']);
    await expect(range).toHaveValue('all');

    const week = page.waitForRequest((r) => listRequest(r.url()) && r.url().includes('bad_gte'));
    await range.selectOption({ label: 'Last 7 Days' });
    const weekUrl = new URL((await week).url());
    const weekAgo = iso(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 7));
    expect(weekUrl.searchParams.get('bad_gte')).toBe(weekAgo);
    expect(weekUrl.searchParams.get('bad_lte')).toBe(iso(today));
    await settled(page);
    for (const bad of await badValues(page)) expect(bad >= weekAgo && bad <= iso(today)).toBe(true);

    const month = page.waitForRequest((r) => listRequest(r.url()) && r.url().includes(`bad_gte=${iso(new Date(today.getFullYear(), today.getMonth(), 1))}`));
    await range.selectOption({ label: 'This Month' });
    expect(new URL((await month).url()).searchParams.get('bad_lte')).toBe(iso(today));

    await range.selectOption({ label: 'Custom' });
    await expect(page.getByLabel('Start Date')).toBeVisible();
    await expect(page.getByLabel('End Date')).toBeVisible();
    const requested: string[] = [];
    page.on('request', (r) => {
      if (listRequest(r.url()) || r.url().includes('exportSubmissionsCSV')) requested.push(r.url());
    });
    const from = iso(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 40));
    const to = iso(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 20));
    await page.getByLabel('Start Date').fill(from);
    await expect(page.getByText('Choose both a start date and an end date to apply the custom range.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export Submissions' })).toBeDisabled();

    const custom = page.waitForRequest((r) => listRequest(r.url()) && r.url().includes(`bad_lte=${to}`));
    await page.getByLabel('End Date').fill(to);
    expect(new URL((await custom).url()).searchParams.get('bad_gte')).toBe(from);
    // A request for the start date alone would have gone out before the complete one: none did.
    expect(requested[0]).toBe((await custom).url());
    await expect(async () => {
      const values = await badValues(page);
      expect(values.length).toBeGreaterThan(0);
      for (const bad of values) expect(bad >= from && bad <= to).toBe(true);
    }).toPass();

    await range.selectOption({ label: 'All Time' });
    await expect(page.getByLabel('Start Date')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  });

  test('search finds by submitter, CH-Number and submission id; the status filter narrows', async ({ page, adminApi }) => {
    const { chNumber } = await submissionOf(adminApi, demoSubmissionId(0));
    await openList(page);
    const search = page.getByLabel('Search');
    await search.fill(chNumber!);
    await expect(page).toHaveURL(/q=CH-/);
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText(chNumber!);
    const submitter = (await bodyRows(page).first().locator('td:nth-child(2)').textContent())!;
    await search.fill(demoSubmissionId(0));
    await expect(page).toHaveURL(new RegExp(`q=${demoSubmissionId(0)}`));
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText(chNumber!);
    await search.fill(submitter.split(' ')[0]!.toLowerCase());
    await expect(async () => {
      const names = await bodyRows(page).locator('td:nth-child(2)').allTextContents();
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(name.toLowerCase()).toContain(submitter.split(' ')[0]!.toLowerCase());
    }).toPass();
    await search.fill('');
    await expect(bodyRows(page)).toHaveCount(10);

    await page.getByLabel('Status').selectOption('Denied');
    await expect(page).toHaveURL(/status=Denied/);
    await expect(async () => {
      const statuses = await bodyRows(page).locator('td:nth-child(3)').allTextContents();
      expect(statuses.length).toBeGreaterThan(0);
      // The cell holds the workflow status, then a "Closed" badge when another test closed the complaint.
      for (const status of statuses) expect(status).toMatch(/^Denied(Closed)?$/);
    }).toPass();
  });

  test('Export Submissions downloads submissions_export.csv with the exact header', async ({ page }) => {
    await openList(page);
    await page.getByLabel('Status').selectOption('Successful Transfer');
    await expect(bodyRows(page).first()).toContainText('Successful Transfer');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Submissions' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('submissions_export.csv');
    const text = await readFile((await file.path())!, 'utf8');
    const lines = text.split(/\r?\n/).filter(Boolean);
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines.length).toBeGreaterThan(1);
    // The export honours the status filter: every line is a transferred one.
    for (const line of lines.slice(1)) expect(line).toContain('Successful Transfer');
    await expect(toast(page, 'Submission CSV downloaded')).toBeVisible();
  });
});

/** The cells of one CSV line (RFC 4180 quoting). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  const re = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
  for (let m = re.exec(line); m && m.index < line.length; m = re.exec(line)) {
    cells.push(m[1]!.startsWith('"') ? m[1]!.slice(1, -1).replaceAll('""', '"') : m[1]!);
    if (m[2] === '') break;
  }
  return cells;
}

async function formIdOf(adminApi: (path: string) => Promise<unknown>): Promise<string> {
  return ((await adminApi('/v1/jotforms')) as { results: { id: string }[] }).results[0]!.id;
}

async function exportedLines(page: Page): Promise<string[][]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Submissions' }).click();
  const text = await readFile((await (await download).path())!, 'utf8');
  return text.split('\r\n').filter(Boolean).slice(1).map(csvCells);
}

test.describe('the CSV and the empty list follow the screen', () => {
  test.beforeEach(async ({ loginAs }) => {
    await loginAs('staff');
  });

  test('the CSV has the on-screen sort and filters', async ({ page, adminApi }) => {
    await openList(page, '?status=Pending%20Review');
    const header = page.getByRole('columnheader', { name: 'Submitter Name' });
    for (const direction of ['ascending', 'descending'] as const) {
      await header.getByRole('button').click();
      await expect(header).toHaveAttribute('aria-sort', direction);
      await settled(page);
      // The name alone: a row that another test gave an owner also shows the owner's initials under it.
      const shown = (await bodyRows(page).locator('td:nth-child(2) > :first-child').allTextContents()).map((t) => t.trim());
      expect(shown.length).toBeGreaterThan(1);
      const rows = await exportedLines(page);
      expect(rows.map((r) => r[1]).slice(0, shown.length), direction).toEqual(shown);
      expect(new Set(rows.map((r) => r[2]))).toEqual(new Set(['Pending Review']));
      // The whole file, not only its first page, is in the list's order.
      const order = direction === 'ascending' ? 'asc' : 'desc';
      const listed = (await adminApi(`/v1/jotforms/${await formIdOf(adminApi)}?status=Pending%20Review&sortBy=submitter:${order}&limit=100`)) as { results: { submitter: string }[] };
      expect(rows.map((r) => r[1])).toEqual(listed.results.map((r) => r.submitter));
    }
  });

  test('a filtered list with no rows says the empty text and why, offers to clear the filters and has nothing to export', async ({ page }) => {
    await openList(page, '?sort=submitter:asc');
    await page.getByLabel('Search').fill('no-such-submitter-zz');
    await expect(table(page).getByText('There are no records to display')).toBeVisible();
    await expect(table(page).getByText('No submissions match the filters.')).toBeVisible();
    await expect(page.getByText('0 submissions', { exact: true })).toBeVisible();
    await expect(page.getByText(/click a row/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export Submissions' })).toBeDisabled();
    await table(page).getByRole('button', { name: 'Clear filters' }).click();
    await expect(bodyRows(page)).toHaveCount(10);
    await expect(page.getByLabel('Search')).toHaveValue('');
    await expect(page).toHaveURL(/\?sort=submitter%3Aasc$/);
    await expect(page.getByText(/ submissions · click a row to open it$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export Submissions' })).toBeEnabled();
  });
});

test.describe('times in the viewer’s zone', () => {
  test.use({ timezoneId: 'America/Chicago' });

  test('submission times are the viewer’s, labelled; the JotForm account’s time shows on hover and row focus', async ({ page, loginAs }) => {
    await loginAs('staff');
    await openList(page);
    const cell = bodyRows(page).first().getByRole('cell').first();
    await expect(cell.locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} C[SD]T$/);
    const note = cell.locator('[data-note]');
    await expect(note).toHaveText(/^ \(JotForm account time: \d{4}-\d{2}-\d{2} \d{2}:\d{2} E[SD]T\)$/);
    await expect(note).toHaveCSS('opacity', '0');
    await cell.locator('time').hover();
    await expect(note).toHaveCSS('opacity', '1');
    await page.mouse.move(0, 0);
    await expect(note).toHaveCSS('opacity', '0');
    await bodyRows(page).first().focus();
    await expect(note).toHaveCSS('opacity', '1');
  });
});

test.describe('on a touch screen', () => {
  test.use({ timezoneId: 'America/Chicago', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the JotForm account’s time is a line under each submission time, no hover needed', async ({ page, loginAs }) => {
    await loginAs('staff');
    await openList(page);
    const note = bodyRows(page).first().getByRole('cell').first().locator('[data-note]');
    await expect(note).toBeVisible();
    await expect(note).toHaveCSS('opacity', '1');
    await expect(note).toHaveCSS('position', 'static');
    await expect(note).toContainText(/JotForm account time: \d{4}-\d{2}-\d{2} \d{2}:\d{2} E[SD]T/);
  });
});

for (const role of ['admin', 'super_admin'] as const) {
  test(`${role} sees the edit icon, which opens the Edit Form route`, async ({ page, loginAs }) => {
    await loginAs(role);
    await openList(page);
    await page.getByRole('link', { name: 'Edit form' }).click();
    await expect(page).toHaveURL(/\/dashboard\/jotforms\/edit$/);
  });
}

test('member sees the list but no edit icon', async ({ page, loginAs }) => {
  await loginAs('member');
  await openList(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Form: Complaint Form - BTS' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit form' })).toHaveCount(0);
});
