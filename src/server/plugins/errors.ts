import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ApiErrorBody } from '#shared/contract/common';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { AppError, NotReady, SecondFactorRequired, TooManyRequests } from '../lib/errors.ts';

interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string }; keys?: unknown; expected?: unknown };
}

/** Turns request-validation issues into one readable message plus field → problem details. */
function describeValidation(issues: readonly ValidationIssue[], context: string): ApiErrorBody {
  const details: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.params?.issue?.path?.map(String).join('.') || issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') || context;
    // A strict object's own message (e.g. 'unknown field') would hide which field, or that the
    // body is not an object at all: name the field, or say what the body must be.
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)) {
      for (const key of issue.params.keys.map(String)) {
        const field = path === context ? key : `${path}.${key}`;
        details[field] ??= `unknown field ${field}`;
      }
      continue;
    }
    if (issue.keyword === 'invalid_type' && issue.params?.expected === 'object' && path === context) {
      details[context] ??= `the request ${context} must be a JSON object`;
      continue;
    }
    const message = issue.params?.issue?.message ?? issue.message ?? 'is invalid';
    details[path || context] ??= message;
  }
  const [first] = Object.entries(details);
  const message = !first ? 'The request is not valid.' : first[1].includes(first[0]) || first[0] === context ? capitalise(first[1]) : `${first[0]}: ${first[1]}`;
  return { code: ERROR_CODES.validation, message, details };
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Past this much (or this long), a body is not drained: the connection is closed after the reply. */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
const DRAIN_MAX_MS = 10_000;

/** Reads and discards the rest of a request body, within limits. */
function drainBody(raw: IncomingMessage): Promise<void> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', count);
      resolve();
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_MAX_BYTES) done();
    };
    const timer = setTimeout(done, DRAIN_MAX_MS);
    raw.on('data', count);
    raw.once('end', done);
    raw.once('error', done);
    raw.once('close', done);
    raw.resume();
  });
}

/** One mapper from any thrown error to `{code, message}`; 5xx replies never carry internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiErrorBody = { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}), ...(error instanceof SecondFactorRequired ? { challenge: error.challenge } : {}), ...(error instanceof NotReady ? { missing: error.missing } : {}) };
      if (error.statusCode >= 500) request.log.warn({ err: error }, error.message);
      if (error instanceof TooManyRequests && error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(describeValidation(error.validation as ValidationIssue[], error.validationContext ?? 'request'));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ code: ERROR_CODES.internal, message: 'Something went wrong on our side. Please try again.' });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      // Replied once the client has sent its body: replying mid-upload closes the connection
      // under a client still writing, which then sees EPIPE instead of this reply.
      await drainBody(request.raw);
      return reply.code(413).send({ code: ERROR_CODES.payloadTooLarge, message: 'The request body is too large.' });
    }
    if (status === 429) return reply.code(429).send({ code: ERROR_CODES.rateLimited, message: error.message || 'Too many requests. Please wait and try again.' });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, empty body.
      const message =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Send the request body as JSON.'
          : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is empty.'
            : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
              ? 'The request body is not valid JSON.'
              : error.message;
      return reply.code(status).send({ code: ERROR_CODES.badRequest, message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn('database unavailable; replied 503');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ code: ERROR_CODES.unavailable, message: 'The database is not available right now. Please try again in a moment.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ code: ERROR_CODES.internal, message: 'Something went wrong on our side. Please try again.' });
  });
}
