import type { FastifyBaseLogger } from 'fastify';
import { type Config, isSandbox, publicUrl } from './config.ts';
import { createArenaHealth } from './connectors/arena/index.ts';
import { createMailer } from './connectors/mail/mailer.ts';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type pg from 'pg';
import { type Db, EXPORT_POOL_SIZE } from './db/client.ts';
import { listen } from './db/notifications.ts';
import { createLease } from './db/lease.ts';
import { createUnitOfWork } from './db/unit-of-work.ts';
import { createAuthEvents } from './features/auth/auth-events.ts';
import { createAuthRepo } from './features/auth/auth.repo.ts';
import { createAuthService } from './features/auth/auth.service.ts';
import { AUTH_CHANNEL, createSessionCache } from './features/auth/session-cache.ts';
import { type SessionUser, createSessions } from './features/auth/sessions.ts';
import { createMfaRepo } from './features/auth/mfa/mfa.repo.ts';
import { createOidcClient } from './features/auth/oidc/oidc.client.ts';
import { createOidcRepo } from './features/auth/oidc/oidc.repo.ts';
import { createOidcService } from './features/auth/oidc/oidc.service.ts';
import { createMfaService } from './features/auth/mfa/mfa.service.ts';
import { createMfaAdmin, roleFromProvider } from './features/auth/mfa/mfa-admin.ts';
import { createEnrolmentGate } from './features/auth/mfa/enrolment.ts';
import { createSignIn } from './features/auth/sign-in.ts';
import { createLoginThrottle } from './features/auth/throttle.ts';
import { createThrottleRepo } from './features/auth/throttle.repo.ts';
import { createTokenSigner } from './features/auth/tokens.ts';
import { createAuditRepo, createAuditService } from './features/audit/index.ts';
import { createReportingRepo, createReportingService, holidaysFrom } from './features/reporting/index.ts';
import { createDashboardService } from './features/dashboard/dashboard.service.ts';
import { createEmailConfigRepo } from './features/email-config/email-config.repo.ts';
import { createEmailConfigService } from './features/email-config/email-config.service.ts';
import { createFieldMappingRepo } from './features/field-mapping/field-mapping.repo.ts';
import { createFieldMappingService } from './features/field-mapping/field-mapping.service.ts';
import { createIntegrationsService } from './features/integrations/integrations.service.ts';
import { createLogsService } from './features/logs/logs.service.ts';
import { createTemplateSteps } from './features/quality-process/arena-template.ts';
import { createQualityProcessRepo } from './features/quality-process/quality-process.repo.ts';
import { createQualityProcessService } from './features/quality-process/quality-process.service.ts';
import { type QuestionsSource, createQuestionsService } from './features/questions/questions.service.ts';
import { EXPORTS_PER_USER, createExportSlots } from './features/submissions/export-slots.ts';
import { createSubmissionListRepo } from './features/submissions/list.repo.ts';
import { createJotformImportRepo } from './features/submissions/jotform-import.repo.ts';
import { createComplaintFileRepo } from './features/submissions/complaint-file.repo.ts';
import { createSubmissionsService } from './features/submissions/submissions.service.ts';
import { type JotformSource, createSubmissionSync } from './features/submissions/submissions.sync.ts';
import { findSubmission } from './features/submissions/index.ts';
import { createMailRepo } from './features/mail/mail.repo.ts';
import { createMailService } from './features/mail/mail.service.ts';
import { createMailWorker } from './features/mail/mail.worker.ts';
import { createReminders } from './features/mail/reminders.ts';
import { createRemindersRepo } from './features/mail/reminders.repo.ts';
import { createOwnersRepo, createOwnersService } from './features/owners/index.ts';
import { createUsersRepo } from './features/users/users.repo.ts';
import { createUsersService } from './features/users/users.service.ts';
import { createAuditTrail } from './lib/audit.ts';
import type { Clock } from './lib/clock.ts';
import { Upstream } from './lib/errors.ts';
import { createSystemLog } from './lib/system-log.ts';
import type { Outside } from './outside/index.ts';

export interface ServiceDeps {
  config: Config;
  db: Db;
  clock: Clock;
  jwtSecret: string;
  /** Secret path segment of the JotForm webhook; without one the webhook is off. */
  webhookSecret?: string | undefined;
  /** The JotForm form reviewed here (configured, or the demo form in sandbox mode). */
  formId: string;
  awareDateQid?: string | undefined;
  /** The outside systems' connectors (real clients; pointed at the emulators in sandbox mode and tests). */
  outside?: Outside;
  logger?: FastifyBaseLogger;
  /** The CSV exports' own pool (the database's export pool); the API's pool when none is given. */
  exportPool?: pg.Pool | undefined;
}

/** The form id when none is configured (and no sandbox demo form stands in). */
export const NO_FORM = 'no-form-configured';

/** Stands in for a connector that is not configured, so the rest of the product still runs. */
function notConfigured(name: string): never {
  throw new Upstream(`${name} is not configured.`);
}
const missingJotform: JotformSource & QuestionsSource = {
  getForm: async () => notConfigured('JotForm'),
  getSubmission: async () => notConfigured('JotForm'),
  getQuestions: async () => notConfigured('JotForm'),
  addQuestions: async () => notConfigured('JotForm'),
  editQuestion: async () => notConfigured('JotForm'),
  deleteQuestion: async () => notConfigured('JotForm'),
  // eslint-disable-next-line require-yield -- an empty source that fails on first use
  iterateSubmissions: async function* () {
    notConfigured('JotForm');
  },
};

/** The composition root: every service built from its dependencies, once. */
export function createServices(d: ServiceDeps) {
  const { config, db, clock } = d;
  const log = createSystemLog(db, clock, d.logger);
  const auditTrail = createAuditTrail(clock);
  // Every change the portal stores commits with its audit entry through this one helper.
  const uow = createUnitOfWork(db, auditTrail);
  const usersRepo = createUsersRepo(db);
  const authRepo = createAuthRepo(db);
  const authEvents = createAuthEvents(log, uow);
  // Recent sign-in checks, kept while the database's change notifications arrive (decision 014).
  const sessionCache = createSessionCache<SessionUser>({ ttlMs: 10_000, max: 10_000, now: () => clock.now().getTime() });
  const authChanges = listen(db.$client.options.connectionString ?? '', AUTH_CHANNEL, sessionCache.notified, sessionCache.trust);
  const sessions = createSessions({
    cache: sessionCache,
    repo: authRepo,
    signer: createTokenSigner(d.jwtSecret, clock, config.ACCESS_TOKEN_MINUTES),
    clock,
    events: authEvents,
    uow,
    refreshDays: config.REFRESH_TOKEN_DAYS,
    idleMinutes: config.SESSION_IDLE_MINUTES,
    maxHours: config.SESSION_MAX_HOURS,
  });
  const throttle = createLoginThrottle({ repo: createThrottleRepo(db), clock });
  const signIn = createSignIn({ users: usersRepo, sessions, events: authEvents, clock, uow });
  const mfaRepo = createMfaRepo(db);
  const mfa = createMfaService({ repo: mfaRepo, uow, users: usersRepo, throttle, events: authEvents, signIn, clock, requiredRoles: config.MFA_REQUIRED_ROLES });
  const rolesFromProvider = !!config.OIDC_ROLE_CLAIM;
  const mfaAdmin = createMfaAdmin({ repo: mfaRepo, users: usersRepo, uow, rolesFromProvider });
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = config;
  // The configured provider, or the sandbox's demo provider (SANDBOX_SSO).
  const ssoProvider = issuer && clientId && clientSecret ? { issuer, clientId, clientSecret } : d.outside?.sso;
  const oidc = createOidcService({
    client: ssoProvider ? createOidcClient({ ...ssoProvider, scopes: config.OIDC_SCOPES, redirectUri: `${publicUrl(config)}/v1/auth/oidc/callback`, roleClaim: config.OIDC_ROLE_CLAIM }) : undefined,
    demo: !!ssoProvider?.demo,
    label: config.OIDC_LABEL,
    roleClaim: config.OIDC_ROLE_CLAIM,
    roleMap: config.OIDC_ROLE_MAP,
    provision: config.OIDC_PROVISION === 'on',
    trustEmail: config.OIDC_TRUST_EMAIL === 'on',
    repo: createOidcRepo(db),
    users: usersRepo,
    uow,
    events: authEvents,
    signIn,
    clock,
    secret: d.jwtSecret,
  });
  const auth = createAuthService({
    repo: authRepo,
    users: usersRepo,
    sessions,
    throttle,
    events: authEvents,
    clock,
    uow,
    attemptsPerMinute: config.LOGIN_RATE_LIMIT,
    secondFactorChallenge: (user) => mfa.challengeFor(user),
    // PASSWORD_LOGIN=super_admin: everyone else signs in through the identity provider.
    passwordAllowed: (user) => config.PASSWORD_LOGIN === 'on' || user.role === 'super_admin',
  });
  const users = createUsersService({
    repo: usersRepo,
    uow,
    log,
    clock,
    roleFromProvider: async (user) => roleFromProvider(user, await mfaRepo.viaProvider(user.id), rolesFromProvider),
    endSessions: (user, reason, actor) => sessions.end(user, {}, reason, actor),
    userChanged: (id) => sessionCache.forgetUser(id),
  });
  const clockSettings = { regimes: config.REPORTING_REGIMES, holidays: holidaysFrom(config.REPORTING_HOLIDAYS) };
  const emailConfigRepo = createEmailConfigRepo(db);
  const reportingRepo = createReportingRepo(db);
  const mailer = d.outside?.mailer ?? createMailer({ from: config.MAIL_FROM, smtpUrl: config.SMTP_URL });
  const mailRepo = createMailRepo(db);
  const mailWorker = createMailWorker({ repo: mailRepo, mailer, clock, log, logger: d.logger });
  const mail = createMailService({ repo: mailRepo, uow, log, clock, mode: mailer.mode, recipients: () => emailConfigRepo.activeEmails(), nudge: () => mailWorker.nudge() });
  const jotform = d.outside?.jotform ?? missingJotform;
  const arena = d.outside?.arena && d.outside.arenaTemplateGuid ? { client: d.outside.arena, templateGuid: d.outside.arenaTemplateGuid } : undefined;
  const templateSteps = createTemplateSteps({ arena, clock, log });
  // Arena's set-up, session and quota for the Integrations view; none when Arena is not configured.
  const arenaSetup = (templateGuid: string) => ({ templateGuid, ownerGuid: config.ARENA_OWNER_GUID, numberPrefixGuid: config.ARENA_NUMBER_PREFIX_GUID });
  const arenaHealth = arena ? createArenaHealth({ client: arena.client, setup: arenaSetup(arena.templateGuid), log, clock }) : undefined;
  const fieldMapping = createFieldMappingService({
    repo: createFieldMappingRepo(db),
    uow,
    log,
    clock,
    templateSteps: () => templateSteps.steps(),
    formQuestions: () => jotform.getQuestions(d.formId),
    findSubmission: (id) => findSubmission(db, id),
  });
  const qualityProcess = createQualityProcessService({
    repo: createQualityProcessRepo(db),
    uow,
    log,
    clock,
    arena,
    templateSteps,
    mappingRules: () => fieldMapping.rules(),
  });
  const sync = createSubmissionSync({
    db,
    // Three missed renewals (or a minute) before another instance takes the poll over.
    lease: createLease(db, `jotform-poll:${d.formId}`, `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`, Math.max(3 * config.SYNC_INTERVAL, 60) * 1000),
    jotform,
    repo: createJotformImportRepo(db),
    log,
    clock,
    formId: d.formId,
    mapper: { timeZone: config.JOTFORM_TIMEZONE, awareDateQid: d.awareDateQid, investigationDays: config.INVESTIGATION_DAYS },
    rereadDays: config.SYNC_REREAD_DAYS,
    clockSettings,
    webhookSecret: d.webhookSecret,
    ...(d.logger ? { logger: d.logger } : {}),
  });
  const submissions = createSubmissionsService({
    list: createSubmissionListRepo(db, d.exportPool),
    file: createComplaintFileRepo(db),
    decisions: reportingRepo,
    uow,
    log,
    clock,
    mail,
    formId: d.formId,
    formTitle: () => sync.formTitle(),
    publicUrl: publicUrl(config),
    clockSettings,
    timeZone: config.JOTFORM_TIMEZONE,
    exportSlots: createExportSlots({ perUser: EXPORTS_PER_USER, total: EXPORT_POOL_SIZE }),
  });
  const reminders = createReminders({
    repo: createRemindersRepo(db),
    mail,
    uow,
    log,
    clock,
    time: config.REMINDER_TIME,
    timeZone: config.JOTFORM_TIMEZONE,
    publicUrl: publicUrl(config),
    recipients: () => emailConfigRepo.activeEmails(),
    logger: d.logger,
  });
  const owners = createOwnersService({
    repo: createOwnersRepo(db),
    uow,
    log,
    clock,
    mail,
    rowOf: (id) => submissions.row(id),
    publicUrl: publicUrl(config),
    timeZone: config.JOTFORM_TIMEZONE,
  });
  const integrations = createIntegrationsService({
    mode: isSandbox(config) ? 'sandbox' : 'live',
    formId: d.formId,
    lastSync: () => sync.status(),
    limitLeft: () => jotform.limitLeft?.() ?? null,
    arena: arenaHealth,
    mailDelivery: mailer.mode,
    mailSummary: () => mail.summary(),
  });
  return {
    /** Ends what the services hold open (the notification listener). */
    close: () => authChanges.close(),
    authCache: sessionCache,
    log,
    integrations,
    auth,
    mfa,
    mfaAdmin,
    enrolmentGate: createEnrolmentGate(config.MFA_REQUIRED_ROLES, mfaRepo),
    oidc,
    sessions,
    users,
    sync,
    submissions,
    mail,
    mailWorker,
    reminders,
    owners,
    emailConfigs: createEmailConfigService({ repo: emailConfigRepo, uow, log, clock }),
    fieldMapping,
    qualityProcess,
    arenaHealth,
    dashboard: createDashboardService(db, clock, config.JOTFORM_TIMEZONE, d.formId === NO_FORM ? null : d.formId),
    reporting: createReportingService({ db, uow, repo: reportingRepo, log, clock, clockSettings, timeZone: config.JOTFORM_TIMEZONE }),
    auditReader: createAuditService(createAuditRepo(db), config.JOTFORM_TIMEZONE),
    logs: createLogsService(db, uow),
    questions: createQuestionsService({ jotform, uow, log, formId: d.formId }),
  };
}
export type Services = ReturnType<typeof createServices>;
