import { triageApi } from '#shared/contract/triage';
import type { Route } from '../../plugins/contract.ts';
import type { TriageService } from './triage.service.ts';

export function triageRoutes(route: Route, triage: TriageService): void {
  route(triageApi.screening, () => triage.screening());
  route(triageApi.setScreening, ({ user, body }) => triage.setScreening(user, body));
}
