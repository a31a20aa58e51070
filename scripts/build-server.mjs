// Bundles the server into dist/server/main.js (dependencies stay in node_modules) and copies
// the SQL migrations beside it, where the migrator looks for them.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
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
console.log('server built: dist/server/main.js');
