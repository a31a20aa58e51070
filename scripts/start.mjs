// `npm start`: builds whatever is missing or older than its sources, then serves the product.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function outdated(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => existsSync(s) && (statSync(s).isDirectory() ? newestMtime(s) : statSync(s).mtimeMs) > built);
}

// Several servers may start at once (parallel browser-test runs): one builds, the others wait.
const LOCK = 'dist/.build-lock';
function acquireBuildLock() {
  mkdirSync('dist', { recursive: true });
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      return;
    } catch {
      if (Date.now() > deadline) rmSync(LOCK, { recursive: true, force: true });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
}

function build(cmd, args) {
  // Always the production build: a NODE_ENV left by the caller (vitest sets "test") would otherwise
  // put React's development build, several times slower, into dist for every later start.
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) {
    rmSync(LOCK, { recursive: true, force: true });
    process.exit(result.status ?? 1);
  }
}

acquireBuildLock();
if (outdated('dist/web/index.html', ['src/web', 'src/shared', 'vite.config.ts', 'scripts/build', 'package-lock.json'])) {
  console.log('Building the web app…');
  build('npx', ['vite', 'build', '--logLevel', 'warn']);
}
if (outdated('dist/server/main.js', ['src/server', 'src/shared', 'package-lock.json'])) {
  console.log('Building the server…');
  build(process.execPath, ['scripts/build-server.mjs']);
}
rmSync(LOCK, { recursive: true, force: true });

const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
