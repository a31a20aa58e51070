import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { ERROR_CODES } from '#shared/contract/common';

/**
 * JSON bodies parsed with Fastify's prototype-poisoning-safe parser, except that an empty body
 * is no body: the web app has every call send a JSON content type, also those without a payload
 * (DELETE v1/logs, POST …/send-email-recipient). Endpoints that need a body still refuse it (400).
 */
function registerJsonParser(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    return json(request, body as string, done);
  });
}

/** Security headers with a strict Content-Security-Policy, the rate limiter routes opt into, and safe JSON parsing. */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  registerJsonParser(app);
  // The headers are worked out once: @fastify/helmet builds Helmet's middleware (and parses the
  // CSP directives) again on every request, a cost each API call paid for the same reply.
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and Headless UI position popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => setSecurityHeaders(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined)));
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: ERROR_CODES.rateLimited,
      message: `Too many attempts. Please wait ${context.after} and try again.`,
    }),
  });
}
