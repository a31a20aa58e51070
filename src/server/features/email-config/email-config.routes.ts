import { emailConfigApi } from '#shared/contract/email-config';
import type { Route } from '../../plugins/contract.ts';
import type { EmailConfigService } from './email-config.service.ts';

export function emailConfigRoutes(route: Route, emailConfigs: EmailConfigService): void {
  route(emailConfigApi.list, async ({ query }) => ({ results: await emailConfigs.list(query.active) }));
  route(emailConfigApi.create, ({ user, body }) => emailConfigs.create(user, body.email));
  route(emailConfigApi.update, ({ user, params, body }) => emailConfigs.update(user, params.id, body));
  route(emailConfigApi.remove, ({ user, params }) => emailConfigs.remove(user, params.id));
}
