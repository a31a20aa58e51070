import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { answerQuestions, assessmentDialog, expectNothingChosen } from './assessment-helpers.ts';
import { createAccount, expect, signIn, test } from './fixtures.ts';
import { openDetails, toast } from './submissions-helpers.ts';

// Whole pages on a shared machine: more room than the default 30 s.
test.describe.configure({ timeout: 180_000 });

const section = (page: Page, name: string) => page.getByRole('region', { name });
const MOMENT = String.raw`\d{4}-\d{2}-\d{2} \d{2}:\d{2} \S+`;
/** Where this run keeps its screenshots (looked at by a person, not compared). */
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/signatures-${name}.png`, fullPage: false });

test('a staff member signs a decision, records the investigation and the reply, closes the complaint, and downloads its file', async ({ page, loginAs, newSubmission }) => {
  const { id } = await newSubmission();
  const me = await loginAs('staff');
  await openDetails(page, id);

  // The decision, signed with the password again.
  const reportability = section(page, 'Reportability');
  await expect(reportability.getByText('No decision yet')).toBeVisible();
  await reportability.getByRole('button', { name: 'Assess reportability' }).click();
  let dialog = assessmentDialog(page);
  await expectNothingChosen(dialog);
  await answerQuestions(dialog);
  await dialog.getByRole('radio', { name: 'Not reportable' }).check();
  await dialog.getByLabel('Rationale').fill('A duplicate of an earlier complaint about the same strap.');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const signing = dialog.getByRole('group', { name: 'Electronic signature' });
  await expect(signing).toContainText(`Signed by${me.name}`);
  await expect(signing).toContainText('MeaningReportability decided');
  await dialog.getByLabel(/^Password/).fill('not my password');
  await dialog.getByRole('button', { name: 'Sign and record' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Your password is not correct.');
  await shot(page, 'signing-step');
  await dialog.getByLabel(/^Password/).fill(me.password);
  await dialog.getByRole('button', { name: 'Sign and record' }).click();
  await expect(toast(page, 'Reportability assessed, decided and signed')).toBeVisible();
  await expect(reportability).toContainText(new RegExp(`Signed by ${me.name} — ${MOMENT} — Reportability decided`));
  // The history shows the signature the same way: the printed name, the moment with its zone, the meaning.
  const signedEntry = section(page, 'History').getByRole('listitem').filter({ hasText: `${me.name} signed electronically` });
  await expect(signedEntry).toContainText(new RegExp(`${me.name} signed electronically, meaning “Reportability decided” — ${MOMENT}`));

  // The checklist names what is missing, each linked to where it is done.
  const closure = section(page, 'Closure');
  const checklist = closure.getByRole('list', { name: 'Closing checklist' });
  await expect(checklist).toContainText('Record the investigation, or the reason there was none, and sign it.');
  await expect(checklist).toContainText('Record the reply to the complainant, or why none is needed.');
  await expect(checklist).toContainText('Create the quality process in Arena (or deny the complaint).');
  await expect(checklist.getByRole('link', { name: 'Go to Investigation' })).toHaveAttribute('href', '#investigation-title');
  await expect(closure.getByRole('button', { name: 'Close complaint' })).toBeDisabled();
  await closure.scrollIntoViewIfNeeded();
  await shot(page, 'checklist');

  // Denied: no quality process needed.
  await page.getByRole('button', { name: 'Deny' }).click();
  dialog = page.getByRole('dialog', { name: 'Deny Submission' });
  await dialog.getByLabel('Reason for denial').fill('A duplicate of an earlier complaint about the same strap.');
  await dialog.getByRole('button', { name: 'Deny' }).click();
  await expect(page.getByText('Denied', { exact: true }).first()).toBeVisible();

  const work = section(page, 'Investigation and reply');
  await work.getByRole('button', { name: 'Record investigation' }).click();
  dialog = page.getByRole('dialog', { name: 'Record investigation' });
  await dialog.getByRole('radio', { name: 'No investigation' }).check();
  await dialog.getByLabel('Why no investigation is needed').fill('The first report of this strap was investigated in full.');
  // Not linked to the organisation's provider: the password only.
  await expect(dialog.getByRole('button', { name: 'Continue with single sign-on' })).toHaveCount(0);
  await dialog.getByLabel(/^Password/).fill(me.password);
  await shot(page, 'investigation-dialog');
  await dialog.getByRole('button', { name: 'Sign and record' }).click();
  await expect(toast(page, 'Investigation recorded and signed')).toBeVisible();
  await expect(work).toContainText(new RegExp(`Signed by ${me.name} — ${MOMENT} — Investigation reviewed`));

  await work.getByRole('button', { name: 'Record reply' }).click();
  dialog = page.getByRole('dialog', { name: 'Record reply to the complainant' });
  await dialog.getByRole('radio', { name: 'No reply needed' }).check();
  await dialog.getByLabel('Why no reply is needed').fill('The complainant withdrew it by phone.');
  await dialog.getByRole('button', { name: 'Record reply' }).click();
  await expect(toast(page, 'Reply recorded')).toBeVisible();

  await expect(closure).toContainText('Every condition is met: the complaint can be closed.');
  await closure.getByRole('button', { name: 'Close complaint' }).click();
  dialog = page.getByRole('dialog', { name: 'Close complaint' });
  await dialog.getByLabel('Closing summary').fill('Duplicate; no investigation needed; the complainant withdrew it.');
  await dialog.getByLabel(/^Password/).fill(me.password);
  await shot(page, 'close-dialog');
  await dialog.getByRole('button', { name: 'Sign and close' }).click();
  await expect(toast(page, 'Complaint closed')).toBeVisible();

  // Closed: read-only but for Reopen, and marked so.
  await expect(closure).toContainText(new RegExp(`Closed on ${MOMENT} by ${me.name}`));
  await expect(closure).toContainText(new RegExp(`Signed by ${me.name} — ${MOMENT} — Complaint closed`));
  await expect(page.getByText('This complaint is closed.')).toBeVisible();
  await expect(closure.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await expect(work.getByRole('button')).toHaveCount(0);
  await expect(reportability.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Take it' })).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'closed-record');

  // The complaint file, read back as text.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download complaint file' }).click()]);
  expect(download.suggestedFilename()).toBe(`complaint-file-${id}.pdf`);
  const file = `test-results/screens/complaint-file-${id}.pdf`;
  await download.saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('Complaint file');
  expect(text).toContain(`Submission ${id}`);
  expect(text).toMatch(new RegExp(`Signed by ${me.name}, [^\\n]*meaning\\s+"Complaint closed"`));
  expect(text).toContain('Closure');
  expect(text).toMatch(/Page 1 of \d+/);
  execFileSync('pdftoppm', ['-png', '-r', '60', file, `test-results/screens/complaint-file`]);

  // Reopened with a reason: changeable again, and the closing signature no longer matches.
  await closure.getByRole('button', { name: 'Reopen' }).click();
  dialog = page.getByRole('dialog', { name: 'Reopen complaint' });
  await dialog.getByLabel('Why it is reopened').fill('The complainant called back with a second incident.');
  await dialog.getByRole('button', { name: 'Reopen' }).click();
  await expect(toast(page, 'Complaint reopened')).toBeVisible();
  await expect(closure).toContainText(new RegExp(`Reopened by ${me.name} — ${MOMENT}: The complainant called back with a second incident.`));
  await expect(closure).toContainText(new RegExp(`Signed by ${me.name} — ${MOMENT} — Complaint closed — no longer matches: changed on ${MOMENT} by ${me.name}. Sign again.`));
  await expect(page.getByText('This complaint is closed.')).toHaveCount(0);
  await expect(work.getByRole('button', { name: 'Record again' })).toHaveCount(2);
  await expect(closure.getByRole('button', { name: 'Close complaint' })).toBeVisible();
});

test('a person linked to single sign-on signs the investigation through the provider; the checklist links each missing item; the reply is recorded', async ({ page, request, adminApi, newSubmission }) => {
  const { id } = await newSubmission();
  const me = await createAccount(request, 'staff', 'Sam Signer');
  const login = await request.post('/v1/auth/login', { data: { email: me.email, password: me.password } });
  const userId = ((await login.json()) as { user: { id: string } }).user.id;
  // The sandbox's demo provider names a person by their e-mail.
  await adminApi(`/v1/users/${userId}/identity`, { method: 'PUT', data: { subject: me.email } });
  await signIn(page, me);
  await openDetails(page, id);

  // Every missing condition links to the place it is done, and that place is on the page.
  const checklist = section(page, 'Closure').getByRole('list', { name: 'Closing checklist' });
  for (const [link, target] of [
    ['Go to Reportability', 'reportability-title'],
    ['Go to Investigation', 'investigation-title'],
    ['Go to Reply', 'reply-title'],
    ['Go to the review and transfer actions', 'details-actions'],
  ] as const) {
    await expect(checklist.getByRole('link', { name: link })).toHaveAttribute('href', `#${target}`);
    await expect(page.locator(`#${target}`)).toHaveCount(1);
  }
  await checklist.getByRole('link', { name: 'Go to Reply' }).click();
  await expect(page).toHaveURL(/#reply-title$/);

  const work = section(page, 'Investigation and reply');
  await work.getByRole('button', { name: 'Record investigation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record investigation' });
  await dialog.getByRole('radio', { name: 'Investigated' }).check();
  await dialog.getByLabel('Summary of the investigation').fill('The strap batch was tested: the adhesive was below specification.');
  await dialog.getByLabel('Result').fill('Supplier corrective action raised.');
  const signing = dialog.getByRole('group', { name: 'Electronic signature' });
  await expect(signing).toContainText('MeaningInvestigation reviewed');
  await expect(signing.getByRole('button', { name: 'Continue with single sign-on' })).toBeVisible();
  await shot(page, 'signing-sso');

  // The provider opens in a window of its own and asks for a sign-in, whatever session it has.
  const [provider] = await Promise.all([page.waitForEvent('popup'), signing.getByRole('button', { name: 'Continue with single sign-on' }).click()]);
  await provider.locator('input[name="login"]').fill(me.email);
  await provider.locator('input[name="password"]').fill('anything');
  await provider.getByRole('button', { name: 'Sign-in' }).click();
  await provider.getByRole('button', { name: 'Continue' }).click();
  await provider.waitForEvent('close');
  // After the window closes: the signing token, then the signed action (once seen to take over 7 s
  // with both browser workers busy).
  await expect(toast(page, 'Investigation recorded and signed')).toBeVisible({ timeout: 20_000 });
  await expect(work).toContainText(new RegExp(`Signed by Sam Signer — ${MOMENT} — Investigation reviewed`));
  await expect(work).toContainText('The strap batch was tested: the adhesive was below specification.');

  await work.getByRole('button', { name: 'Record reply' }).click();
  const reply = page.getByRole('dialog', { name: 'Record reply to the complainant' });
  await reply.getByRole('radio', { name: 'Replied' }).check();
  await reply.getByLabel('Channel').selectOption('email');
  await reply.getByLabel('What the reply said').fill('We found the cause and are replacing your strap.');
  await reply.getByRole('button', { name: 'Record reply' }).click();
  await expect(toast(page, 'Reply recorded')).toBeVisible();
  await expect(work).toContainText('We found the cause and are replacing your strap.');
  await expect(checklist.getByRole('link', { name: 'Go to Investigation' })).toHaveCount(0);
  await expect(checklist.getByRole('link', { name: 'Go to Reply' })).toHaveCount(0);
  await expect(checklist.getByRole('link', { name: 'Go to Reportability' })).toBeVisible();
});

test('a person linked to single sign-on signs the reportability assessment through the provider', async ({ page, request, adminApi, newSubmission }) => {
  const { id } = await newSubmission();
  const me = await createAccount(request, 'staff', 'Sol Assessor');
  const login = await request.post('/v1/auth/login', { data: { email: me.email, password: me.password } });
  const userId = ((await login.json()) as { user: { id: string } }).user.id;
  await adminApi(`/v1/users/${userId}/identity`, { method: 'PUT', data: { subject: me.email } });
  await signIn(page, me);
  await openDetails(page, id);

  const reportability = section(page, 'Reportability');
  await reportability.getByRole('button', { name: 'Assess reportability' }).click();
  const dialog = assessmentDialog(page);
  await expectNothingChosen(dialog);
  await answerQuestions(dialog);
  await dialog.getByRole('radio', { name: 'Not reportable' }).check();
  await dialog.getByLabel('Rationale').fill('The strap came loose in the box; nobody was hurt and it cannot hurt anyone.');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('table', { name: 'Reporting clocks before and after' })).toBeVisible();
  const signing = dialog.getByRole('group', { name: 'Electronic signature' });
  await expect(signing).toContainText('Signed bySol Assessor');
  await expect(signing).toContainText('MeaningReportability decided');
  await shot(page, 'assessment-sso');

  // The provider asks for a fresh sign-in in a window of its own; the dialog waits for it meanwhile.
  const [provider] = await Promise.all([page.waitForEvent('popup'), signing.getByRole('button', { name: 'Continue with single sign-on' }).click()]);
  await expect(signing.getByRole('status')).toContainText('Waiting for your organisation’s sign-in window');
  await provider.locator('input[name="login"]').fill(me.email);
  await provider.locator('input[name="password"]').fill('anything');
  await provider.getByRole('button', { name: 'Sign-in' }).click();
  await provider.getByRole('button', { name: 'Continue' }).click();
  await provider.waitForEvent('close');
  await expect(toast(page, 'Reportability assessed, decided and signed')).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toBeHidden();
  await expect(reportability).toContainText(new RegExp(`Signed by Sol Assessor — ${MOMENT} — Reportability decided`));
  await expect(reportability).toContainText('The strap came loose in the box; nobody was hurt and it cannot hurt anyone.');
});
