// `npm run size`: the JavaScript each route makes the browser download, gzip-compressed, against
// its budget (docs/benchmarks.md, Web app). Reads the build's manifest (dist/web/.vite/manifest.json, written by
// `vite build`): a route loads the entry with its static imports, then the lazy chunks its
// router entries open (src/web/app/router.tsx) with theirs. A lazy module that the build put in a
// shared chunk (scripts/build/first-load-chunks.ts) has no manifest entry of its own: its chunk is
// the one whose source map lists it. Exits non-zero when a budget is exceeded or a module named
// here is no longer in the build. Run by `npm test`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const WEB = 'dist/web';
const KB = 1024;

/**
 * Route → the lazy modules (manifest keys, paths under src/web) its first render loads, its budget
 * and how many script files it may take: over HTTP/1.1 a browser fetches 6 at a time, and each
 * further 6 cost a round trip (scripts/build/first-load-chunks.ts).
 */
const ROUTES = {
  '/auth/login': { budget: 150 * KB, maxFiles: 2, lazy: [] }, // the sign-in page is part of the entry
  '/dashboard/jotforms': {
    budget: 260 * KB, // decision 059
    maxFiles: 4,
    // With the toast library: the sign-in that leads there raises a toast.
    // The list page's module, not features/submissions/routes.tsx: a re-export, it leaves no code
    // (and no source-map entry) of its own.
    lazy: ['app/layouts/dashboard-layout.tsx', 'features/submissions/submissions-list-page.tsx', '../../node_modules/sonner/dist/index.mjs'],
  },
};

function gzipSize(file) {
  const full = path.join(WEB, file);
  // The .gz copy is what the server sends to a gzip-only browser; small files have none.
  return existsSync(`${full}.gz`) ? readFileSync(`${full}.gz`).length : gzipSync(readFileSync(full), { level: 9 }).length;
}

/** The manifest key of the chunk holding module `key` (a path under src/web, or node_modules via ../../). */
function chunkKey(manifest, key) {
  if (manifest[key]) return key;
  const source = path.posix.normalize(`src/web/${key}`);
  const holder = Object.keys(manifest).find((k) => {
    const file = path.posix.join(WEB, manifest[k].file);
    if (!file.endsWith('.js') || !existsSync(`${file}.map`)) return false;
    // Source-map paths are relative to the chunk's folder.
    return JSON.parse(readFileSync(`${file}.map`, 'utf8')).sources.some((s) => path.posix.join(path.posix.dirname(file), s) === source);
  });
  if (!holder) throw new Error(`${key} is not in the build: update ROUTES in scripts/size.mjs`);
  return holder;
}

/** Every JS file `keys` load: the chunks holding them and their static imports, transitively. */
function closure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  keys.map((key) => chunkKey(manifest, key)).forEach(visit);
  return [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
}

function measure() {
  const manifestFile = path.join(WEB, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run \`npx vite build\` first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  return Object.entries(ROUTES).map(([route, { budget, maxFiles, lazy }]) => {
    const files = closure(manifest, [entry, ...lazy]);
    const gzip = files.reduce((sum, f) => sum + gzipSize(f), 0);
    const raw = files.reduce((sum, f) => sum + readFileSync(path.join(WEB, f)).length, 0);
    return { route, files: files.length, maxFiles, raw, gzip, budget };
  });
}

const kb = (n) => `${(n / KB).toFixed(1)} KB`;
let failed = false;
try {
  for (const r of measure()) {
    const ok = r.gzip <= r.budget && r.files <= r.maxFiles;
    if (!ok) failed = true;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${r.route.padEnd(20)} ${String(r.files).padStart(2)} scripts (at most ${r.maxFiles}), ${kb(r.gzip).padStart(9)} gzip (${kb(r.raw)} raw) — budget ${kb(r.budget)}`,
    );
  }
} catch (err) {
  console.error(err.message);
  failed = true;
}
process.exit(failed ? 1 : 0);
