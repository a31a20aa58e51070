import { imdrfApi } from '#shared/contract/imdrf';
import type { Route } from '../../plugins/contract.ts';
import type { ImdrfService } from './imdrf.service.ts';

export function imdrfRoutes(route: Route, imdrf: ImdrfService): void {
  route(imdrfApi.codes, async ({ query }) => imdrf.search(query.search, { annex: query.annex, limit: query.limit }));
  route(imdrfApi.submissionCodes, async ({ params }) => ({ results: await imdrf.list(params.id) }));
  route(imdrfApi.setCodes, async ({ user, params, body }) => ({ results: await imdrf.set(user, params.id, body.codes) }));
}
