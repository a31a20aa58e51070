import os from 'node:os';
import type { CsvPair, CsvResult } from './csv-export.ts';
import type { DbKind } from './databases.ts';
import { type LoadResult, type PairResult, median } from './load.ts';
import type { PortalMemory } from './memory.ts';
import type { SeedResult } from './seed.ts';
import type { StartupResult } from './startup.ts';

export interface ViewResult {
  name: string;
  /** At 50 connections: ours and the floor in alternating rounds. */
  at50: PairResult;
  ours1: LoadResult;
  floor1: LoadResult;
}

export interface DbResult {
  kind: DbKind;
  label: string;
  seed: SeedResult;
  settle: string;
  connections: number;
  views: ViewResult[];
  /** Follow-up saves at `writeConnections`: ours (PATCH create-followup) and their floor, the same writes in one transaction. */
  writeConnections: number;
  writes: PairResult;
  /** The bench server and its PostgreSQL processes after the list and write load (embedded only). */
  afterLoad?: PortalMemory;
  /** Ours and the floor both uncompressed, in rounds (the comparison the target is about); ours gzip-compressed as a browser asks for it, for the record. */
  csv: CsvPair;
  /** 1-minute load average before and after: other work on the machine skews every figure. */
  load: [number, number];
}

export interface Check {
  target: string;
  measured: string;
  pass: boolean;
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => (n < 10 ? n.toFixed(1) : int(n));
const pad = (s: string, n: number) => s.padEnd(n);
const failures = (r: LoadResult) => (r.failures > 0 ? ` (${int(r.failures)} FAILED)` : '');

function loadCell(r: LoadResult): string {
  if (r.requests === 0) return 'no reply within the window';
  return `${int(r.rps).padStart(6)} req/s  p50 ${ms(r.p50).padStart(4)}  p99 ${ms(r.p99).padStart(4)} ms${failures(r)}`;
}
/** Ours as a share of the floor's throughput: the median of the rounds' (each ran both back to back). */
const share = (p: PairResult) => 100 * median(p.rounds.map((r) => r.rps));
/** Ours' p99 over the floor's, each over every reply of its rounds. */
const p99Ratio = (p: PairResult) => p.ours.p99 / p.floor.p99;
/** The p99 ratio, then how the rounds' own ratios spread. */
export const p99Text = (p: PairResult) => `${p99Ratio(p).toFixed(2)}× (${spread(p.rounds.map((r) => r.p99), (n) => n.toFixed(2))})`;
/** How the rounds spread: their number, lowest–highest, and the middle half (the quartiles). */
function spread(values: readonly number[], fmt: (n: number) => string): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.round(q * (sorted.length - 1))] ?? Number.NaN;
  return `${sorted.length} rounds ${fmt(at(0))}–${fmt(at(1))}, middle half ${fmt(at(0.25))}–${fmt(at(0.75))}`;
}
/** The median, then how the rounds' shares spread. */
export const shareText = (p: PairResult) => `${int(share(p))} % req/s (${spread(p.rounds.map((r) => 100 * r.rps), int)})`;
function userCell(r: LoadResult): string {
  return `p50 ${ms(r.p50).padStart(5)} ms  p99 ${ms(r.p99).padStart(5)} ms (${r.requests} seq.)${failures(r)}`;
}
function csvCell(r: CsvResult): string {
  return `${r.seconds.toFixed(2).padStart(5)} s (first ${r.firstSeconds.toFixed(2)})  ${(r.bytes / 1_048_576).toFixed(1)} MB  peak ${int(r.peakMb)} MB`;
}
/** Ours' export time over the floor's: the median of the rounds' ratios (each ran both back to back). */
const csvRatio = (c: CsvPair) => median(c.rounds);

export function dbTable(r: DbResult): string {
  const w = [26, 44, 44];
  const row = (a: string, b: string, c: string, d: string) => `  ${pad(a, w[0]!)}${pad(b, w[1]!)}${pad(c, w[2]!)}${d}`;
  const seedNote = r.seed.countsAgree ? `= GROUP BY over the rows` : `DISAGREES with a GROUP BY over the rows`;
  const lines = [
    `${r.label}   (1-min load average ${r.load[0].toFixed(1)} → ${r.load[1].toFixed(1)} on ${os.availableParallelism()} cores)`,
    `  seed: ${int(r.seed.rows)} rows in ${(r.seed.ms / 1000).toFixed(1)} s, one INSERT … SELECT FROM generate_series; the per-day count trigger`,
    `        fired per row (count table: ${int(r.seed.countRows)} rows, ${seedNote}); VACUUM FULL of the count table`,
    `        (${(r.seed.compactMs / 1000).toFixed(1)} s: one statement's 100k trigger updates leave dead versions small sync transactions would not);`,
    `        then ${r.settle}`,
    row('', 'OURS (auth + validation + schema)', 'FLOOR (same SQL, bare route)', 'OURS/FLOOR'),
  ];
  for (const v of r.views) {
    lines.push(row(`list ${v.name}, ${r.connections} conn`, loadCell(v.at50.ours), loadCell(v.at50.floor), shareText(v.at50)));
  }
  for (const v of r.views) {
    lines.push(row(`list ${v.name}, 1 user`, userCell(v.ours1), userCell(v.floor1), `${(v.ours1.p50 / v.floor1.p50).toFixed(1)}× p50`));
  }
  lines.push(row(`follow-up saves, ${r.writeConnections} conn`, loadCell(r.writes.ours), loadCell(r.writes.floor), shareText(r.writes)));
  const { csv } = r;
  const rows = csv.ours.lines - 1;
  const rowsNote = csv.floor.lines === csv.ours.lines ? '' : ` (floor: ${int(csv.floor.lines - 1)} rows!)`;
  lines.push(row(`CSV export, ${int(rows)} rows${rowsNote}`, csvCell(csv.ours), csvCell(csv.floor), `${csvRatio(csv).toFixed(1)}× time (${spread(csv.rounds, (n) => n.toFixed(2))}; first ${(csv.ours.firstSeconds / csv.floor.firstSeconds).toFixed(1)}×)`));
  lines.push(row('  the same, gzip as browsers ask', csvCell(csv.oursGzip), '(the floor never compresses)', `${(csv.oursGzip.seconds / csv.floor.seconds).toFixed(1)}× time`));
  lines.push(`  CSV processes idle before their exports: ours ${int(csv.ours.baselineMb)} MB, the floor's ${int(csv.floor.baselineMb)} MB`);
  if (r.afterLoad) lines.push(`  memory after the load, idle: ${memoryText(r.afterLoad)}`);
  return lines.join('\n');
}

export function memoryText(m: PortalMemory): string {
  return `${int(m.totalMb)} MB PSS = node ${int(m.nodeMb)} MB + PostgreSQL ${int(m.postgresMb)} MB (${m.postgresProcesses} processes)`;
}

export function startupTable(s: StartupResult): string {
  return [
    'Start-up (a fresh copy of the working tree, node_modules in place, sandbox mode)',
    `  npm start, build included, to healthy: ${(s.firstMs / 1000).toFixed(1)} s; restart on the same DATA_DIR: ${(s.restartMs / 1000).toFixed(1)} s`,
    `  whole portal idle after sign-in and the first pages: ${memoryText(s.idle)}`,
  ].join('\n');
}

/** The targets of the brief, one line each. */
export function checks(results: DbResult[], startup: StartupResult | undefined): Check[] {
  const out: Check[] = [];
  for (const r of results) {
    const name = r.kind === 'postgres' ? 'PostgreSQL server' : 'Embedded';
    for (const v of r.views) {
      const ok = v.at50.ours.failures === 0 && v.at50.ours.requests > 0;
      out.push({ target: `${name} list ${v.name}: throughput ≥ 90 % of floor (${r.connections} conn)`, measured: ok ? `${int(share(v.at50))} %` : 'no replies', pass: ok && share(v.at50) >= 90 });
      out.push({ target: `${name} list ${v.name}: p99 ≤ 1.2× floor p99`, measured: ok ? p99Text(v.at50) : 'no replies', pass: ok && p99Ratio(v.at50) <= 1.2 });
    }
    const writesOk = r.writes.ours.failures === 0 && r.writes.ours.requests > 0;
    // The floor is the same writes the save must make, in one transaction: a write target is never measured against less work.
    out.push({ target: `${name} follow-up saves: ≥ 70 % of floor (${r.writeConnections} conn)`, measured: writesOk ? `${int(share(r.writes))} %` : 'failures', pass: writesOk && share(r.writes) >= 70 });
    out.push({ target: `${name} follow-up saves: p99 ≤ 1.5× floor p99`, measured: writesOk ? p99Text(r.writes) : 'failures', pass: writesOk && p99Ratio(r.writes) <= 1.5 });
    const { csv } = r;
    const sameFile = csv.ours.lines === csv.floor.lines && csv.oursGzip.lines === csv.floor.lines;
    const ratio = csvRatio(csv);
    out.push({ target: `${name} CSV: time ≤ 2× COPY … TO STDOUT CSV`, measured: `${ratio.toFixed(2)}× (${spread(csv.rounds, (n) => n.toFixed(2))})`, pass: ratio <= 2 && sameFile });
    // The higher of the two: compressing as it streams holds buffers of its own.
    const peak = Math.max(csv.ours.peakMb, csv.oursGzip.peakMb);
    out.push({ target: `${name} CSV: node peak RSS ≤ 150 MB`, measured: `${int(peak)} MB (idle ${int(csv.ours.baselineMb)})`, pass: peak <= 150 && sameFile });
  }
  if (startup) {
    out.push({ target: 'npm start in a fresh clone (build included) to healthy ≤ 30 s', measured: `${(startup.firstMs / 1000).toFixed(1)} s`, pass: startup.firstMs <= 30_000 });
    out.push({ target: 'restart on an existing DATA_DIR ≤ 5 s', measured: `${(startup.restartMs / 1000).toFixed(1)} s`, pass: startup.restartMs <= 5_000 });
    out.push({ target: 'whole portal idle ≤ 250 MB (PSS, node + PostgreSQL)', measured: `${int(startup.idle.totalMb)} MB`, pass: startup.idle.totalMb <= 250 });
  }
  return out;
}

export function checksTable(list: Check[]): string {
  const w = Math.max(...list.map((c) => c.target.length)) + 2;
  const m = Math.max(...list.map((c) => c.measured.length)) + 2;
  const lines = [`  ${pad('TARGET', w)}${pad('MEASURED', m)}RESULT`];
  for (const c of list) lines.push(`  ${pad(c.target, w)}${pad(c.measured, m)}${c.pass ? 'PASS' : 'FAIL'}`);
  const failed = list.filter((c) => !c.pass).length;
  lines.push(`  ${list.length - failed} of ${list.length} targets met${failed ? `; ${failed} FAIL` : ''}`);
  return lines.join('\n');
}
