// The first sync of a form with years of submissions: the JotForm emulator seeded with them in its
// own store, then the portal's sync (the product's code, a full round as the first poll makes it)
// importing them into a fresh embedded database; the time, the calls, and the rate.
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createJotformClient } from '../../src/server/connectors/jotform/index.ts';
import { DEMO_AWARE_DATE_QID, DEMO_FORM_ID, bulkFixtures, createJotformEmulator } from '../../src/server/emulators/jotform/index.ts';
import { type DbTarget, createEmbeddedTarget, openTarget } from './databases.ts';
import type { Check } from './report.ts';

export interface FirstSyncResult {
  rows: number;
  /** Building the emulator's store (not part of the figure). */
  seedSeconds: number;
  seconds: number;
  /** Every request the emulator replied to during the sync. */
  calls: number;
  perSecond: number;
  /** The submissions the database holds afterwards, and the first sync's own count. */
  stored: number;
  imported: number;
}

/** The targets of the figure: a form of 100,000 submissions in at most 110 calls, at 2,000 or more a second. */
export const FIRST_SYNC_TARGETS = { maxCalls: 110, minPerSecond: 2_000 };

export async function measureFirstSync(rows: number, log: (line: string) => void): Promise<FirstSyncResult> {
  const apiKey = randomBytes(16).toString('hex');
  const seeding = performance.now();
  // Newest now, one every 15 minutes back: 100,000 reach back nearly three years.
  const emulator = createJotformEmulator({ apiKey, dailyLimit: 1_000_000, fixtures: bulkFixtures(rows, new Date(), { spacingMs: 15 * 60_000 }) });
  const seedSeconds = (performance.now() - seeding) / 1000;
  log(`  emulator seeded with ${rows.toLocaleString('en-US')} submissions in its own store in ${seedSeconds.toFixed(1)} s`);
  let target: DbTarget | undefined;
  try {
    const baseUrl = await emulator.listen();
    target = await createEmbeddedTarget();
    const database = openTarget(target);
    try {
      await database.migrate();
      const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: '/nonexistent-bench-data-dir', LOG_LEVEL: 'silent', JOTFORM_API_KEY: apiKey, JOTFORM_FORM_ID: DEMO_FORM_ID });
      const jotform = createJotformClient({ apiKey, baseUrl });
      const app = await buildApp({ config, db: database.db, jwtSecret: randomBytes(32).toString('hex'), formId: DEMO_FORM_ID, awareDateQid: DEMO_AWARE_DATE_QID, outside: { jotform }, webDir: null });
      try {
        const started = performance.now();
        const result = await app.services.sync.syncOnce();
        const seconds = (performance.now() - started) / 1000;
        if (result === 'busy') throw new Error('the sync was busy');
        // The request log keeps the last 1,000: the day's count is the emulator's quota.
        const calls = 1_000_000 - emulator.state.limitLeft;
        const first = await app.services.sync.firstSync();
        const stored = Number((await database.pool.query<{ n: string }>('select count(*) as n from submissions')).rows[0]?.n ?? 0);
        return { rows, seedSeconds, seconds, calls, perSecond: rows / seconds, stored, imported: first?.imported ?? 0 };
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  } finally {
    await target?.destroy();
    await emulator.close();
  }
}

export function firstSyncText(r: FirstSyncResult): string {
  const int = (n: number) => Math.round(n).toLocaleString('en-US');
  return [
    `First sync (the JotForm emulator seeded with ${int(r.rows)} submissions in its own store; the portal's sync into a fresh embedded database)`,
    `  ${int(r.stored)} stored (${int(r.imported)} counted by the first sync) in ${r.seconds.toFixed(1)} s: ${int(r.perSecond)} submissions a second, ${int(r.calls)} calls to JotForm`,
  ].join('\n');
}

/** The figure's two targets; every submission stored is part of both. */
export function firstSyncChecks(r: FirstSyncResult): Check[] {
  const whole = r.stored === r.rows && r.imported === r.rows;
  const n = r.rows.toLocaleString('en-US');
  return [
    { target: `First sync of ${n} submissions: ≤ ${FIRST_SYNC_TARGETS.maxCalls} calls to JotForm`, measured: `${r.calls} calls${whole ? '' : ` (only ${r.stored.toLocaleString('en-US')} stored!)`}`, pass: whole && r.calls <= FIRST_SYNC_TARGETS.maxCalls },
    { target: `First sync of ${n} submissions: ≥ ${FIRST_SYNC_TARGETS.minPerSecond.toLocaleString('en-US')} submissions a second`, measured: `${Math.round(r.perSecond).toLocaleString('en-US')} a second (${r.seconds.toFixed(1)} s)`, pass: whole && r.perSecond >= FIRST_SYNC_TARGETS.minPerSecond },
  ];
}
