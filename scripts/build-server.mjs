// Bundles the server into dist/server (dependencies stay in node_modules) and copies the SQL
// migrations beside it, where the migrator looks for them. Sandbox mode — the JotForm and Arena
// emulators and the demo — is an entry of its own that main.js loads with a dynamic import only
// when no JotForm key is set, so a live portal never loads emulator code.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/server/main.ts', sandbox: 'src/server/sandbox/index.ts' },
  outdir: 'dist/server',
  // Shared code in chunks beside the entries: every file of the build resolves ./migrations alike.
  chunkNames: 'chunk-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  // Bundled code keeps `import.meta.url` of the bundle, so ./migrations resolves beside it.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
console.log('server built: dist/server/main.js (+ sandbox.js)');
