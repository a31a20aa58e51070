import path from 'node:path';
import type { Plugin } from 'vite';

/** One group of rolldown's `output.codeSplitting.groups` (the fields used here). */
export interface ChunkGroup {
  name: string;
  test: (id: string) => boolean;
  priority: number;
}

/**
 * Fewer, larger script files for the pages a visit opens first (decision 035).
 *
 * Left to itself the bundler puts every set of modules shared by a different set of pages in a
 * file of its own: the submissions list came in 31 files, most under 1 KB. Over HTTP/1.1 a browser
 * fetches 6 at a time, so each further 6 cost a round trip (150 ms on a slow mobile link). Two
 * groups instead:
 *
 * - `app`: everything the first script needs (the sign-in page included), in one file;
 * - `dashboard`: everything `landing` (the dashboard's frame and its most used page) needs on top.
 *
 * Other pages keep their own chunks and load from these what they share. Which modules each group
 * holds is read from the module graph once it is built (`buildEnd`), before the chunks are made.
 */
export function firstLoadChunks(root: string, landing: readonly string[]): { plugin: Plugin; groups: ChunkGroup[] } {
  const first = new Set<string>();
  const dashboard = new Set<string>();
  const plugin: Plugin = {
    name: 'quality-portal:first-load-chunks',
    apply: 'build',
    buildEnd() {
      const closure = (starts: Iterable<string>, skip: ReadonlySet<string>) => {
        const seen = new Set<string>();
        const queue = [...starts];
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (seen.has(id) || skip.has(id)) continue;
          seen.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      first.clear();
      dashboard.clear();
      for (const id of closure(entries, new Set())) first.add(id);
      const starts = landing.map((file) => path.resolve(root, file));
      for (const id of starts) if (!this.getModuleInfo(id)) this.error(`first-load-chunks: ${id} is not in the build`);
      for (const id of closure(starts, first)) dashboard.add(id);
    },
  };
  return {
    plugin,
    groups: [
      { name: 'app', test: (id) => first.has(id), priority: 20 },
      { name: 'dashboard', test: (id) => dashboard.has(id), priority: 10 },
    ],
  };
}
