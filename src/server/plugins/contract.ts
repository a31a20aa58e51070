import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { ApiErrorBody } from '#shared/contract/common';
import type { EndpointDef, NamedEndpoint, ParsedRequestOf, ResponseOf } from '#shared/contract/endpoints';
import { type AuthUser, type Authenticator, accessGuard } from './auth.ts';
import { refuseUnsafeText } from './input-hygiene.ts';

export interface HandlerContext<E extends EndpointDef> extends ParsedRequestOf<E> {
  /** The signed-in user; present on every endpoint that is not public. */
  user: E['access'] extends 'public' ? AuthUser | null : AuthUser;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * What a handler returns after sending its own reply (a streamed file). Not the reply object itself:
 * Fastify's reply is a thenable, so an async function returning it resolves to nothing once the
 * reply ends, and the reply would then be sent a second time.
 */
export const REPLIED = Symbol('replied');

/** A handler returns the success body, or REPLIED when it sent its own reply. */
export type Handler<E extends EndpointDef> = (ctx: HandlerContext<E>) => Promise<ResponseOf<E> | typeof REPLIED>;

export interface RouteOptions {
  config?: RouteShorthandOptions['config'];
  bodyLimit?: number;
  /** Runs after the access guard, before the body is read (e.g. counting sign-in attempts). */
  onRequest?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/** A further check of a signed-in caller for an endpoint, after its access rule (none: the endpoint has no such check). */
export type CallerGate = (endpoint: NamedEndpoint) => ((request: FastifyRequest) => Promise<void>) | undefined;

/** Registers one endpoint of the contract: its schemas validate, its access rule guards. */
export function makeRoute(app: FastifyInstance, authenticate: Authenticator, gate?: CallerGate) {
  return function route<E extends NamedEndpoint>(endpoint: E, handler: Handler<E>, options: RouteOptions = {}): void {
    const gated = endpoint.access === 'public' ? undefined : gate?.(endpoint);
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      ...(options.config ? { config: options.config } : {}),
      ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
      schema: {
        operationId: endpoint.operationId,
        summary: endpoint.summary,
        tags: [endpoint.tag],
        // An empty list says so explicitly: a public operation needs no credentials.
        security: endpoint.access === 'public' ? [] : [{ bearerAuth: [] }],
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        response: { [endpoint.status]: endpoint.response, '4xx': ApiErrorBody, '5xx': ApiErrorBody },
      },
      // onRequest, before the body is parsed and validated: a caller without the right to use
      // an endpoint learns nothing about its schema (401/403, never a 400 with field details).
      onRequest: [...(endpoint.access === 'public' ? [] : [accessGuard(endpoint.access, authenticate)]), ...(gated ? [gated] : []), ...(options.onRequest ? [options.onRequest] : [])],
      // Every endpoint, present and future: text PostgreSQL cannot store is refused at the edge.
      preValidation: refuseUnsafeText,
      handler: async (request, reply) => {
        const result = await handler({
          params: request.params,
          query: request.query,
          body: request.body,
          user: request.user,
          request,
          reply,
        } as HandlerContext<E>);
        if (result === REPLIED) return reply;
        reply.code(endpoint.status);
        return endpoint.status === 204 ? reply.send() : reply.send(result);
      },
    });
  };
}
export type Route = ReturnType<typeof makeRoute>;
