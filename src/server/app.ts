import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { createAuthRepo } from './features/auth/auth.repo.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { createAuthService } from './features/auth/auth.service.ts';
import { createTokenSigner } from './features/auth/tokens.ts';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.ts';
import { createDashboardService } from './features/dashboard/dashboard.service.ts';
import { logsRoutes } from './features/logs/logs.routes.ts';
import { createLogsService } from './features/logs/logs.service.ts';
import { createUsersRepo } from './features/users/users.repo.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { createUsersService } from './features/users/users.service.ts';
import { createAuditTrail } from './lib/audit.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { createSystemLog } from './lib/system-log.ts';
import { registerAuth } from './plugins/auth.ts';
import { makeRoute } from './plugins/contract.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerOpenApi, registerOpenApiRoute } from './plugins/openapi.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  jwtSecret: string;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; null serves the API only. */
  webDir?: string | null;
}

export const LOG_REDACT = ['req.headers.authorization', 'req.headers.cookie', 'req.headers.apikey', '*.password', '*.refreshToken', '*.token'];

/** The whole HTTP application over its dependencies; main.ts and the tests both build it here. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: 512 * 1024,
    trustProxy: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerAuth(app);
  await registerSecurity(app);
  await registerOpenApi(app);

  const log = createSystemLog(db, clock, app.log);
  const audit = createAuditTrail(db, clock);
  const usersRepo = createUsersRepo(db);
  const auth = createAuthService({
    repo: createAuthRepo(db),
    users: usersRepo,
    signer: createTokenSigner(deps.jwtSecret, clock, config.ACCESS_TOKEN_MINUTES),
    clock,
    log,
    refreshDays: config.REFRESH_TOKEN_DAYS,
  });
  const users = createUsersService({ repo: usersRepo, audit, log, clock, revokeSessions: auth.revokeSessions });
  const route = makeRoute(app, auth.authenticate);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  registerOpenApiRoute(app);
  authRoutes(route, auth, config.LOGIN_RATE_LIMIT);
  usersRoutes(route, users);
  dashboardRoutes(route, createDashboardService(db, clock));
  logsRoutes(route, createLogsService(db, audit));

  await registerSpa(app, deps.webDir ?? null);
  return app;
}
