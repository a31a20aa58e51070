import { readFileSync, readdirSync } from 'node:fs';

/** Proportional set size of a process in MB: shared pages (PostgreSQL's shared buffers) split among their users, so a sum counts them once. */
export function pssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Pss:'));
  const kb = Number(/(\d+)\s*kB/.exec(line ?? '')?.[1]);
  if (!Number.isFinite(kb)) throw new Error(`no Pss in /proc/${pid}/smaps_rollup`);
  return kb / 1024;
}

/** A process and all its descendants (PostgreSQL's postmaster forks every other server process). */
export function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // Field 4 of /proc/PID/stat, after the parenthesised command (which may hold spaces).
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // exited meanwhile
    }
  }
  const out = [root];
  for (let i = 0; i < out.length; i++) for (const [pid, ppid] of parents) if (ppid === out[i]) out.push(pid);
  return out;
}

export interface PortalMemory {
  nodeMb: number;
  postgresMb: number;
  postgresProcesses: number;
  totalMb: number;
}

/** The whole portal: the node server process plus every process of its PostgreSQL server. */
export function portalMemory(nodePid: number, postmasterPid: number): PortalMemory {
  const nodeMb = pssMb(nodePid);
  const pg = processTree(postmasterPid);
  const postgresMb = pg.reduce((sum, pid) => {
    try {
      return sum + pssMb(pid);
    } catch {
      return sum;
    }
  }, 0);
  return { nodeMb, postgresMb, postgresProcesses: pg.length, totalMb: nodeMb + postgresMb };
}
