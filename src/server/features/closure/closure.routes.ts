import { closureApi } from '#shared/contract/closure';
import type { Route } from '../../plugins/contract.ts';
import type { ClosureService } from './closure.service.ts';

export function closureRoutes(route: Route, closure: ClosureService): void {
  route(closureApi.get, ({ params }) => closure.get(params.id));
  route(closureApi.investigation, ({ user, params, body }) => closure.recordInvestigation(user, params.id, body));
  route(closureApi.reply, ({ user, params, body }) => closure.recordReply(user, params.id, body));
  route(closureApi.close, ({ user, params, body }) => closure.close(user, params.id, body));
  route(closureApi.reopen, ({ user, params, body }) => closure.reopen(user, params.id, body.reason));
}
