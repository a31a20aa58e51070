import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { ssoApi } from '#shared/contract/auth-sso';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { auditRoutes } from './features/audit/index.ts';
import { assessmentsRoutes, reportingRoutes } from './features/reporting/index.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { mfaRoutes } from './features/auth/mfa/mfa.routes.ts';
import { oidcRoutes } from './features/auth/oidc/oidc.routes.ts';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.ts';
import { emailConfigRoutes } from './features/email-config/email-config.routes.ts';
import { fieldMappingRoutes } from './features/field-mapping/field-mapping.routes.ts';
import { triageRoutes } from './features/triage/triage.routes.ts';
import { integrationsRoutes } from './features/integrations/integrations.routes.ts';
import { logsRoutes } from './features/logs/logs.routes.ts';
import { mailRoutes } from './features/mail/mail.routes.ts';
import { ownersRoutes } from './features/owners/index.ts';
import { qualityProcessRoutes } from './features/quality-process/quality-process.routes.ts';
import { questionsRoutes } from './features/questions/questions.routes.ts';
import { submissionsRoutes } from './features/submissions/submissions.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { closureRoutes } from './features/closure/index.ts';
import { imdrfRoutes } from './features/imdrf/index.ts';
import { complaintFileRoutes } from './features/complaint-file/index.ts';
import { trendsRoutes } from './features/trends/index.ts';
import { signaturesRoutes } from './features/signatures/index.ts';
import { publicUrl } from './config.ts';
import { systemClock } from './lib/clock.ts';
import { fastifyTrustProxy, warnOfIgnoredForwardedFor } from './lib/trust-proxy.ts';
import { registerApiResponses } from './plugins/api-responses.ts';
import { accessGuard, registerAuth } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { makeRoute } from './plugins/contract.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerFormBodies } from './plugins/form-bodies.ts';
import { registerOpenApi, registerOpenApiRoute } from './plugins/openapi.ts';
import { registerSecurity } from './plugins/security.ts';
import { responseSerializerCompiler } from './plugins/serializer.ts';
import { registerSpa } from './plugins/spa.ts';
import { NO_FORM, type ServiceDeps, type Services, createServices } from './services.ts';

export interface AppDeps extends Omit<ServiceDeps, 'clock' | 'formId' | 'logger'> {
  clock?: ServiceDeps['clock'];
  formId?: string;
  /** A pino logger; none logs nothing (tests). */
  logger?: FastifyBaseLogger | undefined;
  /** Folder of the built web app; null serves the API only. */
  webDir?: string | null;
  /** Start background work (the JotForm poll) when ready and stop it on close. */
  background?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export const LOG_REDACT = ['req.headers.authorization', 'req.headers.cookie', 'req.headers.apikey', '*.password', '*.refreshToken', '*.token',
  'headers.authorization', '*.headers.authorization', 'authorization', '*.currentPassword', '*.newPassword', '*.passwordHash', 'params', '*.params', 'answers', '*.answers', '*.followup', 'body', '*.body'];

/**
 * A client gets REQUEST_TIMEOUT_SECONDS to send its headers, then its whole request, and a
 * connection on which nothing moves for as long is closed: one that trickles a request or stops
 * reading a reply (a stalled download) is cut off instead of holding the server. Node checks
 * the request limits only every `connectionsCheckingInterval` (30 s by default; at 5 s a client
 * trickling header lines held on for 34 s of a 30-s limit): once a second keeps it to a second or
 * two past the limit the documentation gives, for the cost of a look at the open connections.
 */
export function requestTimeouts(seconds: number) {
  const ms = seconds * 1000;
  return {
    connectionTimeout: ms,
    requestTimeout: ms,
    http: { headersTimeout: ms, requestTimeout: ms, connectionsCheckingInterval: Math.min(ms / 2, 1000) },
  };
}

/** The whole HTTP application over its dependencies; main.ts and the tests both build it here. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: 512 * 1024,
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    ...requestTimeouts(config.REQUEST_TIMEOUT_SECONDS),
  });
  app.setValidatorCompiler(validatorCompiler);
  // Production writes replies with the compiled serializer alone; development and tests check each against its schema too.
  app.setSerializerCompiler(responseSerializerCompiler({ verify: config.NODE_ENV !== 'production' }));
  warnOfIgnoredForwardedFor(app, config.TRUST_PROXY);
  registerErrorHandler(app);
  registerApiResponses(app);
  registerAuth(app);
  registerFormBodies(app);
  await registerSecurity(app);
  await registerCompression(app);
  await registerOpenApi(app, publicUrl(config));

  const services = createServices({
    ...deps,
    clock: deps.clock ?? systemClock,
    webhookSecret: deps.webhookSecret ?? config.JOTFORM_WEBHOOK_SECRET,
    formId: deps.formId ?? config.JOTFORM_FORM_ID ?? NO_FORM,
    awareDateQid: deps.awareDateQid ?? config.JOTFORM_AWARE_DATE_QID,
    logger: app.log,
  });
  app.decorate('services', services);
  app.addHook('onClose', async () => services.close());
  const route = makeRoute(app, services.sessions.authenticate, services.enrolmentGate);

  // Ready means the database replies too: a load balancer stops sending traffic while it does not.
  app.get('/healthz', { schema: { hide: true } }, async () => {
    await deps.db.execute(sql`select 1`);
    return { status: 'ok' };
  });
  registerOpenApiRoute(app);
  authRoutes(route, services.auth, services.sessions, services.devices);
  mfaRoutes(route, services.mfa, services.auth, services.mfaAdmin, services.devices);
  const signedIn = async (request: FastifyRequest) => {
    await accessGuard('authenticated', services.sessions.authenticate)(request);
    await services.enrolmentGate(ssoApi.signingToken)?.(request);
  };
  oidcRoutes(route, {
    oidc: services.oidc,
    auth: services.auth,
    prove: services.prove,
    admin: services.mfaAdmin,
    devices: services.devices,
    cookies: services.cookies,
    publicUrl: publicUrl(config),
    signedIn,
    issueSigningToken: (owner) => services.signingTokens.issueFor(owner, 'sso'),
  });
  usersRoutes(route, services.users);
  dashboardRoutes(route, services.dashboard);
  submissionsRoutes(route, services.submissions, services.sync);
  questionsRoutes(route, services.questions);
  qualityProcessRoutes(route, services.qualityProcess);
  fieldMappingRoutes(route, services.fieldMapping, services.complaintFields);
  triageRoutes(route, services.triage);
  emailConfigRoutes(route, services.emailConfigs);
  logsRoutes(route, services.logs);
  mailRoutes(route, services.mail, services.reminders, services.submissions.file.idOf);
  ownersRoutes(route, services.owners);
  integrationsRoutes(route, services.integrations);
  reportingRoutes(route, services.reporting);
  assessmentsRoutes(route, services.assessments);
  auditRoutes(route, services.auditReader);
  signaturesRoutes(route, services.signingTokens, services.signatures, services.submissions.file.idOf);
  closureRoutes(route, services.closure);
  imdrfRoutes(route, services.imdrf);
  complaintFileRoutes(route, services.complaintFile);
  trendsRoutes(route, services.trends, services.similar);
  await registerSpa(app, deps.webDir ?? null);

  if (deps.background) {
    app.addHook('onReady', async () => services.sync.start(config.SYNC_INTERVAL));
    app.addHook('onClose', async () => services.sync.stop());
    // In the background: an Arena outage never holds up the start.
    app.addHook('onReady', async () => services.arenaHealth?.start());
    app.addHook('onClose', async () => services.arenaHealth?.stop());
    app.addHook('onReady', async () => services.mailWorker.start(config.MAIL_POLL_INTERVAL));
    app.addHook('onClose', async () => services.mailWorker.stop());
    // Daily reminder digests at REMINDER_TIME; a start past it sends the day's missing ones.
    app.addHook('onReady', async () => services.reminders.start());
    app.addHook('onClose', async () => services.reminders.stop());
    // Signal rules every few minutes (and after each change of a rule or of a complaint's codes).
    app.addHook('onReady', async () => services.trends.start());
    app.addHook('onClose', async () => services.trends.stop());
  }
  return app;
}
