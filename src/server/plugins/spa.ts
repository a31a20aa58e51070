import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '#shared/contract/common';

/** Source maps are built (the size check reads them) but never served: they would publish the source. */
const isSourceMap = (url: string): boolean => url.split('?')[0]!.endsWith('.map');

function isApiPath(url: string): boolean {
  return url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?') || url.startsWith('/healthz');
}

/**
 * Serves the built React app: hashed assets cached for a year, and index.html for any other
 * non-API path (history fallback; the app shows its own 404), revalidated on every load. Files
 * go out as the brotli or gzip copy the build wrote beside them (scripts/build/precompress.ts)
 * when the browser accepts that encoding, else as they are (`Vary: Accept-Encoding` on all).
 * Unknown API paths and source maps get a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, webDir: string | null): Promise<void> {
  const hasApp = !!webDir && existsSync(path.join(webDir, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      allowedPath: (pathName) => !isSourceMap(pathName),
      setHeaders(res, filePath) {
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url) && !isSourceMap(request.url);
    if (hasApp && wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).send({ code: ERROR_CODES.notFound, message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` });
  });
}
