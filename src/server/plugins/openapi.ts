import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI 3 document of /v1, generated from the contract's route schemas. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Quality Portal API', version: '1.0.0', description: 'The /v1 API of the Quality Portal.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    hideUntagged: true,
  });
}

export function registerOpenApiRoute(app: FastifyInstance): void {
  app.get('/v1/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
