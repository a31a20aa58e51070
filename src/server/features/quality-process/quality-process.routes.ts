import { qualityProcessApi } from '#shared/contract/quality-process';
import type { Route } from '../../plugins/contract.ts';
import type { QualityProcessService } from './quality-process.service.ts';

export function qualityProcessRoutes(route: Route, qualityProcess: QualityProcessService): void {
  route(qualityProcessApi.templateSteps, async () => ({ results: await qualityProcess.templateSteps() }));
  route(qualityProcessApi.preview, async ({ user, params, query }) => ({ results: await qualityProcess.preview(user, params.id, query.chTitle) }));
  route(qualityProcessApi.steps, async ({ params }) => ({ results: await qualityProcess.steps(params.id) }));
  route(qualityProcessApi.create, async ({ user, params, body }) => {
    await qualityProcess.create(user, params.id, body.chTitle);
    return null;
  });
}
