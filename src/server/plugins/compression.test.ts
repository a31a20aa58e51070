import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../tests/support/test-app.ts';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string>) => t.request({ method: 'GET', url, headers });
// The OpenAPI document: a JSON reply of well over 1 KB.
const BIG = '/v1/docs/openapi.json';

// The CSV export, a compressed stream: submissions.export.test.ts.
describe('API responses compressed above 1 KB', () => {
  it('compresses a large JSON reply with brotli, else gzip, as the request accepts, to the same JSON', async () => {
    const plain = await get(BIG, {});
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await get(BIG, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await get(BIG, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('never compresses for a request that does not accept it', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }] as Record<string, string>[]) {
      const res = await get(BIG, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(res.json()).toHaveProperty('openapi');
    }
  });

  it('leaves a small reply as it is', async () => {
    const res = await get('/v1/auth/profile', { ...admin, 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ user: { role: 'admin' } });
  });
});
