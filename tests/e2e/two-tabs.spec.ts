import type { Page } from '@playwright/test';
import { createAccount, expect, signIn, test } from './fixtures.ts';

/** Replaces the stored access token with one the server refuses, as if it had expired. */
async function expireAccessToken(page: Page): Promise<void> {
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('qp.session') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('qp.session', JSON.stringify({ ...stored, accessToken: 'expired' }));
  });
}

test('two tabs whose access token expired together refresh one at a time and both stay signed in', async ({ page, context, request }) => {
  test.slow();
  const account = await createAccount(request, 'staff');
  await signIn(page, account);
  const second = await context.newPage();
  await second.goto('/dashboard');
  await expect(second.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // When each refresh reached the server and when its reply left: they must never overlap.
  const refreshes: { from: number; to: number }[] = [];
  // The refresh replies slowly, so both tabs meet their 401 while it is under way.
  await context.route('**/v1/auth/refresh-tokens', async (route) => {
    const from = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const response = await route.fetch();
    refreshes.push({ from, to: Date.now() });
    await route.fulfill({ response });
  });
  await expireAccessToken(page);
  await Promise.all([page.reload(), second.reload()]);

  for (const tab of [page, second]) await expect(tab.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('qp.session') ?? '{}') as { accessToken?: string }).accessToken)).not.toBe('expired');
  // One refresh, or one per tab when the browser had not yet shown the waiting tab the first
  // one's tokens; never two at once.
  expect(refreshes.length).toBeGreaterThanOrEqual(1);
  expect(refreshes.length).toBeLessThanOrEqual(2);
  const [first, next] = refreshes;
  if (first && next) expect(next.from).toBeGreaterThanOrEqual(first.to);
  // Both tabs go on signed in.
  for (const tab of [page, second]) {
    await tab.getByRole('button', { name: /open user menu/i }).click();
    await tab.getByRole('menuitem', { name: 'My account' }).click();
    await expect(tab.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  }
  await page.screenshot({ path: 'test-results/two-tabs-first.png' });
});
