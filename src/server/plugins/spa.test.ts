import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../tests/support/test-app.ts';

// A built web app as `vite build` leaves it: hashed files under assets/ with their .br and .gz
// copies beside them, an index.html with its own, and a small file that has none.
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},title:"Complaint ${i}"}`).join(',')}];\n`;
const PAGE = `<!doctype html><html lang="en"><head><title>Quality Portal</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>';

let webDir: string;
let t: TestApp;
beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'quality-portal-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  const write = (name: string, text: string, copies = true) => {
    writeFileSync(path.join(webDir, name), text);
    if (!copies) return;
    writeFileSync(path.join(webDir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(webDir, `${name}.gz`), gzipSync(text));
  };
  write('assets/index-Ab12Cd34.js', SCRIPT);
  write('index.html', PAGE);
  write('favicon.svg', ICON, false);
  write('assets/index-Ab12Cd34.js.map', JSON.stringify({ version: 3, sources: ['../src/secret.ts'], sourcesContent: ['const internal = 1;'] }), false);
  t = await createTestApp({ deps: { webDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => t.request({ method, url, headers });
const SCRIPT_URL = '/assets/index-Ab12Cd34.js';

describe('the web app files, by content negotiation', () => {
  it('sends the brotli copy to a browser that accepts br, with the type, length and cache headers of the file', async () => {
    const res = await get(SCRIPT_URL, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the gzip copy when br is not accepted, or refused with q=0', async () => {
    for (const accept of ['gzip', 'gzip, deflate', 'br;q=0, gzip']) {
      const res = await get(SCRIPT_URL, { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
    }
  });

  it('sends the file as it is without Accept-Encoding, with identity, or when every encoding is refused', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }] as Record<string, string>[]) {
      const res = await get(SCRIPT_URL, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(SCRIPT)));
      expect(res.body).toBe(SCRIPT);
    }
  });

  it('replies to HEAD with the headers of GET and no body', async () => {
    const res = await get(SCRIPT_URL, { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(brotliCompressSync(SCRIPT).length);
    expect(res.rawPayload.length).toBe(0);
  });

  it('replies 304 to a revalidation with the ETag of the representation it sent', async () => {
    const first = await get(SCRIPT_URL, { 'accept-encoding': 'gzip' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get(SCRIPT_URL, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The uncompressed file is another representation, with an ETag of its own.
    const plain = await get(SCRIPT_URL, { 'accept-encoding': 'identity' });
    expect(plain.headers.etag).not.toBe(etag);
  });

  it('replies with a byte range of the uncompressed file with 206', async () => {
    const res = await get(SCRIPT_URL, { range: 'bytes=0-19' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-19/${Buffer.byteLength(SCRIPT)}`);
    expect(res.body).toBe(SCRIPT.slice(0, 20));
  });

  it('sends a small file with no compressed copy as it is, also to a browser that accepts br', async () => {
    const res = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toBe(ICON);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends index.html for app routes and itself, compressed, and never to be used unrevalidated', async () => {
    for (const url of ['/auth/login', '/dashboard/jotforms?page=2', '/index.html', '/']) {
      const res = await get(url, { 'accept-encoding': 'gzip, br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(PAGE);
      const plain = await get(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toBe(PAGE);
    }
  });

  it('never serves a source map, though the build writes them', async () => {
    const res = await get(`${SCRIPT_URL}.map`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('sourcesContent');
  });

  it('keeps a JSON 404 for unknown API paths', async () => {
    const res = await get('/v1/nothing-here', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'No such endpoint: GET /v1/nothing-here' });
  });
});
