import type { FastifyInstance } from 'fastify';

/**
 * API replies are never cached, by the browser or anything between: they carry health
 * information and change with every action. An endpoint that sets its own policy keeps it.
 */
export function registerApiResponses(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/v1/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
