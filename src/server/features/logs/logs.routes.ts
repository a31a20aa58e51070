import { logsApi } from '#shared/contract/logs';
import type { Route } from '../../plugins/contract.ts';
import type { LogsService } from './logs.service.ts';

export function logsRoutes(route: Route, logs: LogsService): void {
  route(logsApi.list, async () => ({ logs: await logs.list() }));
  route(logsApi.clear, async ({ user }) => {
    await logs.clear(user);
    return null;
  });
}
