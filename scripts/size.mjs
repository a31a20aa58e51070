// `npm run size`: the JavaScript each route makes the browser download, gzip-compressed, against
// its budget (issue 12). Reads the build's manifest (dist/web/.vite/manifest.json, written by
// `vite build`): a route loads the entry with its static imports, then the lazy chunks its
// router entries open (src/web/app/router.tsx) with theirs. Exits non-zero when a budget is
// exceeded or a chunk named here is no longer in the build. Run by `npm test`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const WEB = 'dist/web';
const KB = 1024;

/** Route → the lazy modules (manifest keys, paths under src/web) its first render loads. */
const ROUTES = {
  '/auth/login': { budget: 150 * KB, lazy: [] }, // the sign-in page is part of the entry
  '/dashboard/jotforms': {
    budget: 250 * KB,
    // With the toast library: the sign-in that leads there raises a toast.
    lazy: ['app/layouts/dashboard-layout.tsx', 'features/submissions/routes.tsx', '../../node_modules/sonner/dist/index.mjs'],
  },
};

function gzipSize(file) {
  const full = path.join(WEB, file);
  // The .gz copy is what the server sends to a gzip-only browser; small files have none.
  return existsSync(`${full}.gz`) ? readFileSync(`${full}.gz`).length : gzipSync(readFileSync(full), { level: 9 }).length;
}

/** Every JS file `keys` load: themselves and their static imports, transitively. */
function closure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest: update ROUTES in scripts/size.mjs`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
}

function measure() {
  const manifestFile = path.join(WEB, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run \`npx vite build\` first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  return Object.entries(ROUTES).map(([route, { budget, lazy }]) => {
    const files = closure(manifest, [entry, ...lazy]);
    const gzip = files.reduce((sum, f) => sum + gzipSize(f), 0);
    const raw = files.reduce((sum, f) => sum + readFileSync(path.join(WEB, f)).length, 0);
    return { route, files: files.length, raw, gzip, budget };
  });
}

const kb = (n) => `${(n / KB).toFixed(1)} KB`;
let failed = false;
try {
  for (const r of measure()) {
    const ok = r.gzip <= r.budget;
    if (!ok) failed = true;
    console.log(`${ok ? 'ok  ' : 'OVER'} ${r.route.padEnd(20)} ${String(r.files).padStart(2)} scripts, ${kb(r.gzip).padStart(9)} gzip (${kb(r.raw)} raw) — budget ${kb(r.budget)}`);
  }
} catch (err) {
  console.error(err.message);
  failed = true;
}
process.exit(failed ? 1 : 0);
