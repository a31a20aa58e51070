import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107);
export const E2E_ADMIN = { email: 'admin@example.com', password: 'E2eAdm1nPass', name: 'Ada Admin' };
/**
 * Debian's Chromium in its headless build (package chromium-headless-shell: the same source and
 * version as /usr/bin/chromium, and the build Playwright itself runs headless tests in), which
 * draws the same pages for less than half the CPU (decision 066). CHROMIUM_PATH picks another.
 */
const HEADLESS_CHROMIUM = '/usr/bin/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH || HEADLESS_CHROMIUM;

/** Browser tests against `npm start` on a fresh DATA_DIR, in Debian's Chromium (never a downloaded browser). */
export default defineConfig({
  testDir: 'tests/e2e',
  // A test's budget, not a wait: every step waits on what the user sees. Ninety seconds, since Debian's
  // Chromium on a 2-core machine takes 1–10 s a page at times, and a test with three browsers signed in
  // (the sessions tests) then passed sixty; a test that is stuck still fails within a minute and a half.
  timeout: 90_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Under CI a test that passes only on its retry is reported as flaky and fails the run.
  failOnFlakyTests: !!process.env.CI,
  outputDir: `test-results/${E2E_PORT}`,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    viewport: { width: 1366, height: 900 },
    // Recording a trace doubles a test's time in Debian's Chromium on 2 cores: only the retry of a
    // failed test (CI retries once) records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  // Without Chromium no test is collected, and Playwright fails the run with "No tests found".
  ...(existsSync(chromium) ? {} : { testIgnore: '**/*' }),
  webServer: {
    command: `rm -rf .e2e-data-${E2E_PORT} && node scripts/start.mjs`,
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    // Stopped as an operator would stop it, so it also stops its embedded PostgreSQL server.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: `.e2e-data-${E2E_PORT}`,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_NAME: E2E_ADMIN.name,
      LOGIN_RATE_LIMIT: '1000',
      // One minute, so the idle sign-out is seen for real (every other test finishes well within it).
      SESSION_IDLE_MINUTES: '1',
      LOG_LEVEL: 'warn',
      SYNC_INTERVAL: '5',
      // The sandbox's demo identity provider, for the single sign-on test (the sign-in page shows its button).
      SANDBOX_SSO: 'on',
      REMINDER_TIME: 'off',
    },
  },
});
