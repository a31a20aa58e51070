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

/** Opens the list and waits until the JotForm sync has brought the demo rows. */
export async function openList(page: Page, query = ''): Promise<void> {
  await expect(async () => {
    await page.goto(`${LIST}${query}`);
    await expect(bodyRows(page).first().getByRole('cell').nth(1)).not.toHaveText('', { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}

/** The list narrowed to one submission through the search box (it searches submission ids). */
export async function openListAt(page: Page, submissionId: string): Promise<Locator> {
  await openList(page, `?q=${submissionId}`);
  await expect(bodyRows(page)).toHaveCount(1);
  return bodyRows(page).first();
}

export const toast = (page: Page, text: string): Locator => page.locator('[data-sonner-toast]').filter({ hasText: text });
