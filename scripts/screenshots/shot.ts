import type { Page } from '@playwright/test';

/**
 * Saves the page as SHOTS_DIR/<name>.png. Transitions are finished rather than waited for (a
 * dialog fading in is shot as it ends up).
 */
export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage, animations: 'disabled' });
}
