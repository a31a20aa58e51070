import { trendsApi } from '#shared/contract/trends';
import type { Route } from '../../plugins/contract.ts';
import type { SimilarService } from './similar.ts';
import type { TrendsService } from './trends.service.ts';

export function trendsRoutes(route: Route, trends: TrendsService, similar: SimilarService): void {
  route(trendsApi.get, ({ query }) => trends.trends(query));
  route(trendsApi.signals, async () => ({ results: await trends.holding() }));
  route(trendsApi.rules, async () => ({ results: await trends.rules() }));
  route(trendsApi.createRule, ({ user, body }) => trends.createRule(user, body));
  route(trendsApi.updateRule, ({ user, params, body }) => trends.updateRule(user, params.ruleId, body));
  route(trendsApi.deleteRule, async ({ user, params }) => {
    await trends.deleteRule(user, params.ruleId);
    return null;
  });
  route(trendsApi.similar, ({ params }) => similar.similar(params.id));
}
