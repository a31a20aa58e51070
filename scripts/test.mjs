// `npm test`: every test — vitest (server on an embedded PostgreSQL server, and on TEST_DATABASE_URL's when it is
// set; web components in jsdom), the size budgets (npm run size), then the browser tests in Chromium
// (SKIP_BROWSER_TESTS=1 leaves them out: CI runs them on one Node version of the two). Ends with one line
// "N passed, M failed, K skipped" (after the names of the tests that failed, as "file › test", and a line with each part's
// duration) and a non-zero exit on any failure: CI shows only the last lines of the output. Under CI (CI=true) a missing
// Chromium fails the run, and a browser test that passed only on its retry is listed and counted failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'quality-portal-results-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;
/** "file › test" of every failed test, repeated just before the closing lines. */
const failedNames = [];

/** How long each part took, printed before the closing line (CI reads where the time goes). */
const durations = [];
const seconds = (ms) => `${Math.floor(ms / 60_000)}m ${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s`;

function run(name, cmd, args, env = {}) {
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  durations.push(`${name} ${seconds(Date.now() - started)}`);
  if (result.status !== 0) exitCode = 1;
  return result.status;
}

const vitestJson = path.join(tmp, 'vitest.json');
run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  failedNames.push(...vitestFailures(r));
} else {
  totals.failed += 1;
  failedNames.push('vitest: no report (the run did not finish)');
}

// Each route's JavaScript against its budget, on a fresh build (scripts/size.mjs): one check.
if (run('size', 'npm', ['run', '--silent', 'size']) === 0) totals.passed += 1;
else {
  totals.failed += 1;
  failedNames.push('size: a route is over its budget (npm run size)');
}

/** "file › describe › test" of each failed test in vitest's JSON report; a file that failed outside its tests (import, hook) by its name. */
function vitestFailures(report) {
  return (report.testResults ?? []).flatMap((file) => {
    const name = path.relative(process.cwd(), file.name);
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed').map((t) => [name, ...t.ancestorTitles, t.title].join(' › '));
    if (failed.length === 0 && file.status === 'failed') return [`${name} › (the file failed outside its tests: ${String(file.message ?? '').split('\n')[0]})`];
    return failed;
  });
}

/** Titles ("file › describe › test") of the tests Playwright's JSON report gives a status (flaky: failed, then passed on a retry). */
function playwrightTitles(suites, status, parents = []) {
  return suites.flatMap((suite) => {
    const trail = suite.title ? [...parents, suite.title] : parents;
    const own = (suite.specs ?? []).flatMap((spec) => spec.tests.filter((t) => t.status === status).map(() => [...trail, spec.title].join(' › ')));
    return [...own, ...playwrightTitles(suite.suites ?? [], status, trail)];
  });
}

const ci = !!process.env.CI;
// Debian's headless build of Chromium, as in playwright.config.ts.
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';
if (process.env.SKIP_BROWSER_TESTS === '1') {
  console.log('\nBrowser tests not run (SKIP_BROWSER_TESTS=1).');
} else if (!existsSync(chromium)) {
  console.warn(
    `\n${'!'.repeat(78)}\n!! BROWSER TESTS ${ci ? 'FAILED' : 'SKIPPED'}: no Chromium at ${chromium}.\n` +
      `!! Install it with: sudo apt-get install -y chromium-headless-shell  (or set CHROMIUM_PATH)\n${'!'.repeat(78)}\n`,
  );
  if (ci) totals.failed += 1;
} else {
  const pwJson = path.join(tmp, 'playwright.json');
  run('playwright', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' });
  if (existsSync(pwJson)) {
    const report = JSON.parse(readFileSync(pwJson, 'utf8'));
    const s = report.stats;
    const flaky = playwrightTitles(report.suites ?? [], 'flaky');
    if (flaky.length > 0) console.warn(`\nFlaky browser tests (passed only on a retry${ci ? ', counted failed under CI' : ''}):\n${flaky.map((t) => `  - ${t}`).join('\n')}`);
    failedNames.push(...playwrightTitles(report.suites ?? [], 'unexpected').map((t) => `browser: ${t}`));
    if (ci) failedNames.push(...flaky.map((t) => `browser (flaky): ${t}`));
    totals.passed += s.expected + (ci ? 0 : s.flaky);
    totals.failed += s.unexpected + (ci ? s.flaky : 0);
    totals.skipped += s.skipped;
  } else {
    totals.failed += 1;
    failedNames.push('playwright: no report (the run did not finish)');
  }
}

if (totals.failed > 0) exitCode = 1;
if (failedNames.length > 0) console.log(`\nFailed (${failedNames.length}):\n${failedNames.map((t) => `  - ${t}`).join('\n')}`);
console.log(`\nDurations: ${durations.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
