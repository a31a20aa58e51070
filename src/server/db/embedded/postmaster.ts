import { readFileSync, readlinkSync, realpathSync, unlinkSync } from 'node:fs';
import path from 'node:path';

/** Lines of `postmaster.pid`: pid, data directory, start time, port, … */
export function readPostmasterPid(clusterDir: string): { pid: number; port: number } | null {
  try {
    const lines = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number.parseInt(lines[0] ?? '', 10);
    const port = Number.parseInt(lines[3] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? { pid, port } : null;
  } catch {
    return null;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A postmaster works inside its data directory: its cwd tells whether a live pid is this cluster's server. */
function servesCluster(pid: number, clusterDir: string): boolean {
  try {
    return readlinkSync(`/proc/${pid}/cwd`) === realpathSync(clusterDir);
  } catch {
    return process.platform !== 'linux'; // no /proc to ask: trust the pid file
  }
}

export async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

/**
 * Stops the server a portal that died (kill -9, a crash) left running on this cluster, the way
 * `pg_ctl stop -m fast` does: SIGINT, then SIGQUIT and SIGKILL if it will not go. A pid file
 * naming a live process that is not this cluster's server (a pid reused after a reboot) is
 * stale and removed, or PostgreSQL would refuse to start. Only called with DATA_DIR locked, so
 * the server found cannot belong to a running portal.
 */
export async function stopLeftoverServer(clusterDir: string, log: (message: string) => void): Promise<void> {
  const found = readPostmasterPid(clusterDir);
  if (!found || !isAlive(found.pid)) return;
  if (!servesCluster(found.pid, clusterDir)) {
    unlinkSync(path.join(clusterDir, 'postmaster.pid'));
    return;
  }
  log(`stopping the database server an earlier start left running (pid ${found.pid})`);
  for (const [signal, ms] of [['SIGINT', 60_000], ['SIGQUIT', 10_000], ['SIGKILL', 10_000]] as const) {
    try {
      process.kill(found.pid, signal);
    } catch {
      return;
    }
    if (await waitForExit(found.pid, ms)) return;
  }
  throw new Error(`The database server left running (pid ${found.pid}) would not stop.`);
}
