import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { LOG_REDACT, buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedAdmin } from './db/seed.ts';
import { systemClock } from './lib/clock.ts';
import { loadSecret } from './lib/secrets.ts';
import { connectOutside, registerWebhook } from './sandbox.ts';

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

async function main(): Promise<void> {
  const config = readConfig();
  const logger = pino({ level: config.LOG_LEVEL, redact: LOG_REDACT });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  // PGlite's stand-in for autovacuum: now (in the background) and hourly.
  const maintain = () => database.maintain().catch((err: unknown) => logger.warn({ err }, 'database maintenance failed'));
  void maintain();
  const maintenance = setInterval(maintain, 3_600_000).unref();
  const outside = await connectOutside(config, systemClock, logger);
  const webhookSecret = loadSecret('webhook-secret', config.JOTFORM_WEBHOOK_SECRET, config.DATA_DIR, 24);
  const app = await buildApp({
    config,
    db: database.db,
    withLock: database.withLock,
    jwtSecret: loadSecret('jwt-secret', config.JWT_SECRET, config.DATA_DIR),
    webhookSecret,
    formId: outside.formId,
    awareDateQid: outside.awareDateQid,
    integrations: {
      jotform: outside.jotform,
      ...(outside.arena ? { arena: outside.arena } : {}),
      ...(outside.arenaTemplateGuid ? { arenaTemplateGuid: outside.arenaTemplateGuid } : {}),
      ...(outside.onSubmissionsInserted ? { onSubmissionsInserted: outside.onSubmissionsInserted } : {}),
    },
    logger,
    webDir: WEB_DIR,
    background: true,
  });
  await seedAdmin(database.db, config, (line) => process.stdout.write(`${line}\n`), app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    clearInterval(maintenance);
    try {
      await app.close();
      await outside.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ host: config.HOST, port: config.PORT });
  const base = config.PUBLIC_URL ?? (outside.mode === 'sandbox' ? address : undefined);
  if (base) await registerWebhook(outside.jotform, outside.formId, `${base.replace(/\/$/, '')}/v1/jotforms/webhook/${webhookSecret}`, app.log);
  app.log.info(`Quality Portal ready on ${address} (${database.kind}, ${outside.mode} mode)`);
}

main().catch((err: unknown) => {
  process.stderr.write(`Could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
