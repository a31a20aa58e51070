import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, build } from 'esbuild';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/**
 * Packages stay outside the bundle (as in scripts/build-server.mjs) but are imported by absolute
 * file URL, resolved here with Node's ESM rules, so the bundle can live in a temp dir.
 */
const absoluteExternals: Plugin = {
  name: 'absolute-externals',
  setup(b) {
    b.onResolve({ filter: /^[^./#]/ }, (args) => ({ path: import.meta.resolve(args.path), external: true }));
  },
};

/**
 * The bench server bundled the way production bundles the product (esbuild, ESM, packages
 * external) and run by plain `node`: under the tsx loader the same process holds ~100 MB more,
 * which would be the loader's memory, not the product's.
 */
export async function bundleServer(): Promise<{ file: string; remove(): void }> {
  // Inside the working tree (node_modules/.cache), not the OS temp dir: what the product resolves at
  // run time through require.resolve (the complaint file's fonts) is found in node_modules from there.
  const cache = path.join(HERE, '..', '..', 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, 'quality-portal-bench-server-'));
  const file = path.join(dir, 'server.mjs');
  await build({
    entryPoints: [path.join(HERE, 'server.ts')],
    outfile: file,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    logLevel: 'warning',
    plugins: [absoluteExternals],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
