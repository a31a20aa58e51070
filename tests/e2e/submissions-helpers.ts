import { type Locator, type Page, expect } from '@playwright/test';
import { DEMO_ROWS, DEMO_XSS_SUBMISSION_ID, demoSubmissionId } from '../../src/server/emulators/jotform/fixtures-submissions.ts';

export { DEMO_ROWS, DEMO_XSS_SUBMISSION_ID, demoSubmissionId };

export const LIST = '/dashboard/jotforms';
export const COLUMNS = ['Submission Date', 'Submitter Name', 'Form Status', 'BAD', 'Investigation Deadline', 'Reportable', 'CH-Number', 'CH-Title', 'Good Faith Efforts', 'Delivered'];
export const CSV_HEADER = COLUMNS.join(',');

export const table = (page: Page): Locator => page.getByRole('table', { name: 'Form Submissions' });
/** Body rows only (the header row has column headers, not cells). */
export const bodyRows = (page: Page): Locator => table(page).locator('tbody tr');

/** The first demo row (oldest first) whose workflow matches, so each test owns a distinct submission. */
export function demoIndex(match: (row: (typeof DEMO_ROWS)[number]) => boolean, nth = 0): number {
  const found = DEMO_ROWS.map((row, i) => [row, i] as const).filter(([row]) => match(row));
  const hit = found[nth];
  if (!hit) throw new Error('no such demo row');
  return hit[1];
}

/**
 * Opens the list and waits for rows. Right after the server starts, the JotForm sync may not have
 * brought the demo rows yet: only an empty table is reloaded, a slow one is waited for.
 */
export async function openList(page: Page, query = ''): Promise<void> {
  await page.goto(`${LIST}${query}`);
  await expect(async () => {
    if (await table(page).getByText('There are no records to display').isVisible()) await page.reload();
    await expect(bodyRows(page).first().getByRole('cell').nth(1)).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
}

/** Opens a submission's details, reloading while the sync has not brought it yet. */
export async function openDetails(page: Page, submissionId: string): Promise<void> {
  await page.goto(`/dashboard/jotforms/submission/${submissionId}`);
  await expect(async () => {
    if (await page.getByRole('alert').filter({ hasText: /not found/i }).isVisible()) await page.reload();
    await expect(page.getByRole('heading', { name: 'Submission Details' })).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
}

/** Server-assigned values (the CH-Number comes from Arena), read as an admin. */
export async function submissionOf(adminApi: (path: string) => Promise<unknown>, submissionId: string): Promise<{ chNumber: string | null; chTitle: string | null }> {
  return (await adminApi(`/v1/jotforms/submission/${submissionId}`)) as { chNumber: string | null; chTitle: string | null };
}

/** The list narrowed to one submission through the search box (it searches submission ids). */
export async function openListAt(page: Page, submissionId: string): Promise<Locator> {
  await openList(page, `?q=${submissionId}`);
  await expect(bodyRows(page)).toHaveCount(1);
  return bodyRows(page).first();
}

/** The table shows the page asked for (not the previous one, dimmed, while the next loads). */
export async function settled(page: Page): Promise<void> {
  await expect(table(page)).not.toHaveAttribute('aria-busy', 'true');
}

export const toast = (page: Page, text: string): Locator => page.locator('[data-sonner-toast]').filter({ hasText: text });
