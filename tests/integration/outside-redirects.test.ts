import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArenaClient } from '../../src/server/connectors/arena/index.ts';
import { createJotformClient } from '../../src/server/connectors/jotform/index.ts';

/** An HTTP server on loopback; `handle` replies to every request. */
async function serve(handle: (url: string, headers: Record<string, unknown>) => { status: number; headers?: Record<string, string>; body?: string }): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const reply = handle(req.url ?? '', req.headers);
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(reply.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('outbound calls never follow a redirect', () => {
  const reached: Record<string, unknown>[] = [];
  let elsewhere: Awaited<ReturnType<typeof serve>>;
  let redirecting: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    elsewhere = await serve((_url, headers) => {
      reached.push(headers);
      return { status: 200, body: JSON.stringify({ responseCode: 200, content: [], arenaSessionId: 'S' }) };
    });
    redirecting = await serve(() => ({ status: 302, headers: { location: `${elsewhere.url}/collect` } }));
  });
  afterAll(() => Promise.all([elsewhere, redirecting].map((s) => new Promise((resolve) => s.server.close(resolve)))));

  it('JotForm: a 3xx is an error naming its Location, and the API key goes nowhere else', async () => {
    const client = createJotformClient({ apiKey: 'key-that-must-stay-home', baseUrl: redirecting.url, sleep: async () => {} });
    await expect(client.listWebhooks('123')).rejects.toThrow(`JotForm replied HTTP 302, a redirect to ${elsewhere.url}/collect, which is not followed; check the base URL.`);
    expect(reached).toEqual([]);
  });

  it('Arena: a 3xx is an error naming its Location, and the credentials go nowhere else', async () => {
    const client = createArenaClient({ baseUrl: `${redirecting.url}/v1`, email: 'integration@provider.example', password: 'password-that-must-stay-home' });
    await expect(client.getOwners()).rejects.toThrow(`Arena replied HTTP 302, a redirect to ${elsewhere.url}/collect, which is not followed; check the base URL.`);
    expect(reached).toEqual([]);
  });

  it('refuses a plain-http base URL that is not on loopback', () => {
    expect(() => createJotformClient({ apiKey: 'k', baseUrl: 'http://api.jotform.com' })).toThrow('The JotForm base URL must be https: (http: only on loopback).');
    expect(() => createArenaClient({ baseUrl: 'http://api.arenasolutions.com/v1', email: 'e', password: 'p' })).toThrow('The Arena base URL must be https: (http: only on loopback).');
  });
});
