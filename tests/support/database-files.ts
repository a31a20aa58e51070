import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Which server test files use the run's test database, found by reading their imports: a file
 * does when it, or anything it imports (statically or with `import()`), asks vitest for the
 * database server (`inject('testDatabaseServer')`, which `tests/support/test-app.ts` does for
 * every test app and database). Only these files run a second time on TEST_DATABASE_URL's server:
 * the others (parsers, clients against emulators, files that start their own server) do the same
 * on either. `test-app.ts` refuses a database to a file this leaves out, so none is missed.
 */
export function databaseTestFiles(root: string, dirs: readonly string[]): string[] {
  const uses = new Map<string, boolean>();
  const visiting = new Set<string>();

  function usesDatabase(file: string): boolean {
    const known = uses.get(file);
    if (known !== undefined) return known;
    // An import circle: the file being read decides once all of it is read.
    if (visiting.has(file)) return false;
    visiting.add(file);
    const source = readFileSync(file, 'utf8');
    const result = /\binject\(\s*['"]testDatabaseServer['"]\s*\)/.test(source) || localImports(file, source).some(usesDatabase);
    visiting.delete(file);
    uses.set(file, result);
    return result;
  }

  function localImports(file: string, source: string): string[] {
    const found: string[] = [];
    for (const match of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)) {
      const resolved = resolve(file, match[1]!);
      if (resolved) found.push(resolved);
    }
    return found;
  }

  function resolve(from: string, specifier: string): string | null {
    let target: string;
    if (specifier.startsWith('.')) target = path.resolve(path.dirname(from), specifier);
    else if (specifier.startsWith('#server/')) target = path.join(root, 'src/server', `${specifier.slice('#server/'.length)}.ts`);
    else if (specifier.startsWith('#shared/')) target = path.join(root, 'src/shared', `${specifier.slice('#shared/'.length)}.ts`);
    else return null;
    for (const candidate of [target, `${target}.ts`, path.join(target, 'index.ts')]) {
      if (/\.(ts|tsx|js|mjs)$/.test(candidate) && existsSync(candidate)) return candidate;
    }
    return null;
  }

  return dirs
    .flatMap((dir) => filesUnder(root, dir))
    .filter((f) => f.endsWith('.test.ts') && usesDatabase(path.join(root, f)))
    .sort();
}

/** Every file under `dir` (relative to `root`), as a forward-slashed path from `root`; none when it does not exist. */
export function filesUnder(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f.split(path.sep).join('/')}`);
}
