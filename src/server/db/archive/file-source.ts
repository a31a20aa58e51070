import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { ARCHIVE_MAGIC, ArchiveManifest } from './catalog.ts';
import type { ArchiveSource } from './import.ts';

/** Reads an archive written by exportDatabase, streaming: nothing but the current batch is held in memory. */
export async function openArchiveFile(file: string): Promise<ArchiveSource> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  const reader = createInterface({ input: input.pipe(gunzip), crlfDelay: Number.POSITIVE_INFINITY });
  // pipe() does not pass errors on: a cut or corrupt file would leave the reader waiting forever.
  let failure: Error | undefined;
  const fail = (err: Error) => {
    failure ??= err;
    reader.close();
  };
  input.on('error', fail);
  gunzip.on('error', fail);
  const lines = reader[Symbol.asyncIterator]();
  const next = async () => {
    const r = await lines.next();
    if (failure) throw new Error(`${file} is damaged or unreadable (${failure.message}).`);
    return r.done ? undefined : r.value;
  };
  const damaged = (what: string) => new Error(`${file} is not a Quality Portal archive (${what}).`);
  let manifest: ArchiveManifest;
  try {
    if ((await next()) !== ARCHIVE_MAGIC) throw damaged('no header');
    manifest = ArchiveManifest.parse(JSON.parse((await next()) ?? ''));
  } catch (err) {
    input.destroy();
    throw err instanceof SyntaxError || (err as Error).name === 'ZodError' ? damaged('unreadable manifest') : err;
  }
  async function* rowsUntilEnd(): AsyncGenerator<string> {
    for (;;) {
      const line = await next();
      if (line === undefined) throw new Error(`${file} ends in the middle of a table.`);
      if (line === '\\.') return;
      yield line;
    }
  }
  return {
    manifest,
    async *tables() {
      for (const table of manifest.tables) yield { name: table.name, lines: rowsUntilEnd() };
    },
    close: async () => {
      input.destroy();
    },
  };
}
