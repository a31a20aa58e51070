import { integrationsApi } from '#shared/contract/integrations';
import type { Route } from '../../plugins/contract.ts';
import type { IntegrationsService } from './integrations.service.ts';

export function integrationsRoutes(route: Route, integrations: IntegrationsService): void {
  route(integrationsApi.status, () => integrations.status());
}
