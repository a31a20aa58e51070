import { readFile } from 'node:fs/promises';
import type { Role } from '../../src/shared/roles.ts';
import { expect, test } from './fixtures.ts';
import { bodyRows, demoSubmissionId, openList, toast } from './submissions-helpers.ts';

test.describe.configure({ timeout: 90_000 });

/** The register's headers as docs/features/coding.md lists them, written out here, not imported. */
const REGISTER_HEADER = [
  'Submission ID',
  'Submission Date',
  'Submitter Name',
  'Become-Aware Date',
  'Workflow Status',
  'Reportability Decision',
  'Reporting Due',
  'Owner',
  'Product',
  'Model',
  'Lot or Serial Number',
  'UDI',
  'IMDRF Codes',
  'IMDRF Release',
  'Closed',
  'Closed At',
  'CH-Number',
].join(',');

// Everyone who sees the list may download the register beside its CSV export.
for (const role of ['member', 'staff', 'admin'] as const satisfies readonly Role[]) {
  test(`as ${role}, Download complaint register downloads complaint_register.csv with its headers and the list's filters`, async ({ page, loginAs, adminApi }) => {
    const id = demoSubmissionId(0);
    const stored = (await adminApi(`/v1/jotforms/submission/${id}`)) as { product: string | null; lot: string | null };
    await loginAs(role);
    await openList(page, `?q=${id}`);
    await expect(bodyRows(page)).toHaveCount(1);
    const button = page.getByRole('button', { name: 'Download complaint register' });
    const download = page.waitForEvent('download');
    await button.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('complaint_register.csv');
    const lines = (await readFile((await file.path())!, 'utf8')).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(REGISTER_HEADER);
    // The search in force: one line, this submission's, with its product and lot from the form.
    expect(lines).toHaveLength(2);
    expect(lines[1]!.startsWith(`${id},`)).toBe(true);
    if (stored.product) expect(lines[1]).toContain(stored.product);
    if (stored.lot) expect(lines[1]).toContain(stored.lot);
    await expect(toast(page, 'Complaint register downloaded')).toBeVisible();
    await expect(button).toBeEnabled();
  });
}
