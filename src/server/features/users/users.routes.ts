import { usersApi } from '#shared/contract/users';
import type { Route } from '../../plugins/contract.ts';
import type { UsersService } from './users.service.ts';

export function usersRoutes(route: Route, users: UsersService): void {
  route(usersApi.create, ({ user, body }) => users.create(user, body));
  route(usersApi.list, ({ query }) => users.list(query));
  route(usersApi.get, ({ params }) => users.get(params.userId));
  route(usersApi.update, async ({ user, params, body }) => ({ results: await users.update(user, params.userId, body) }));
  route(usersApi.restrictAccess, async ({ user, params, body }) => {
    await users.setRestricted(user, params.userId, body.isRestricted);
    return null;
  });
  route(usersApi.signOutEverywhere, async ({ user, params }) => {
    await users.signOutEverywhere(user, params.userId);
    return null;
  });
}
