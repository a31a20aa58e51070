import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOG_REDACT, buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedAdmin } from './db/seed.ts';
import { loadJwtSecret } from './lib/secrets.ts';

/** The built web app sits at dist/web beside dist/server (and beside src/server when run from source). */
function webDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '..', '..', 'dist', 'web');
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  const app = await buildApp({
    config,
    db: database.db,
    jwtSecret: loadJwtSecret(config.JWT_SECRET, config.DATA_DIR),
    logger: { level: config.LOG_LEVEL, redact: LOG_REDACT },
    webDir: webDir(),
  });
  await seedAdmin(database.db, config, (line) => process.stdout.write(`${line}\n`), app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`Quality Portal ready on http://${config.HOST}:${config.PORT} (${database.kind})`);
}

main().catch((err: unknown) => {
  process.stderr.write(`Could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
