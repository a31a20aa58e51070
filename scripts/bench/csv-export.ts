import { type ServerSpec, login, startServer } from './child.ts';
import type { DbTarget } from './databases.ts';

export interface CsvResult {
  seconds: number;
  bytes: number;
  /** Lines of the file, the header included. */
  lines: number;
  /** RSS of the fresh, idle server just before the export. */
  baselineMb: number;
  /** VmHWM over the export (reset just before it, so start-up transients do not count). */
  peakMb: number;
}

/**
 * How the body is asked for: `identity`, as it leaves the server (the floor's route never
 * compresses), or `gzip`, as a browser's download asks for it (ours compresses it as it streams).
 * Node's fetch asks for gzip unless told otherwise.
 */
export type CsvEncoding = 'identity' | 'gzip';

/**
 * Downloads one export from a server process started only for it, so its peak resident memory
 * belongs to this export and not to earlier load. The body is counted as it streams, never kept
 * (fetch decompresses it as it reads: `bytes` and `lines` are the file's either way).
 */
export async function measureCsv(target: DbTarget, spec: ServerSpec, path: string, encoding: CsvEncoding, signIn?: { email: string; password: string }): Promise<CsvResult> {
  const server = await startServer(target, spec);
  try {
    const headers: Record<string, string> = { 'accept-encoding': encoding };
    if (signIn) Object.assign(headers, { authorization: `Bearer ${await login(server.url, signIn.email, signIn.password)}`, accept: 'text/csv' });
    const baselineMb = server.rssMb();
    server.resetPeak();
    const started = performance.now();
    const res = await fetch(`${server.url}${path}`, { headers });
    if (res.status !== 200 || !res.body) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    if (!res.headers.get('content-type')?.startsWith('text/csv')) throw new Error(`${path} is not text/csv: ${res.headers.get('content-type')}`);
    let bytes = 0;
    let lines = 0;
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    return { seconds, bytes, lines, baselineMb, peakMb: server.peakRssMb() };
  } finally {
    await server.stop();
  }
}
