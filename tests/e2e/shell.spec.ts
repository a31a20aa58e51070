import type { Role } from '#shared/roles';
import { createAccount, expect, signIn, test } from './fixtures.ts';

const SIDEBAR: Record<Role, string[]> = {
  super_admin: ['Dashboard', 'Jotforms', 'Trends', 'Users', 'Configurations', 'Logs', 'Audit trail', 'Mail', 'Integrations'],
  admin: ['Dashboard', 'Jotforms', 'Trends', 'Users', 'Configurations', 'Logs', 'Audit trail', 'Mail', 'Integrations'],
  staff: ['Dashboard', 'Jotforms', 'Trends'],
  member: ['Dashboard', 'Jotforms'],
};

for (const [role, entries] of Object.entries(SIDEBAR) as [Role, string[]][]) {
  test(`the sidebar of ${role} shows ${entries.join(', ')}`, async ({ page, loginAs }) => {
    await loginAs(role);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(entries);
  });
}

test('the highlighted entry follows the path', async ({ page, loginAs }) => {
  await loginAs('admin');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Logs' }).click();
  await expect(page).toHaveURL(/\/dashboard\/logs$/);
  await expect(nav.getByRole('link', { name: 'Logs' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
  await page.goto('/dashboard/configurations');
  await expect(page).toHaveURL(/\/dashboard\/configurations\/field-mapping$/);
  await expect(nav.getByRole('link', { name: 'Configurations' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'Field Mapping' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: 'Config', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/configurations\/email-config$/);
});

test('a page opened by its address is drawn straight after the splash, without a loading screen between', async ({ page, loginAs }) => {
  await loginAs('staff');
  // Every text the app's root shows while the page loads, in order.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { rootTexts: string[] }).rootTexts = seen;
    new MutationObserver(() => {
      const text = document.getElementById('root')?.innerText.trim() ?? '';
      if (text !== seen.at(-1)) seen.push(text);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto('/dashboard/jotforms');
  await expect(page.getByRole('heading', { name: 'Form Submissions' })).toBeVisible();
  const texts = await page.evaluate(() => (window as unknown as { rootTexts: string[] }).rootTexts);
  // Before the page, only index.html's splash (the logo and "Quality Portal"), never a loading screen.
  const beforePage = texts.slice(0, texts.findIndex((t) => t.includes('Form Submissions')));
  expect(beforePage.filter((t) => t !== '' && t !== 'Quality Portal')).toEqual([]);
});

test('the top bar shows the logo, two initials and the name', async ({ page, request }) => {
  const account = await createAccount(request, 'staff', 'Mary Ann Van Der Berg');
  await signIn(page, account);
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Quality Portal')).toBeVisible();
  await expect(banner.getByText('MB', { exact: true })).toBeVisible();
  await expect(banner.getByText('Mary Ann Van Der Berg')).toBeVisible();
});

test('the dashboard home shows the stat cards, the deadline card as a warning', async ({ page, loginAs }) => {
  await loginAs('member');
  const cards = page.getByRole('list', { name: 'Summary statistics' }).getByRole('listitem');
  await expect(cards).toHaveCount(5);
  await expect(cards.first()).toContainText('Total Users');
  const deadline = cards.filter({ hasText: 'Deadline within a Week' });
  await expect(deadline).toHaveClass(/bg-red-50/);
});

test('on a phone the sidebar is a slide-over', async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs('admin');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open sidebar' }).click();
  const nav = page.getByRole('dialog').getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(SIDEBAR.admin);
  await nav.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/dashboard\/users$/);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
});
