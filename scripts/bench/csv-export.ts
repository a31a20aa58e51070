import { type ServerChild, type ServerSpec, login, startServer } from './child.ts';
import type { DbTarget } from './databases.ts';
import { median } from './load.ts';

/** One side's exports, all from one server process started for them. */
export interface CsvResult {
  /** The median export's time: the figure the target compares. */
  seconds: number;
  /** The first export of the fresh process (its code not yet compiled by the JIT), for the record. */
  firstSeconds: number;
  bytes: number;
  /** Lines of the file, the header included. */
  lines: number;
  /** RSS of the fresh, idle server just before its first export. */
  baselineMb: number;
  /** VmHWM over its exports (reset just before the first, so start-up transients do not count). */
  peakMb: number;
}

/** Ours and the floor, exported in alternating rounds; ours once more as a browser asks for it. */
export interface CsvPair {
  ours: CsvResult;
  floor: CsvResult;
  oursGzip: CsvResult;
  /** Ours' time over the floor's within each round, which ran the two back to back. */
  rounds: number[];
}

interface Download {
  seconds: number;
  bytes: number;
  lines: number;
}

/**
 * One download, the body counted as it streams, never kept. Asked for `identity` (as it leaves the
 * server; the floor's route never compresses) or `gzip` (as a browser asks; fetch decompresses it as
 * it reads, so `bytes` and `lines` are the file's either way).
 */
async function download(url: string, headers: Record<string, string>): Promise<Download> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  if (res.status !== 200 || !res.body) throw new Error(`${url} replied ${res.status}: ${await res.text()}`);
  if (!res.headers.get('content-type')?.startsWith('text/csv')) throw new Error(`${url} is not text/csv: ${res.headers.get('content-type')}`);
  let bytes = 0;
  let lines = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines++;
  }
  return { seconds: (performance.now() - started) / 1000, bytes, lines };
}

/** A side's downloads as one result; they must all be the same file. */
function summary(runs: Download[], baselineMb: number, peakMb: number): CsvResult {
  const first = runs[0];
  if (!first) throw new Error('no export was measured');
  if (runs.some((r) => r.lines !== first.lines)) throw new Error(`the exports differ: ${runs.map((r) => r.lines).join(', ')} lines`);
  return { seconds: median(runs.map((r) => r.seconds)), firstSeconds: first.seconds, bytes: first.bytes, lines: first.lines, baselineMb, peakMb };
}

interface Side {
  server: ServerChild;
  url: string;
  headers: Record<string, string>;
  /** RSS of the idle process just before its first export (its peak is reset then). */
  baselineMb: number;
  runs: Download[];
}

async function side(target: DbTarget, spec: ServerSpec, path: string, signIn?: { email: string; password: string }): Promise<Side> {
  const server = await startServer(target, spec);
  const headers: Record<string, string> = { 'accept-encoding': 'identity' };
  if (signIn) Object.assign(headers, { authorization: `Bearer ${await login(server.url, signIn.email, signIn.password)}`, accept: 'text/csv' });
  const baselineMb = server.rssMb();
  server.resetPeak();
  return { server, url: `${server.url}${path}`, headers, baselineMb, runs: [] };
}

/**
 * Ours and the floor, each in a server process started only for its exports, so the peak resident
 * memory belongs to exports and not to earlier load. `rounds` rounds back to back, alternating which
 * goes first (the machine's speed drifts; a single 0.2–0.5 s download moved the ratio by half from
 * one run to the next): the target takes the median of the rounds' ratios, as the list's throughput
 * does. The first export of each process is kept for the record: it runs before the JIT compiled
 * ours' row writer, where COPY is compiled C from the start. Then ours `gzipRuns` times compressed,
 * its peak measured on its own.
 */
export async function measureCsvPair(
  target: DbTarget,
  spec: ServerSpec,
  paths: { ours: string; floor: string },
  signIn: { email: string; password: string },
  o: { rounds: number; gzipRuns: number },
): Promise<CsvPair> {
  const ours = await side(target, spec, paths.ours, signIn);
  try {
    const floor = await side(target, spec, paths.floor);
    try {
      const rounds: number[] = [];
      for (let round = 0; round < o.rounds; round++) {
        const order = round % 2 === 0 ? [ours, floor] : [floor, ours];
        for (const s of order) s.runs.push(await download(s.url, s.headers));
        rounds.push(ours.runs[round]!.seconds / floor.runs[round]!.seconds);
      }
      const oursResult = summary(ours.runs, ours.baselineMb, ours.server.peakRssMb());
      const floorResult = summary(floor.runs, floor.baselineMb, floor.server.peakRssMb());
      const gzipBaseline = ours.server.rssMb();
      ours.server.resetPeak();
      const gzipHeaders = { ...ours.headers, 'accept-encoding': 'gzip' };
      const gzipRuns: Download[] = [];
      for (let i = 0; i < o.gzipRuns; i++) gzipRuns.push(await download(ours.url, gzipHeaders));
      const oursGzip = summary(gzipRuns, gzipBaseline, ours.server.peakRssMb());
      return { ours: oursResult, floor: floorResult, oursGzip, rounds };
    } finally {
      await floor.server.stop();
    }
  } finally {
    await ours.server.stop();
  }
}
