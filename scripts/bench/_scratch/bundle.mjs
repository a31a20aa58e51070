import { build } from 'esbuild';
await build({
  entryPoints: ['scripts/bench/server.ts'], outfile: 'node_modules/.cache/qp-bench-scratch/server.mjs', bundle: true, platform: 'node', target: 'node20', format: 'esm', packages: 'external', logLevel: 'warning',
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
