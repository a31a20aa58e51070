import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * JotForm's response envelope and error texts (JotForm API documentation). The path inside error
 * messages is the route with ids replaced by "id" and slashes after the first turned into dashes:
 * /form/123/submissions → "/form-id-submissions".
 */

export const DOCS_URL = 'https://api.jotform.com/docs';

/** A JotForm-style failure; the emulator's error handler turns it into the envelope. */
export class EmulatedHttpError extends Error {
  constructor(
    /** The envelope's responseCode, and the HTTP status unless `httpStatus` says otherwise. */
    readonly statusCode: number,
    message: string,
    readonly info: string | null = null,
    readonly httpStatus: number = statusCode,
  ) {
    super(message);
  }
}

const started = new WeakMap<FastifyRequest, number>();
const limitLeft = new WeakMap<FastifyRequest, number>();

export function markStart(request: FastifyRequest): void {
  started.set(request, performance.now());
}

/** Remembers the quota left after this (authenticated) call, to report it in the envelope. */
export function setLimitLeft(request: FastifyRequest, left: number): void {
  limitLeft.set(request, left);
}

function label(segments: string[]): string {
  const parts = segments.filter(Boolean);
  if (parts[0] === 'v1') parts.shift();
  return `/${parts.join('-')}`;
}

/** "/v1/form/:id/question/:qid" → "/form-id-question-id". */
export function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url ?? request.url.split('?')[0] ?? '/';
  return label(pattern.split('/').map((s) => (s.startsWith(':') ? 'id' : s)));
}

/** For unknown routes: numeric segments stand for ids. */
export function pathLabel(url: string): string {
  const path = url.split('?')[0] ?? '/';
  return label(path.split('/').map((s) => (/^\d+$/.test(s) ? 'id' : decodeURIComponent(s))));
}

export function notAuthorized(request: FastifyRequest): EmulatedHttpError {
  const route = routeLabel(request);
  return new EmulatedHttpError(401, `You're not authorized to use (${route}) `, `${DOCS_URL}#${route.slice(1)}`);
}

export function badRequest(message: string): EmulatedHttpError {
  return new EmulatedHttpError(400, message, DOCS_URL);
}

function duration(request: FastifyRequest): string {
  const t0 = started.get(request) ?? performance.now();
  return `${(performance.now() - t0).toFixed(2)}ms`;
}

/** Sends a success envelope; `extra` carries `resultSet` on lists. */
export function sendOk(request: FastifyRequest, reply: FastifyReply, content: unknown, extra: Record<string, unknown> = {}): FastifyReply {
  const body: Record<string, unknown> = { responseCode: 200, message: 'success', content, duration: duration(request), info: null };
  const left = limitLeft.get(request);
  if (left !== undefined) body['limit-left'] = left;
  return reply.code(200).send({ ...body, ...extra });
}

export function sendError(request: FastifyRequest, reply: FastifyReply, status: number, message: string, info: string | null = null, httpStatus = status): FastifyReply {
  const body: Record<string, unknown> = { responseCode: status, message, content: '', duration: duration(request), info };
  const left = limitLeft.get(request);
  if (left !== undefined && status !== 429) body['limit-left'] = left;
  return reply.code(httpStatus).send(body);
}
