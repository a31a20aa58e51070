import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * API responses (/v1/…) of 1 KB and more go out brotli- or gzip-compressed when the request
 * accepts it, never otherwise (no Accept-Encoding, `identity`, or `q=0` on both: as they are).
 * Streams (the CSV export) are compressed as they flow. The web app's files are not compressed
 * per request: the build writes compressed copies that the static handler serves by content
 * negotiation (plugins/spa.ts). Call before any route is added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before the compress plugin's own onRoute hook: only API routes get its onSend hook.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/v1/') && route.compress === undefined) route.compress = false;
  });
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // A quick brotli level: per-request compression must not cost more time than it saves.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
