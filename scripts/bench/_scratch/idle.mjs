import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
const [mode, kind, loc] = process.argv.slice(2);
const file = mode === 'tsx' ? 'scripts/bench/server.ts' : 'node_modules/.cache/qp-bench-scratch/server.mjs';
const child = fork(file, [], { execArgv: mode === 'tsx' ? ['--import', 'tsx'] : [], env: { ...process.env, BENCH_DB_KIND: kind, BENCH_DB_LOCATION: loc, BENCH_JWT_SECRET: 'x'.repeat(40) }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
child.on('message', async () => {
  await new Promise((r) => setTimeout(r, 1000));
  const st = readFileSync(`/proc/${child.pid}/status`, 'utf8').split('\n').filter((l) => /VmHWM|VmRSS/.test(l)).join(' ');
  console.log(mode, kind, st);
  child.send('stop');
});
