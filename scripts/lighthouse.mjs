// `npm run lighthouse [-- <base URL>] [--runs N] [--verbose]`: Lighthouse's mobile preset (simulated
// slow 4G, 4× slower CPU) in Debian's Chromium on the sign-in page and, signed in, the
// submissions list. Without a URL it starts the built portal (`npm start`: builds what is
// outdated) on a free port with a fresh DATA_DIR, in sandbox mode (the demo's submissions).
// Prints performance and accessibility scores, FCP/LCP/TBT/CLS and what the browser downloaded;
// with --runs N, the run of median performance per page; with LH_SAVE=<dir>, each report as JSON.
// A benchmark, not part of `npm test`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args.splice(i, 2)[1];
};
const runs = Number(option('--runs') ?? 1);
const verbose = args.includes('--verbose') ? args.splice(args.indexOf('--verbose'), 1) && true : false;
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ADMIN = { email: 'lighthouse@example.com', password: 'Lighthouse-Orchard-Window', name: 'Lighthouse' };

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

/** The built portal on a free port with a fresh data directory; stopped by the returned function. */
async function startPortal() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quality-portal-lighthouse-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ADMIN_NAME: ADMIN.name, LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '1000' },
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the portal did not start within 4 minutes');
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The session the web app keeps in localStorage (src/web/lib/session.ts), from a real sign-in. */
async function signIn(base, email, password) {
  const res = await fetch(`${base}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const { user, tokens } = await res.json();
  return { accessToken: tokens.access.token, refreshToken: tokens.refresh.token, user, idleMinutes: tokens.idleMinutes };
}

const ms = (v) => (v === undefined ? '–' : `${(v / 1000).toFixed(2)} s`);
const kib = (v) => `${(v / 1024).toFixed(0)} KiB`;

/** One Lighthouse run of `url` in a fresh browser; with `session`, signed in first. */
async function audit(url, session) {
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    if (session) {
      await page.goto(new URL('/favicon.svg', url).href);
      await page.evaluate((value) => localStorage.setItem('qp.session', value), JSON.stringify(session));
    }
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], ...(session ? { disableStorageReset: true } : {}) },
      undefined,
      page,
    );
    if (process.env.LH_SAVE) writeFileSync(path.join(process.env.LH_SAVE, `${new URL(url).pathname.replace(/\W+/g, '_')}.json`), JSON.stringify(result.lhr));
    return result.lhr;
  } finally {
    await browser.close();
  }
}

function summarize(lhr) {
  const a = lhr.audits;
  const requests = a['network-requests']?.details?.items ?? [];
  const sum = (items) => items.reduce((s, r) => s + (r.transferSize ?? 0), 0);
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    url: new URL(lhr.finalDisplayedUrl).pathname,
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    fcp: a['first-contentful-paint'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue ?? Number.NaN,
    error: lhr.runtimeError?.message,
    speedIndex: a['speed-index'].numericValue,
    transfer: sum(requests),
    scripts: scripts.length,
    scriptTransfer: sum(scripts),
    flagged: Object.values(a)
      .filter((x) => x.score !== null && x.score < 0.9 && x.scoreDisplayMode !== 'informative' && x.scoreDisplayMode !== 'notApplicable' && x.scoreDisplayMode !== 'manual')
      .map((x) => {
        const nodes = (x.details?.items ?? []).map((i) => i.node?.snippet ?? i.node?.selector).filter(Boolean).slice(0, 3);
        return `${x.id}${x.displayValue ? ` (${x.displayValue})` : ''}${nodes.length ? ` [${nodes.join(' ')}]` : ''}`;
      }),
  };
}

const external = args.find((a) => /^https?:\/\//.test(a));
if (!external && args.length) {
  console.error('usage: npm run lighthouse [-- <base URL>] [--runs N] [--verbose]');
  process.exit(2);
}
const portal = external ? { base: external.replace(/\/$/, ''), stop: async () => {} } : await startPortal();
try {
  const account = external ? (process.env.LH_EMAIL && process.env.LH_PASSWORD ? { email: process.env.LH_EMAIL, password: process.env.LH_PASSWORD } : null) : ADMIN;
  if (!account) console.warn('(signed-in pages skipped: set LH_EMAIL and LH_PASSWORD to sign in to the given portal)');
  const pages = [{ path: '/auth/login', signedIn: false }, ...(account ? [{ path: '/dashboard/jotforms', signedIn: true }] : [])];
  const rows = [];
  for (const { path: p, signedIn } of pages) {
    const results = [];
    // A session of its own per run: a run may rotate its tokens, which would end a shared one.
    for (let i = 0; i < runs; i++) results.push(summarize(await audit(portal.base + p, signedIn ? await signIn(portal.base, account.email, account.password) : null)));
    for (const r of results) if (r.error) console.log(`${p}: a run failed: ${r.error}`);
    // A failed run (Lighthouse could not record the page) scores nothing: it is left out.
    const good = results.filter((r) => !r.error).sort((x, y) => x.performance - y.performance);
    if (good.length === 0) throw new Error(`every run of ${p} failed`);
    const median = good[Math.floor(good.length / 2)];
    if (runs > 1) median.all = good.map((r) => r.performance).join('/');
    rows.push(median);
  }
  console.log(`\nLighthouse ${lighthouse.version ?? ''} mobile preset (simulated slow 4G, 4× CPU), Chromium at ${chromium}${runs > 1 ? `, median of ${runs} runs` : ''}\n`);
  console.log('| Page | Performance | Accessibility | FCP | LCP | TBT | CLS | Speed Index | Transfer | JS (files) |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.url} | ${r.performance}${r.all ? ` (${r.all})` : ''} | ${r.accessibility} | ${ms(r.fcp)} | ${ms(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${ms(r.speedIndex)} | ${kib(r.transfer)} | ${kib(r.scriptTransfer)} (${r.scripts}) |`,
    );
  }
  if (verbose) for (const r of rows) console.log(`\n${r.url} flags:\n  ${r.flagged.join('\n  ') || 'nothing'}`);
} finally {
  await portal.stop();
}
