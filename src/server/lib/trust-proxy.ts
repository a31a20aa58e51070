import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Fastify's `trustProxy`: off, the number of proxy hops in front, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

/** Names proxy-addr (Fastify's resolver) understands for whole private ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, empty, `false` or `0` is off (the socket's address is the client's); a
 * whole number is the count of proxies in front; otherwise a comma-separated list of proxy
 * addresses or CIDRs. `true` is refused: it would believe an X-Forwarded-For sent by anyone.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | Error {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text) <= 10 ? Number(text) : new Error('TRUST_PROXY as a hop count must be at most 10');
  const entries = text.split(',').map((e) => e.trim()).filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (entries.length === 0 || bad.length > 0) {
    return new Error(`TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses or CIDRs (not ${bad.join(', ') || text})`);
  }
  return entries;
}

/**
 * The value for Fastify's `trustProxy`. A hop count becomes a function trusting the nearest n
 * hops, as Express reads a number (Fastify 5 reads a bare number as trusting nothing).
 */
export function fastifyTrustProxy(setting: TrustProxy | undefined): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === undefined || setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/**
 * With TRUST_PROXY unset the portal reads the socket's address and ignores X-Forwarded-For. The
 * first request carrying the header is warned about (once: the app is built once per process), so
 * an operator behind a proxy learns why every client has the proxy's address.
 */
export function warnOfIgnoredForwardedFor(app: FastifyInstance, setting: TrustProxy | undefined): void {
  if (setting !== undefined && setting !== false) return;
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    request.log.warn('A request came with X-Forwarded-For, which is ignored because TRUST_PROXY is not set: every client counts as the proxy\'s address. Behind a proxy, set TRUST_PROXY (docs/operations.md, "Behind a proxy").');
  });
}
