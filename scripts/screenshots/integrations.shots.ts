import { expect, test } from '../../tests/e2e/fixtures.ts';
import { shot } from './shot.ts';
import { SCREENS } from './widths.ts';

/** The Integrations page at 1440, 1024 and 375 px. */
for (const { device, width, height } of SCREENS) {
  test(`integrations at ${device} width`, async ({ page, loginAs }) => {
    await page.setViewportSize({ width, height });
    await loginAs('admin');
    await page.goto('/dashboard/integrations');
    await expect(page.getByRole('region', { name: 'Mail' })).toBeVisible();
    await shot(page, `integrations-${device}`);
  });
}
