import { expect, test } from './fixtures.ts';
import { openDetails } from './submissions-helpers.ts';

test.describe.configure({ timeout: 90_000 });

test('opening a submission is on the record: the audit trail shows it once Show reads is ticked, the History never', async ({ page, loginAs, newSubmission }) => {
  // Its own submission, so no other test's opening of it is on the record.
  const { id: submissionId, submitter } = await newSubmission();
  const me = await loginAs('admin');
  await openDetails(page, submissionId);
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText(/^JotForm /).first()).toBeVisible();
  await expect(history).not.toContainText(me.name);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit trail' }).click();
  const trail = page.getByRole('table', { name: 'Audit trail' });
  await expect(trail.locator('tbody tr').first()).toBeVisible();
  await expect(trail.getByRole('row').filter({ hasText: 'Details opened' })).toHaveCount(0);

  const showReads = page.getByRole('checkbox', { name: 'Show reads' });
  await showReads.click();
  await expect(page).toHaveURL(/reads=true/);
  await expect(showReads).toBeChecked();
  // One entry on the submission for the details and their notes together (a list page that showed
  // it, such as the one the new submission was waited for on, has an entry of its own on the form).
  // The trail names the submission as people know it: by its submitter (it has no CH number yet).
  const viewed = trail.getByRole('row').filter({ hasText: 'Details opened' }).filter({ has: page.getByRole('link', { name: submitter, exact: true }) });
  await expect(viewed).toHaveCount(1);
  await expect(viewed).toContainText(me.name);
  await page.screenshot({ path: `test-results/audit-show-reads.png` });
});
