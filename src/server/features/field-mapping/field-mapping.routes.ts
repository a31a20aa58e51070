import { fieldMappingApi } from '#shared/contract/field-mapping';
import type { Route } from '../../plugins/contract.ts';
import type { ComplaintFieldsService } from './complaint-fields.service.ts';
import type { FieldMappingService } from './field-mapping.service.ts';

export function fieldMappingRoutes(route: Route, mappings: FieldMappingService, complaintFields: ComplaintFieldsService): void {
  route(fieldMappingApi.complaintFields, () => complaintFields.get());
  route(fieldMappingApi.setComplaintFields, ({ user, body }) => complaintFields.set(user, body));
  route(fieldMappingApi.list, async () => ({ results: await mappings.list() }));
  route(fieldMappingApi.preprocessingFunctions, async () => ({ results: mappings.preprocessingFunctions() }));
  route(fieldMappingApi.preview, async ({ user, body }) => ({ results: await mappings.preview(user, body.submissionId, body.draft) }));
  route(fieldMappingApi.get, ({ params }) => mappings.get(params.id));
  route(fieldMappingApi.create, ({ user, body }) => mappings.create(user, body));
  route(fieldMappingApi.update, ({ user, params, body }) => mappings.update(user, params.id, body));
  route(fieldMappingApi.remove, ({ user, params }) => mappings.remove(user, params.id));
}
