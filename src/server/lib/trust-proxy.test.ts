import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { fastifyTrustProxy, parseTrustProxy } from './trust-proxy.ts';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    [' 10.0.0.0/8, 127.0.0.1 ,::1 ', ['10.0.0.0/8', '127.0.0.1', '::1']],
    ['loopback,fd00::/8', ['loopback', 'fd00::/8']],
  ])('reads %j as %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it.each(['true', 'yes', '10.0.0.300', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1', '11'])('refuses %j with a message naming the variable', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });

  async function clientAddress(setting: string | undefined, forwardedFor: string, from = '127.0.0.1'): Promise<string> {
    const parsed = parseTrustProxy(setting);
    if (parsed instanceof Error) throw parsed;
    const app = Fastify({ trustProxy: fastifyTrustProxy(parsed) });
    app.get('/', async (request) => request.ip);
    const res = await app.inject({ method: 'GET', url: '/', remoteAddress: from, headers: { 'x-forwarded-for': forwardedFor } });
    await app.close();
    return res.body;
  }

  it('off: the socket address, whatever the header says', async () => {
    expect(await clientAddress(undefined, '203.0.113.7')).toBe('127.0.0.1');
  });

  it('a hop count trusts that many proxies, counted from the socket', async () => {
    expect(await clientAddress('1', '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(await clientAddress('2', '198.51.100.1, 203.0.113.7')).toBe('198.51.100.1');
  });

  it('a list trusts the header only from the proxies named', async () => {
    expect(await clientAddress('10.0.0.0/8', '203.0.113.7', '10.1.2.3')).toBe('203.0.113.7');
    expect(await clientAddress('10.0.0.0/8', '203.0.113.7', '192.0.2.50')).toBe('192.0.2.50');
  });
});
