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

/** What /proc/PID/stat says of every process: command name, parent, CPU time so far (user + system, in clock ticks). */
export function processStats(): Map<number, { comm: string; ppid: number; ticks: number }> {
  const stats = new Map<number, { comm: string; ppid: number; ticks: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command is parenthesised and may hold spaces; the fields after it start with state, ppid.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(name), { comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // exited meanwhile
    }
  }
  return stats;
}

/** A process and all its descendants (PostgreSQL's postmaster forks every other server process). */
export function processTree(root: number): number[] {
  const stats = processStats();
  const out = [root];
  for (let i = 0; i < out.length; i++) for (const [pid, { ppid }] of stats) if (ppid === out[i]) out.push(pid);
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
