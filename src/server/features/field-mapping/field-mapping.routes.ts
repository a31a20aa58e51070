import { fieldMappingApi } from '#shared/contract/field-mapping';
import type { Route } from '../../plugins/contract.ts';
import type { FieldMappingService } from './field-mapping.service.ts';

export function fieldMappingRoutes(route: Route, mappings: FieldMappingService): void {
  route(fieldMappingApi.list, async () => ({ results: await mappings.list() }));
  route(fieldMappingApi.preprocessingFunctions, async () => ({ results: mappings.preprocessingFunctions() }));
  route(fieldMappingApi.preview, async ({ body }) => ({ results: await mappings.preview(body.submissionId, body.draft) }));
  route(fieldMappingApi.get, ({ params }) => mappings.get(params.id));
  route(fieldMappingApi.create, ({ user, body }) => mappings.create(user, body));
  route(fieldMappingApi.update, ({ user, params, body }) => mappings.update(user, params.id, body));
  route(fieldMappingApi.remove, ({ user, params }) => mappings.remove(user, params.id));
}
