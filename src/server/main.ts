import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { LOG_REDACT, buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { DataDirInUse } from './db/embedded/index.ts';
import { LegacyDataFound } from './db/legacy-pglite.ts';
import { openDatabase } from './db/open.ts';
import { seedAdmin } from './db/seed.ts';
import { systemClock } from './lib/clock.ts';
import { LOG_SERIALIZERS } from './lib/log-serializers.ts';
import { loadSecret } from './lib/secrets.ts';
import { connectOutside, registerWebhook } from './outside/index.ts';

/** The built web app sits at dist/web, two levels above both src/server and dist/server. */
const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'web');

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

/** What started so far, stopped in reverse on shutdown or on a failed start (the embedded server last). */
const running: { name: string; close: () => Promise<unknown> }[] = [];
let stopping: Promise<void> | undefined;

function stopAll(): Promise<void> {
  stopping ??= (async () => {
    for (const part of running.reverse()) {
      await part.close().catch((err: unknown) => process.stderr.write(`could not stop the ${part.name} cleanly: ${String(err)}\n`));
    }
  })();
  return stopping;
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = pino({ level: config.LOG_LEVEL, redact: LOG_REDACT, serializers: LOG_SERIALIZERS });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      logger.info({ signal }, 'shutting down');
      // The embedded server's fast shutdown gets its time; only a stuck stop is cut short.
      setTimeout(() => process.exit(1), 90_000).unref();
      void stopAll().then(() => process.exit(0));
    });
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    migrationUrl: config.MIGRATION_DATABASE_URL,
    dataDir: config.DATA_DIR,
    embeddedPort: config.EMBEDDED_PG_PORT,
    log: (level, message) => logger[level]({ process: 'database' }, message),
  });
  running.push({ name: 'database', close: () => database.close() });
  await database.migrate();
  const outside = await connectOutside(config, systemClock, logger, database.db);
  running.push({ name: 'connectors', close: () => outside.close() });
  const webhookSecret = loadSecret('webhook-secret', config.JOTFORM_WEBHOOK_SECRET, config.DATA_DIR, 24);
  const app = await buildApp({
    config,
    db: database.db,
    exportPool: database.exportPool,
    jwtSecret: loadSecret('jwt-secret', config.JWT_SECRET, config.DATA_DIR),
    mfaKey: loadSecret('mfa-key', config.MFA_KEY, config.DATA_DIR, 32),
    webhookSecret,
    formId: outside.formId,
    awareDateQid: outside.awareDateQid,
    outside: outside.outside,
    logger,
    webDir: WEB_DIR,
    background: true,
  });
  running.push({ name: 'web server', close: () => app.close() });
  await outside.attach?.(app.services);
  // Seeds and recovery codes an earlier release stored without the MFA key are sealed now (docs/security.md).
  const sealed = await app.services.mfaRepo.sealStored();
  if (sealed > 0) app.log.info({ sealed }, 'two-step verification data stored without the MFA key sealed with it');
  await seedAdmin(database.db, config, (line) => process.stdout.write(`${line}\n`), app.log);
  // Stored clock due dates follow REPORTING_REGIMES and REPORTING_HOLIDAYS (decision 022): recomputed when they changed.
  const refreshed = await app.services.reporting.refreshClocks();
  if (refreshed > 0) app.log.info({ refreshed }, 'reporting clocks recomputed for the current settings');

  const address = await app.listen({ host: config.HOST, port: config.PORT });
  const base = config.PUBLIC_URL ?? (outside.mode === 'sandbox' ? address : undefined);
  if (base) await registerWebhook(outside.outside.jotform, outside.formId, `${base.replace(/\/$/, '')}/v1/jotforms/webhook/${webhookSecret}`, app.log);
  app.log.info(`Quality Portal ready on ${address} (${database.kind} database, ${outside.mode} mode)`);
  // A new installation's default mappings, in the background (sandbox mode seeds them with its demo).
  if (outside.mode === 'live') {
    app.services.fieldMapping.seedDefaults().then(
      (made) => made > 0 && app.log.info({ made }, 'default field mappings created for a new installation'),
      (err: unknown) => app.log.warn({ err }, 'default field mappings not created; the next start tries again'),
    );
  }
}

main().catch(async (err: unknown) => {
  await stopAll();
  // Refusals the person starting the portal can act on get their message alone.
  const expected = err instanceof DataDirInUse || err instanceof LegacyDataFound || err instanceof ConfigError;
  process.stderr.write(`${expected ? err.message : `Could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`}\n`);
  process.exit(1);
});
