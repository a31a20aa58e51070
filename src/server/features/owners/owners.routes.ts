import { ownersApi } from '#shared/contract/owners';
import type { Route } from '../../plugins/contract.ts';
import type { OwnersService } from './owners.service.ts';

export function ownersRoutes(route: Route, owners: OwnersService): void {
  route(ownersApi.list, async () => ({ results: await owners.owners() }));
  route(ownersApi.assign, async ({ user, params, body }) => ({ results: await owners.assign(user, params.id, body) }));
}
