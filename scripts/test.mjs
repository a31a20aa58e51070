// `npm test`: every test — vitest (server on an embedded PostgreSQL server, and on TEST_DATABASE_URL's when it is
// set; web components in jsdom), the size budgets (npm run size), then the browser tests in Chromium
// (SKIP_BROWSER_TESTS=1 leaves them out: CI runs them on one Node version of the two). Ends with one line
// "N passed, M failed, K skipped" and a non-zero exit on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'quality-portal-results-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

function run(cmd, args, env = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) exitCode = 1;
  return result.status;
}

const vitestJson = path.join(tmp, 'vitest.json');
run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
} else {
  totals.failed += 1;
}

// Each route's JavaScript against its budget, on a fresh build (scripts/size.mjs): one check.
if (run('npm', ['run', '--silent', 'size']) === 0) totals.passed += 1;
else totals.failed += 1;

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (process.env.SKIP_BROWSER_TESTS === '1') {
  console.log('\nBrowser tests not run (SKIP_BROWSER_TESTS=1).');
} else if (!existsSync(chromium)) {
  console.warn(
    `\n${'!'.repeat(78)}\n!! BROWSER TESTS SKIPPED: no Chromium at ${chromium}.\n` +
      `!! Install it with: sudo apt-get install -y chromium  (or set CHROMIUM_PATH)\n${'!'.repeat(78)}\n`,
  );
} else {
  const pwJson = path.join(tmp, 'playwright.json');
  run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' });
  if (existsSync(pwJson)) {
    const s = JSON.parse(readFileSync(pwJson, 'utf8')).stats;
    totals.passed += s.expected + (s.flaky ?? 0);
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
  } else {
    totals.failed += 1;
  }
}

if (totals.failed > 0) exitCode = 1;
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
