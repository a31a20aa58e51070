import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base, { E2E_PORT } from '../../playwright.config.ts';

const root = path.resolve(import.meta.dirname, '../..');

// Where the PNGs go (read by shot.ts in the workers, which inherit this environment).
process.env.SHOTS_DIR = path.resolve(root, process.env.SHOTS_DIR ?? 'test-results/screenshots');

/**
 * `npm run screenshots`: not tests, but scripts that walk through every screen and dialog and save
 * what a person should look at. The same fresh portal as the browser tests (started from the
 * project folder); one script at a time, since some switch settings (notification recipients) the
 * others would see.
 */
export default defineConfig({
  ...base,
  webServer: base.webServer && !Array.isArray(base.webServer) ? { ...base.webServer, cwd: root } : base.webServer,
  testDir: '.',
  testMatch: '*.shots.ts',
  outputDir: path.join(root, `test-results/${E2E_PORT}-screenshots`),
  workers: 1,
  retries: 0,
  timeout: 180_000,
  // What a person looks at is drawn by the full browser people use (the tests use its headless build).
  use: { ...base.use, launchOptions: { ...base.use?.launchOptions, executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' } },
});
