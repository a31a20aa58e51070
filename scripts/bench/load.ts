import autocannon from 'autocannon';
import { processStats } from './memory.ts';

export interface LoadResult {
  /** Mean requests per second over the measured window. */
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Non-2xx replies plus connection errors: any of them makes the figures meaningless. */
  failures: number;
  /** The latency in ms of every reply after the run's ramp (runs under load only), so rounds can be pooled. */
  latencies?: number[];
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}

/**
 * A run's ramp: its connections all open and send at once, and the replies to what was sent then
 * take 2–4× the steady latency (p99 150–230 ms against 40–85 ms after, on the list, either side).
 * In a 2 s round that is a tenth of the replies, so it would decide the p99: latencies leave it out
 * (the throughput counts every reply, on both sides alike).
 */
const RAMP_MS = 500;

/** Runs autocannon and keeps the latency of each reply to a request sent after the ramp. */
function run(opts: autocannon.Options): Promise<{ r: autocannon.Result; latencies: number[] }> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const started = performance.now();
    const instance = autocannon(opts, (err: Error | null, r: autocannon.Result) => (err ? reject(err) : resolve({ r, latencies })));
    instance.on('response', (_client, _status, _bytes, ms) => {
      if (performance.now() - ms - started >= RAMP_MS) latencies.push(ms);
    });
  });
}

const cannon = (url: string, connections: number, seconds: number, headers: Record<string, string>) => run({ url, connections, duration: seconds, headers, timeout: 30 });

/** One run at `connections` for `seconds` (the callers warm each side up with a run of their own first). */
export async function measureLoad(url: string, o: LoadOptions): Promise<LoadResult> {
  const headers = o.headers ?? {};
  const before = process.env.BENCH_CPU_SPLIT ? processStats() : undefined;
  const { r, latencies } = await cannon(url, o.connections, o.seconds, headers);
  if (before) printCpuSplit(before, processStats(), r.requests.total);
  // Replies over the window, not autocannon's mean of per-second samples (0 when replies are rare).
  const rps = r.requests.total / (r.duration || o.seconds);
  return { rps, p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.total, failures: r.non2xx + r.errors, latencies };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}

/**
 * One user: sequential requests over one keep-alive connection (fetch reuses it), timed from
 * request to the last byte of the body; `requests` of them, or as many as fit in `maxSeconds`
 * (a slow endpoint must not stall the whole bench).
 */
export async function measureSequential(url: string, o: { warmup: number; requests: number; maxSeconds: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const headers = o.headers ?? {};
  const times: number[] = [];
  let failures = 0;
  const deadline = performance.now() + o.maxSeconds * 1000;
  for (let i = 0; i < o.warmup + o.requests && (times.length < 5 || performance.now() < deadline); i++) {
    const started = performance.now();
    // As autocannon's requests: no compression asked for. fetch asks for gzip and br by default,
    // which only ours would reply to compressed (the floor's routes are outside /v1/).
    const res = await fetch(url, { headers: { 'accept-encoding': 'identity', ...headers } });
    await res.arrayBuffer();
    const ms = performance.now() - started;
    if (res.status !== 200) failures++;
    if (i >= o.warmup) times.push(ms);
  }
  const total = times.reduce((a, b) => a + b, 0);
  times.sort((a, b) => a - b);
  return { rps: (times.length * 1000) / total, p50: percentile(times, 50), p99: percentile(times, 99), requests: times.length, failures };
}

/** Clock ticks per second of /proc/PID/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * BENCH_CPU_SPLIT=1: where a round's CPU went, per request (server, PostgreSQL and load generator
 * share 2 cores), in list and write rounds. Only this bench's own processes count — the load
 * generator and what it started: the server and, on the embedded server, PostgreSQL (a PostgreSQL
 * server the bench did not start is not counted) — so other work on the machine does not.
 */
function printCpuSplit(before: ReturnType<typeof processStats>, after: ReturnType<typeof processStats>, requests: number): void {
  const ours = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, v] of after) if (!ours.has(pid) && ours.has(v.ppid)) grew = ours.add(pid).size > 0;
  }
  const spent: Record<string, number> = { server: 0, postgres: 0, 'load generator': 0, other: 0 };
  for (const pid of ours) {
    const v = after.get(pid)!;
    const who = pid === process.pid ? 'load generator' : v.comm === 'node' ? 'server' : v.comm === 'postgres' ? 'postgres' : 'other';
    spent[who]! += v.ticks - (before.get(pid)?.ticks ?? 0);
  }
  const perRequest = (ticks: number) => ((ticks * 1e6) / TICKS_PER_SECOND / Math.max(1, requests)).toFixed(0);
  console.log(`    CPU per request (µs): ${Object.entries(spent).map(([who, t]) => `${who} ${perRequest(t)}`).join(', ')}`);
}

/**
 * Writes at `connections`: each request built by `request()` (its own path and body, so no two
 * requests are alike — a repeated body could be stored once by design).
 */
export async function measureWrites(
  base: string,
  request: () => { method: 'PATCH' | 'PUT' | 'POST'; path: string; body: string },
  o: LoadOptions,
): Promise<LoadResult> {
  const once = (seconds: number) =>
    run({
      url: base,
      connections: o.connections,
      duration: seconds,
      timeout: 30,
      headers: { 'content-type': 'application/json', ...o.headers },
      requests: [{ setupRequest: (req) => ({ ...req, ...request() }) }],
    });
  const before = process.env.BENCH_CPU_SPLIT ? processStats() : undefined;
  const { r, latencies } = await once(o.seconds);
  if (before) printCpuSplit(before, processStats(), r.requests.total);
  const rps = r.requests.total / (r.duration || o.seconds);
  return { rps, p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.total, failures: r.non2xx + r.errors, latencies };
}

/** Ours against its floor over several rounds. */
export interface PairResult {
  /**
   * Each side over all its rounds: the median round's throughput; p50 and p99 of every reply of
   * every round pooled (a 2 s round's own p99 is its 20 slowest replies, so one pause decides it);
   * requests and failures added up.
   */
  ours: LoadResult;
  floor: LoadResult;
  /**
   * Ours over the floor within each round, which ran the two back to back: throughput and p99.
   * The throughput target takes the median, so a round the machine slowed counts for both sides.
   */
  rounds: { rps: number; p99: number }[];
}

/** The median: the middle value, or the mean of the two middle values for an even count. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Ours against its floor in `rounds` alternating rounds (ours first, then the floor first, …), so
 * neither always runs second, on a warmer machine or (for writes) on the more written-to table.
 */
export async function measurePair(ours: () => Promise<LoadResult>, floor: () => Promise<LoadResult>, rounds: number): Promise<PairResult> {
  const pairs: { ours: LoadResult; floor: LoadResult }[] = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      const o = await ours();
      pairs.push({ ours: o, floor: await floor() });
    } else {
      const f = await floor();
      pairs.push({ ours: await ours(), floor: f });
    }
  }
  const p99Of = (r: LoadResult) => (r.latencies ? percentile([...r.latencies].sort((a, b) => a - b), 99) : r.p99);
  const pooled = (runs: LoadResult[]): LoadResult => {
    const all = runs.flatMap((r) => r.latencies ?? []).sort((a, b) => a - b);
    return {
      rps: median(runs.map((r) => r.rps)),
      p50: percentile(all, 50),
      p99: percentile(all, 99),
      requests: runs.reduce((n, r) => n + r.requests, 0),
      failures: runs.reduce((n, r) => n + r.failures, 0),
    };
  };
  return {
    ours: pooled(pairs.map((p) => p.ours)),
    floor: pooled(pairs.map((p) => p.floor)),
    rounds: pairs.map((p) => ({ rps: p.floor.rps > 0 ? p.ours.rps / p.floor.rps : 0, p99: p99Of(p.ours) / p99Of(p.floor) })),
  };
}
