import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp } from '../support/test-app.ts';
import { NO_FORM } from '../../src/server/services.ts';
import { requestTimeouts } from '../../src/server/app.ts';

const EXPORT = `/v1/jotforms/${NO_FORM}/exportSubmissionsCSV`;

// The test app runs exports on its database's export pool, as the portal does.
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ env: { REQUEST_TIMEOUT_SECONDS: '1' } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** Opens a connection, writes `first`, then one more byte every 200 ms; resolves with what came back once the server closes it, or 'still open' after `ms`. */
function trickle(first: string, ms: number, drop = () => 'a', at = port): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(at, '127.0.0.1', () => socket.write(first));
    let reply = '';
    const drip = setInterval(() => socket.writable && socket.write(drop()), 200);
    const done = (what: string) => {
      clearInterval(drip);
      clearTimeout(timer);
      socket.destroy();
      resolve(what);
    };
    const timer = setTimeout(() => done('still open'), ms);
    socket.on('data', (chunk) => (reply += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => done(reply || 'closed'));
  });
}

describe('request limits (REQUEST_TIMEOUT_SECONDS=1)', () => {
  it('cuts off a client that trickles its headers', async () => {
    expect(await trickle('GET /healthz HTTP/1.1\r\nHost: portal\r\nX-Slow: ', 6000)).not.toBe('still open');
  });

  it('cuts off a client that trickles its body', async () => {
    const head = 'POST /v1/auth/login HTTP/1.1\r\nHost: portal\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"email":"';
    expect(await trickle(head, 6000)).not.toBe('still open');
  });

  it('behind a proxy (TRUST_PROXY), cuts off a client that trickles whole header lines within the limit and the check interval', async () => {
    const proxied = await createTestApp({ env: { REQUEST_TIMEOUT_SECONDS: '2', TRUST_PROXY: '1' } });
    try {
      await proxied.app.listen({ host: '127.0.0.1', port: 0 });
      const at = (proxied.app.server.address() as net.AddressInfo).port;
      let n = 0;
      const started = Date.now();
      const reply = await trickle('GET /healthz HTTP/1.1\r\nHost: portal\r\n', 8000, () => `X-Line-${n++}: a\r\n`, at);
      expect(reply).toMatch(/^HTTP\/1\.1 408/);
      // 2 s of limit, checked every second at most: never 2 s more.
      expect(Date.now() - started).toBeLessThan(3500);
    } finally {
      await proxied.close();
    }
  });

  it('the default 30 s holds within a second: Node looks at the connections every second at most', () => {
    // Measured before: with a check every 5 s, a client trickling header lines held on 34 s.
    const { http } = requestTimeouts(30);
    expect(http.headersTimeout).toBe(30_000);
    expect(http.headersTimeout + http.connectionsCheckingInterval).toBeLessThanOrEqual(31_000);
  });

  it('the API’s statements stop after 60 s, the exports’ after their own longer limit', async () => {
    const limit = async (pool: pg.Pool) => (await pool.query<{ statement_timeout: string }>('show statement_timeout')).rows[0]!.statement_timeout;
    expect(await limit(t.database.pool)).toBe('1min');
    expect(await limit(t.database.exportPool)).toBe('15min');
  });
});

describe('CSV exports cannot starve the API', () => {
  it('while 10 exports are stalled, 4 run on their own pool, the rest get 429 with Retry-After, and sign-in replies', async () => {
    const users = await Promise.all(
      [1, 2, 3, 4, 5].map(async () => {
        const user = await t.createUser('member');
        return bearer((await t.login(user.email, user.password)).access);
      }),
    );
    // A stalled export: its COPY waits behind a lock on the table it reads.
    const locker = new pg.Client({ connectionString: t.database.pool.options.connectionString });
    await locker.connect();
    await locker.query('begin; lock table submissions in access exclusive mode');
    const replied: number[] = [];
    const exports = users.flatMap((headers) => [1, 2].map(() => t.request({ method: 'GET', url: EXPORT, headers: { ...headers, accept: '*/*' } }).then((r) => (replied.push(r.statusCode), r))));
    await expect.poll(() => replied.length, { timeout: 10_000 }).toBe(6);
    expect(replied).toEqual(Array(6).fill(429));

    const started = Date.now();
    const signIn = await t.request({ method: 'POST', url: '/v1/auth/login', payload: { email: 'admin@example.com', password: 'Adm1nPassw0rd' } });
    expect(signIn.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);

    await locker.query('rollback');
    await locker.end();
    const all = await Promise.all(exports);
    expect(all.map((r) => r.statusCode).sort()).toEqual([...Array(4).fill(200), ...Array(6).fill(429)]);
    const refused = all.find((r) => r.statusCode === 429)!;
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/exports/) });
  });

  it('one user runs at most 2 exports at once', async () => {
    const user = await t.createUser('member');
    const headers = { ...bearer((await t.login(user.email, user.password)).access), accept: '*/*' };
    const locker = new pg.Client({ connectionString: t.database.pool.options.connectionString });
    await locker.connect();
    await locker.query('begin; lock table submissions in access exclusive mode');
    const replied: number[] = [];
    const exports = [1, 2, 3].map(() => t.request({ method: 'GET', url: EXPORT, headers }).then((r) => (replied.push(r.statusCode), r)));
    await expect.poll(() => replied.length, { timeout: 10_000 }).toBe(1);
    await locker.query('rollback');
    await locker.end();
    const all = await Promise.all(exports);
    expect(all.map((r) => r.statusCode).sort()).toEqual([200, 200, 429]);
    expect(all.find((r) => r.statusCode === 429)!.json().message).toBe('You already have 2 exports running. Please wait for one to finish.');
  });
});
