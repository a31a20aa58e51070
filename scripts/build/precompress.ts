import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; source maps are left alone (only developer tools fetch them). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.name.startsWith('.')) continue; // .vite/manifest.json is read at build time, never served
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Writes `<file>.br` and `<file>.gz` beside each text file of the build, when they are smaller. */
export async function precompressDir(dir: string): Promise<void> {
  const work: Promise<void>[] = [];
  for await (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    work.push(
      (async () => {
        const raw = await readFile(file);
        if (raw.length < MIN_BYTES) return;
        const [br, gzipped] = await Promise.all([
          brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
          gz(raw, { level: 9 }),
        ]);
        // A copy that saves little is not worth a second representation of the file.
        if (gzipped.length < raw.length * 0.9) await writeFile(`${file}.gz`, gzipped);
        if (br.length < raw.length * 0.9) await writeFile(`${file}.br`, br);
      })(),
    );
  }
  await Promise.all(work);
}

/**
 * Precompressed copies of the built web app, served by @fastify/static by content negotiation
 * (src/server/plugins/spa.ts): the server never compresses a static file per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'quality-portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
