import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, databaseServer, testConfig } from '../../../tests/support/test-app.ts';
import { buildApp } from '../app.ts';
import { openPostgres } from '../db/client.ts';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(() => t.close());

const json = (method: 'POST' | 'PATCH', url: string, body: string, headers = admin) =>
  t.request({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: body });

describe('input hygiene at the contract edge', () => {
  it('refuses a NUL byte in a path parameter, a query value and a JSON string with 400 naming the field', async () => {
    const param = await t.request({ method: 'GET', url: '/v1/users/%00', headers: admin });
    expect(param.statusCode).toBe(400);
    expect(param.json()).toEqual({ code: 'validation_failed', message: 'UserId contains a NUL character, which is not allowed', details: { userId: 'contains a NUL character, which is not allowed' } });

    const query = await t.request({ method: 'GET', url: '/v1/jotforms/x?search=%00', headers: admin });
    expect(query.statusCode).toBe(400);
    expect(query.json().details).toEqual({ search: 'contains a NUL character, which is not allowed' });

    const body = await json('POST', '/v1/users', JSON.stringify({ name: 'A\u0000B', email: 'nul@example.org', password: 'Passw0rd!', role: 'staff' }));
    expect(body.statusCode).toBe(400);
    expect(body.json().details).toEqual({ name: 'contains a NUL character, which is not allowed' });
  });

  it('refuses lone surrogates, in values and in field names, and in nested fields with their path', async () => {
    const lone = await json('POST', '/v1/field-mapping', '{"name":"x\\ud800","arenaFieldGUID":"g","formFieldQID":[]}');
    expect(lone.statusCode).toBe(400);
    expect(lone.json().details).toEqual({ name: 'contains an invalid character (a lone surrogate)' });
    const nested = await json('POST', '/v1/field-mapping', '{"name":"ok","arenaFieldGUID":"g","formFieldQID":[{"qid":"1","answer":"\\udc00x"}]}');
    expect(nested.json().details).toEqual({ 'formFieldQID.0.answer': 'contains an invalid character (a lone surrogate)' });
    const key = await json('POST', '/v1/email-configs', '{"\\ud800":"x","email":"a@example.org"}');
    expect(key.statusCode).toBe(400);
    // A pair is a real character (an emoji) and passes this check.
    const pair = await json('POST', '/v1/email-configs', JSON.stringify({ email: 'smile😀@example.org' }));
    expect(pair.json().details).not.toHaveProperty('email', expect.stringContaining('surrogate'));
  });

  it('replies 400 for malformed multipart and urlencoded bodies on every route with a body, anonymous ones too', async () => {
    for (const url of ['/v1/auth/login', '/v1/users', '/v1/jotforms/webhook/anything']) {
      const res = await t.request({ method: 'POST', url, headers: { ...admin, 'content-type': 'multipart/form-data; boundary=X' }, payload: '--X\r\nbroken' });
      expect([400, 404], url).toContain(res.statusCode);
      if (res.statusCode === 400) expect(res.json()).toEqual({ code: 'bad_request', message: 'The request body is not valid multipart/form-data.' });
    }
    const noBoundary = await t.request({ method: 'POST', url: '/v1/auth/login', headers: { 'content-type': 'multipart/form-data' }, payload: 'x' });
    expect(noBoundary.statusCode).toBe(400);
    const form = await t.request({ method: 'POST', url: '/v1/auth/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=%zz&password=%00' });
    expect(form.statusCode).toBe(400);
    expect(form.json().code).toBe('validation_failed');
  });

  it('refuses dates outside 1900–2200 and the sign-in e-mail and password past their lengths', async () => {
    for (const date of ['0000-01-01', '1899-12-31', '2201-01-01', '9999-12-31']) {
      const res = await t.request({ method: 'GET', url: `/v1/jotforms/x?bad_lte=${date}`, headers: admin });
      expect(res.statusCode, date).toBe(400);
      expect(res.json().details).toEqual({ bad_lte: 'dates must lie between 1900 and 2200' });
    }
    const email = `${'a'.repeat(240_000)}@example.org`;
    const long = await t.request({ method: 'POST', url: '/v1/auth/login', payload: { email, password: 'x' } });
    expect(long.statusCode).toBe(400);
    expect(long.json().details).toEqual({ email: 'email must be at most 254 characters' });
    const password = await t.request({ method: 'POST', url: '/v1/auth/login', payload: { email: 'a@example.org', password: 'p'.repeat(1025) } });
    expect(password.json().details).toEqual({ password: 'password must be at most 1024 characters' });
    const atLimit = await t.request({ method: 'POST', url: '/v1/auth/login', payload: { email: 'a@example.org', password: 'p'.repeat(1024) } });
    expect(atLimit.statusCode).toBe(401);
  });

  it('replies to the CSV export’s bad filter with a JSON 400 before any CSV header', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/jotforms/no-form-configured/exportSubmissionsCSV?bad_gte=0000-01-01', headers: { ...admin, accept: 'text/csv' } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('marks API replies, errors included, Cache-Control: no-store', async () => {
    for (const url of ['/v1/users', '/v1/users/%00', '/v1/no-such-thing']) {
      expect((await t.request({ method: 'GET', url, headers: admin })).headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('a body over the limit over a real connection', () => {
  it('replies 413 with its message after reading the body, so the client sees it (no EPIPE)', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const body = Buffer.alloc(3 * 1024 * 1024, 'a');
    const reply = await new Promise<{ status?: number; text: string } | { error: string }>((resolve) => {
      const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/v1/auth/login', headers: { 'content-type': 'application/json', 'content-length': body.length } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode, text }));
      });
      req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
      let offset = 0;
      const write = () => {
        while (offset < body.length) {
          const ok = req.write(body.subarray(offset, offset + 64 * 1024));
          offset += 64 * 1024;
          if (!ok) return void req.once('drain', write);
        }
        req.end();
      };
      write();
    });
    expect(reply).toEqual({ status: 413, text: JSON.stringify({ code: 'payload_too_large', message: 'The request body is too large.' }) });
  });
});

describe('the database unavailable', () => {
  it('replies 503 with Retry-After and a message when the pool points at a closed port', async () => {
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const database = openPostgres(`postgres://postgres@127.0.0.1:${port}/none`, { max: 2 });
    const app = await buildApp({ config: testConfig(), db: database.db, jwtSecret: 'test-secret-test-secret-test-secret-0123' });
    try {
      for (const [method, url] of [['POST', '/v1/auth/login'], ['GET', '/healthz']] as const) {
        const res = await app.inject({ method, url, ...(method === 'POST' ? { payload: { email: 'a@example.org', password: 'x' } } : {}) });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toEqual({ code: 'service_unavailable', message: 'The database is not available right now. Please try again in a moment.' });
      }
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('survives its connections being ended by the server (a restart): 503 or success, never 500, then success', async () => {
    await t.request({ method: 'GET', url: '/v1/users', headers: admin });
    const [{ name }] = (await t.database.db.execute<{ name: string }>(sql`select current_database() as name`)).rows as [{ name: string }];
    const { adminUrl } = databaseServer();
    const { default: pg } = await import('pg');
    const killer = new pg.Client({ connectionString: adminUrl });
    await killer.connect();
    try {
      const inFlight = Array.from({ length: 10 }, () => t.request({ method: 'GET', url: '/v1/users', headers: admin }));
      await killer.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      const statuses = (await Promise.all([...inFlight, ...Array.from({ length: 10 }, () => t.request({ method: 'GET', url: '/v1/users', headers: admin }))])).map((r) => {
        if (r.statusCode === 503) expect(r.headers['retry-after']).toBe('5');
        return r.statusCode;
      });
      expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    } finally {
      await killer.end();
    }
    expect((await t.request({ method: 'GET', url: '/v1/users', headers: admin })).statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('every reply, API and app alike, carries the strict Content-Security-Policy and the other Helmet headers', async () => {
    for (const url of ['/v1/auth/profile', '/healthz', '/auth/login']) {
      const res = await t.request({ method: 'GET', url, headers: admin });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self';");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });
});
