import { expect, test } from '../../tests/e2e/fixtures.ts';
import { shot } from './shot.ts';

/** The Integrations page at the widths admins use it: a desktop and a phone. */
for (const [device, width] of [['desktop', 1440], ['phone', 375]] as const) {
  test(`integrations at ${device} width`, async ({ page, loginAs }) => {
    await page.setViewportSize({ width, height: device === 'phone' ? 812 : 900 });
    await loginAs('admin');
    await page.goto('/dashboard/integrations');
    await expect(page.getByRole('region', { name: 'Mail' })).toBeVisible();
    await shot(page, `integrations-${device}`);
  });
}
