import type { Locator, Page } from '@playwright/test';
import type { IntegrationsStatus } from '#shared/contract/integrations';
import { expect, test } from './fixtures.ts';

const LOCAL_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d (UTC|[A-Z]{3,4}|GMT[+-][\d:]+)$/;
const SESSION_TEXT = { active: 'Signed in', none: 'Not signed in: the next call to Arena signs in' } as const;

/** The value under a label of a card. */
const fact = (card: Locator, label: string) => card.locator('dl > div').filter({ has: card.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
const count = (n: number) => n.toLocaleString('en-US');

/**
 * Opens the page from the sidebar and returns the server's reply the page shows. Right after the
 * portal starts, the first JotForm sync and the Arena check may not have run: Refresh until both have.
 */
async function openIntegrations(page: Page): Promise<IntegrationsStatus> {
  let answer: IntegrationsStatus | undefined;
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname === '/v1/integrations' && response.ok()) answer = (await response.json()) as IntegrationsStatus;
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\/dashboard\/integrations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  const synced = fact(page.getByRole('region', { name: 'JotForm' }), 'Last sync').locator('time');
  const checked = fact(page.getByRole('region', { name: 'Arena QMS' }), 'Checked').locator('time');
  await expect(async () => {
    if (!(await synced.isVisible()) || !(await checked.isVisible())) await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(synced).toBeVisible({ timeout: 2_000 });
    await expect(checked).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect.poll(() => !!answer?.jotform.lastSync && !!answer.arena.checkedAt).toBe(true);
  return answer!;
}

test('an admin sees the sandbox connections with their real figures', async ({ page, loginAs }) => {
  await loginAs('admin');
  const status = await openIntegrations(page);
  expect(status.mode).toBe('sandbox');
  await expect(page.getByRole('note', { name: 'Mode' })).toContainText('Sandbox mode.');

  const jotform = page.getByRole('region', { name: 'JotForm' });
  const sync = status.jotform.lastSync!;
  expect(sync.outcome).toBe('ok');
  await expect(fact(jotform, 'Last sync').locator('time')).toHaveAttribute('datetime', sync.at);
  await expect(fact(jotform, 'Last sync').locator('time')).toHaveText(LOCAL_TIME);
  await expect(fact(jotform, 'Last sync')).toContainText('succeeded');
  await expect(fact(jotform, 'Rows')).toHaveText(`${count(sync.inserted)} new, ${count(sync.updated)} updated`);
  // The emulator reports its usage as JotForm does (limit-left), so what is left is known, and
  // shown against the account's daily limit; the sandbox's account is far from running out.
  const { callsLeftToday: left, dailyLimit: limit } = status.jotform;
  expect(left).toEqual(expect.any(Number));
  expect(limit).toEqual(expect.any(Number));
  expect(left!).toBeGreaterThanOrEqual(limit! / 10);
  await expect(fact(jotform, 'API calls left today')).toHaveText(`${count(left!)} of ${count(limit!)}`);
  await expect(fact(jotform, 'Daily limit')).toContainText(`${count(limit!)} calls a day for the whole account`);
  await expect(fact(jotform, 'Form ID')).toHaveText(status.jotform.formId);

  // The sandbox's Arena is set up right: its template, owner and number prefix pass the check.
  const arena = page.getByRole('region', { name: 'Arena QMS' });
  expect(status.arena).toMatchObject({ configured: true, ok: true, problems: [] });
  expect(status.arena.session).not.toBe('refused');
  await expect(fact(arena, 'Set-up check')).toHaveText('OK: the template, owner and number prefix are right');
  await expect(fact(arena, 'Checked').locator('time')).toHaveAttribute('datetime', status.arena.checkedAt!);
  await expect(fact(arena, 'Session')).toHaveText(SESSION_TEXT[status.arena.session as keyof typeof SESSION_TEXT]);
  await expect(fact(arena, 'Requests remaining')).toHaveText(status.arena.requestsRemaining === null ? 'Not known yet' : count(status.arena.requestsRemaining));

  const mail = page.getByRole('region', { name: 'Mail' });
  expect(status.mail.delivery).toBe('stored');
  await expect(fact(mail, 'Delivery')).toHaveText('Stored only: no mail server is configured (SMTP_URL), so messages stay in the outbox');
  await expect(fact(mail, 'Queued')).toHaveText(new RegExp(`^${count(status.mail.queued)}(View queued messages)?$`));
  await expect(fact(mail, 'Failed')).toHaveText(new RegExp(`^${count(status.mail.failed)}(View failed messages)?$`));
});

test('staff are sent to /unauthorized and have no Integrations entry', async ({ page, loginAs }) => {
  await loginAs('staff');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Integrations' })).toHaveCount(0);
  await page.goto('/dashboard/integrations');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByText('Unauthorized')).toBeVisible();
});

test('the sidebar entry comes after Mail and is marked while the page is open', async ({ page, loginAs }) => {
  await loginAs('super_admin');
  const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  await expect(links.last()).toHaveText('Integrations');
  await expect(links.nth(-2)).toHaveText('Mail');
  await links.last().click();
  await expect(page).toHaveURL(/\/dashboard\/integrations$/);
  await expect(links.last()).toHaveAttribute('aria-current', 'page');
});
