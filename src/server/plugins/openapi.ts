import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI 3.0.3 document of /v1, generated from the contract's route schemas; `publicUrl` is
 * the portal's address (PUBLIC_URL), named as the document's server. docs/api.md says what it holds.
 */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Quality Portal API',
        version: '1.0.0',
        description: 'The /v1 API of the Quality Portal.',
        license: { name: 'Proprietary', url: `${publicUrl}/v1/docs/license` },
      },
      servers: [{ url: publicUrl, description: 'This portal (PUBLIC_URL)' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    // Always an OpenAPI 3 document here: the `openapi` option above asks for one.
    transformObject: (document) => ('openapiObject' in document ? (typedNullables(document.openapiObject) as typeof document.openapiObject) : document.swaggerObject),
    hideUntagged: true,
  });
}

/** The licence the document links to: the portal is its organisation's own, licensed to no one else. */
export const API_LICENSE =
  'Quality Portal API: proprietary. All rights reserved by the organisation that runs this portal. ' +
  'The API and its description are for the systems and staff of that organisation; no licence is granted to anyone else.\n';

export function registerOpenApiRoute(app: FastifyInstance): void {
  app.get('/v1/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/v1/docs/license', { schema: { hide: true } }, async (_request, reply) => reply.type('text/plain; charset=utf-8').send(API_LICENSE));
}

/**
 * In OpenAPI 3.0 `nullable` means something only beside a `type`. A union with null, as zod writes
 * it (`anyOf` of typed members, `nullable` beside them), gets its `nullable` on its first member
 * instead: a null value matches that member, and only that one, so `oneOf` stays right too.
 */
export function typedNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(typedNullables);
  if (!node || typeof node !== 'object') return node;
  const schema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, typedNullables(value)]));
  const combinator = 'anyOf' in schema ? 'anyOf' : 'oneOf';
  const members: unknown = schema[combinator];
  if (schema.nullable !== true || 'type' in schema || !Array.isArray(members) || !isTyped(members[0])) return schema;
  const { nullable, ...rest } = schema;
  return { ...rest, [combinator]: [{ ...members[0], nullable }, ...members.slice(1)] };
}

const isTyped = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && 'type' in value;
