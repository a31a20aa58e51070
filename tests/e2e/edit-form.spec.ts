import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

interface Question {
  qid: string;
  text: string;
  order: number;
  type: string;
}
type AdminApi = (path: string, init?: { method?: string; data?: unknown }) => Promise<unknown>;

async function formId(adminApi: AdminApi): Promise<string> {
  const { results } = (await adminApi('/v1/jotforms')) as { results: { id: string }[] };
  return results[0]!.id;
}
async function serverQuestions(adminApi: AdminApi): Promise<Question[]> {
  return ((await adminApi(`/v1/jotforms/${await formId(adminApi)}/questions`)) as { results: Question[] }).results;
}

const list = (page: Page) => page.getByRole('list', { name: 'Form questions' });
const row = (page: Page, text: string) => list(page).getByRole('listitem').filter({ hasText: text });
const rowOf = (page: Page, qid: string) => list(page).getByRole('listitem').filter({ has: page.getByRole('button', { name: new RegExp(`^Reorder question ${qid}:`) }) });
/** The qids top to bottom, as the page shows them. */
async function shownQids(page: Page): Promise<string[]> {
  return (await list(page).getByRole('listitem').allTextContents()).map((t) => /Id : (\d+)/.exec(t)?.[1] ?? '?');
}

/**
 * Space picks the row up, each arrow moves it 25 px, Space drops it.
 *
 * The arrows must wait until the drag listens for them. dnd-kit marks the handle pressed at once
 * but adds its arrow-key listener in a zero-delay timer queued during the same Space press; an
 * arrow arriving before that timer has run moves nothing. A zero-delay timer queued in the page
 * after the handle reads pressed runs after dnd-kit's (timers of equal delay run in the order they
 * were queued), so once it has run the listener is there.
 */
async function moveDownTwoSteps(page: Page, handle: Locator): Promise<void> {
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
}

// Every test edits the one JotForm form of the sandbox: one at a time, so an add cannot slip
// between reading the order and saving it.
// JotForm round trips (add, delete, one call per moved question) are slow on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.describe('as an admin', () => {
  test.beforeEach(async ({ loginAs }) => {
    await loginAs('admin');
  });

  test('the editor lists the questions and closes up one level', async ({ page, adminApi }) => {
    const questions = await serverQuestions(adminApi);
    await page.goto('/dashboard/jotforms/edit');
    await expect(page.getByRole('heading', { name: 'Edit Form' })).toBeVisible();
    await expect(list(page).getByRole('listitem')).toHaveCount(questions.length);
    const first = questions[0]!;
    const firstRow = list(page).getByRole('listitem').first();
    await expect(firstRow).toContainText(`#${first.order}`);
    await expect(firstRow).toContainText(`Id : ${first.qid}`);
    await expect(firstRow).toContainText(first.type);
    await expect(firstRow.getByRole('button', { name: /^Reorder question/ })).toBeVisible();

    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/dashboard\/jotforms$/);
  });

  test('Add Question validates, shows disabled types, adds and lists the question', async ({ page, adminApi }) => {
    const text = `Lot number ${randomUUID().slice(0, 6)}`;
    await page.goto('/dashboard/jotforms/edit');
    await expect(list(page)).toBeVisible();
    await page.getByRole('button', { name: 'Add Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Question' });
    await expect(dialog.getByRole('option', { name: 'control_payment' })).toBeDisabled();
    await expect(dialog.getByRole('option', { name: 'control_textbox' })).toBeEnabled();
    await expect(dialog.getByLabel('Type').locator('option:not([disabled])')).toHaveCount(10);

    await dialog.getByLabel('Order').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    for (const message of ['Question text is required.', 'Order is required.', 'Type is required.']) await expect(dialog.getByText(message)).toBeVisible();

    await dialog.getByLabel('Question text').fill(text);
    await dialog.getByLabel('Order').fill('50');
    await dialog.getByLabel('Type').selectOption('control_textbox');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Question Added!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row(page, text)).toContainText('control_textbox');

    await page.getByRole('button', { name: 'Add Question' }).click();
    await expect(dialog.getByLabel('Question text')).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Leave the shared demo form as it was for the other browser tests.
    const added = (await serverQuestions(adminApi)).find((q) => q.text === text)!;
    await adminApi(`/v1/jotforms/${await formId(adminApi)}/questions/${added.qid}`, { method: 'DELETE' });
  });

  test('a question is deleted after confirmation', async ({ page, adminApi }) => {
    const text = `To delete ${randomUUID().slice(0, 6)}`;
    await adminApi(`/v1/jotforms/${await formId(adminApi)}/questions`, { method: 'POST', data: { text, order: 60, type: 'control_textarea' } });
    await page.goto('/dashboard/jotforms/edit');
    await row(page, text).getByRole('button', { name: /^Delete question/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete question?' });
    await expect(confirm).toContainText(text);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row(page, text)).toHaveCount(1);

    await row(page, text).getByRole('button', { name: /^Delete question/ }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Question Deleted!')).toBeVisible();
    await expect(row(page, text)).toHaveCount(0);
    expect((await serverQuestions(adminApi)).some((q) => q.text === text)).toBe(false);
  });

  test('reordering by keyboard shows Save order; the saved order survives a reload', async ({ page, adminApi }) => {
    await page.goto('/dashboard/jotforms/edit');
    const before = await serverQuestions(adminApi);
    await expect(list(page).getByRole('listitem')).toHaveCount(before.length);
    expect(await shownQids(page)).toEqual(before.map((q) => q.qid));
    await expect(page.getByRole('button', { name: 'Save order' })).toHaveCount(0);

    // Move the second question below the third: Space picks it up, each arrow moves it 25 px.
    const [, second, third] = before;
    const handle = rowOf(page, second!.qid).getByRole('button', { name: /^Reorder question/ });
    await moveDownTwoSteps(page, handle);
    const expected = before.map((q) => q.qid);
    [expected[1], expected[2]] = [third!.qid, second!.qid];
    await expect.poll(() => shownQids(page)).toEqual(expected);
    await expect(rowOf(page, second!.qid)).toContainText('Moved');

    // Discard puts it back; the order is not saved.
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => shownQids(page)).toEqual(before.map((q) => q.qid));
    await expect(page.getByRole('button', { name: 'Save order' })).toHaveCount(0);

    await moveDownTwoSteps(page, handle);
    await expect.poll(() => shownQids(page)).toEqual(expected);
    await page.getByRole('button', { name: 'Save order' }).click();
    await expect(page.getByText('Question order saved!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save order' })).toHaveCount(0);

    await page.reload();
    await expect(list(page).getByRole('listitem')).toHaveCount(before.length);
    expect(await shownQids(page)).toEqual(expected);
    expect((await serverQuestions(adminApi)).map((q) => q.qid)).toEqual(expected);
    await expect(rowOf(page, second!.qid)).toContainText('#3');

    // Put the demo form back in its order: other browser tests read its answers in order.
    await adminApi(`/v1/jotforms/${await formId(adminApi)}/questions/order`, { method: 'PATCH', data: { order: before.map((q) => q.qid) } });
  });

  test('rows name the type as the form builder does; the raw name shows on hover', async ({ page, adminApi }) => {
    const questions = await serverQuestions(adminApi);
    const heading = questions.find((q) => q.type === 'control_head')!;
    await page.goto('/dashboard/jotforms/edit');
    const note = rowOf(page, heading.qid).locator('[data-note]');
    await expect(rowOf(page, heading.qid).getByText('Heading', { exact: true })).toBeVisible();
    await expect(note).toHaveText(' (control_head)');
    await expect(note).toHaveCSS('opacity', '0');
    await rowOf(page, heading.qid).getByText('Heading', { exact: true }).hover();
    await expect(note).toHaveCSS('opacity', '1');
    await page.mouse.move(0, 0);
    await rowOf(page, heading.qid).getByRole('button', { name: /^Reorder question/ }).focus();
    await expect(note).toHaveCSS('opacity', '1');
  });

  test('deleting the Submit button or the captcha asks a second time', async ({ page, adminApi }) => {
    const id = await formId(adminApi);
    const captcha = (await serverQuestions(adminApi)).find((q) => q.type === 'control_captcha')!;
    const text = `Send ${randomUUID().slice(0, 6)}`;
    await adminApi(`/v1/jotforms/${id}/questions`, { method: 'POST', data: { text, order: 70, type: 'control_button' } });
    await page.goto('/dashboard/jotforms/edit');
    const confirm = page.getByRole('dialog', { name: 'Delete question?' });

    // The demo form's captcha: warned about, not deleted.
    await rowOf(page, captcha.qid).getByRole('button', { name: /^Delete question/ }).click();
    await expect(confirm.getByRole('alert')).toContainText('The form cannot be submitted safely without it');
    await expect(confirm.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();

    await row(page, text).getByRole('button', { name: /^Delete question/ }).click();
    await expect(confirm.getByRole('alert')).toContainText('This is the form’s Submit button.');
    await expect(confirm.getByRole('alert')).toContainText('The form cannot be submitted without it.');
    const remove = confirm.getByRole('button', { name: 'Delete' });
    await expect(remove).toBeDisabled();
    await confirm.getByRole('checkbox', { name: 'Delete it anyway' }).check();
    await remove.click();
    await expect(page.getByText('Question Deleted!')).toBeVisible();
    await expect(row(page, text)).toHaveCount(0);
    const after = await serverQuestions(adminApi);
    expect(after.some((q) => q.text === text)).toBe(false);
    expect(after.some((q) => q.qid === captcha.qid)).toBe(true);
  });

  test('a question added at a taken number takes its place at once; Save order writes distinct numbers in one call', async ({ page, adminApi }) => {
    const id = await formId(adminApi);
    const before = await serverQuestions(adminApi);
    const text = `Inserted ${randomUUID().slice(0, 6)}`;
    await page.goto('/dashboard/jotforms/edit');
    await expect(list(page).getByRole('listitem')).toHaveCount(before.length);
    await page.getByRole('button', { name: 'Add Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Question' });
    await dialog.getByLabel('Question text').fill(text);
    await dialog.getByLabel('Order').fill('3');
    await dialog.getByLabel('Type').selectOption('control_textbox');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Question Added!')).toBeVisible();

    await expect(list(page).getByRole('listitem')).toHaveCount(before.length + 1);
    const numbers = async () => (await list(page).getByRole('listitem').allTextContents()).map((t) => /#(\d+)/.exec(t)?.[1]);
    expect(await numbers()).toEqual(Array.from({ length: before.length + 1 }, (_, i) => String(i + 1)));
    await expect(row(page, text)).toContainText('#3');
    await expect(page.getByText('Two questions had the same number, so the list is numbered afresh.', { exact: false })).toBeVisible();

    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/questions')) writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await page.getByRole('button', { name: 'Save order' }).click();
    await expect(page.getByText('Question order saved!')).toBeVisible();
    expect(writes).toEqual([`PATCH /v1/jotforms/${id}/questions/order`]);
    const saved = await serverQuestions(adminApi);
    expect(saved.map((q) => q.order)).toEqual(Array.from({ length: before.length + 1 }, (_, i) => i + 1));
    expect(saved[2]!.text).toBe(text);

    // Leave the shared demo form as it was for the other browser tests.
    const added = saved.find((q) => q.text === text)!;
    await adminApi(`/v1/jotforms/${id}/questions/${added.qid}`, { method: 'DELETE' });
    await adminApi(`/v1/jotforms/${id}/questions/order`, { method: 'PATCH', data: { order: before.map((q) => q.qid) } });
  });

  test('leaving with an unsaved order asks first', async ({ page }) => {
    await page.goto('/dashboard/jotforms/edit');
    await moveDownTwoSteps(page, list(page).getByRole('button', { name: /^Reorder question/ }).first());
    await expect(page.getByRole('button', { name: 'Save order' })).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving the order?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/dashboard\/jotforms\/edit$/);
    await expect(ask).toBeHidden();
    await page.getByRole('button', { name: 'Close' }).click();
    await ask.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/dashboard\/jotforms$/);
  });
});

test('staff going to the editor land on /unauthorized', async ({ page, loginAs }) => {
  await loginAs('staff');
  await page.goto('/dashboard/jotforms/edit');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByText('You are not Authorized to access this page.')).toBeVisible();
});
