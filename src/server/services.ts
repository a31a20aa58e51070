import type { FastifyBaseLogger } from 'fastify';
import { type Config, isSandbox, publicUrl } from './config.ts';
import { type ArenaClient, createArenaHealth } from './connectors/arena/index.ts';
import { type Mailer, createMailer } from './connectors/mail/mailer.ts';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type pg from 'pg';
import { type Db, EXPORT_POOL_SIZE } from './db/client.ts';
import { createLease } from './db/lease.ts';
import { createUnitOfWork } from './db/unit-of-work.ts';
import type { SsoProvider } from './features/auth/oidc/oidc.client.ts';
import { createAuthServices } from './features/auth/compose.ts';
import { roleFromProvider } from './features/auth/mfa/mfa-admin.ts';
import { createAuditRepo, createAuditService } from './features/audit/index.ts';
import { createAssessmentsRepo, createAssessmentsService, createReportingRepo, createReportingService, holidaysFrom } from './features/reporting/index.ts';
import { QUESTION_VERSIONS, type QuestionVersion } from '#shared/reporting/assessment';
import { createDashboardService } from './features/dashboard/dashboard.service.ts';
import { createEmailConfigRepo } from './features/email-config/email-config.repo.ts';
import { createEmailConfigService } from './features/email-config/email-config.service.ts';
import { createFieldMappingRepo } from './features/field-mapping/field-mapping.repo.ts';
import { createFieldMappingService } from './features/field-mapping/field-mapping.service.ts';
import { createComplaintFieldsService } from './features/field-mapping/complaint-fields.service.ts';
import { createIntegrationsService } from './features/integrations/integrations.service.ts';
import { createLogsService } from './features/logs/logs.service.ts';
import { createTemplateSteps } from './features/quality-process/arena-template.ts';
import { createQualityProcessRepo } from './features/quality-process/quality-process.repo.ts';
import { createQualityProcessService } from './features/quality-process/quality-process.service.ts';
import { type QuestionsSource, createQuestionsService } from './features/questions/questions.service.ts';
import { EXPORTS_PER_USER, createExportSlots } from './features/submissions/export-slots.ts';
import { createSubmissionListRepo } from './features/submissions/list.repo.ts';
import { createJotformImportRepo } from './features/submissions/jotform-import.repo.ts';
import { createTriageRepo } from './features/triage/triage.repo.ts';
import { createTriageService } from './features/triage/triage.service.ts';
import { createComplaintFileRepo } from './features/submissions/complaint-file.repo.ts';
import { createSubmissionListService } from './features/submissions/list.service.ts';
import { createComplaintFileService } from './features/submissions/complaint-file.service.ts';
import { createFollowupsService } from './features/submissions/followups.service.ts';
import { createReadRecorder } from './lib/reads.ts';
import { createFollowupsRepo } from './features/submissions/followups.repo.ts';
import { createWorkflowService } from './features/submissions/workflow.service.ts';
import { createRowReplies } from './features/submissions/submission-reply.ts';
import type { SubmissionsServices } from './features/submissions/submissions.routes.ts';
import type { JotformSource } from './features/submissions/submissions.sync.ts';
import { createJotformPoll } from './features/submissions/jotform-poll.ts';
import { complaintQids, findSubmission } from './features/submissions/index.ts';
import { createMailRepo } from './features/mail/mail.repo.ts';
import { createMailService } from './features/mail/mail.service.ts';
import { createMailWorker } from './features/mail/mail.worker.ts';
import { createReminders } from './features/mail/reminders.ts';
import { createRemindersRepo } from './features/mail/reminders.repo.ts';
import { createOwnersRepo, createOwnersService } from './features/owners/index.ts';
import { createImdrfService, terminology } from './features/imdrf/index.ts';
import { createUsersRepo } from './features/users/users.repo.ts';
import { createUsersService } from './features/users/users.service.ts';
import { createClosureServices, createSigningServices, signerProof } from './services-closure.ts';
import { createSimilarService, createTrendsRepo, createTrendsService } from './features/trends/index.ts';
import { createAuditTrail } from './lib/audit.ts';
import type { Clock } from './lib/clock.ts';
import { Invalid, Upstream } from './lib/errors.ts';
import type { PasswordCost } from './lib/password.ts';
import { createSystemLog } from './lib/system-log.ts';
import { todayOn } from './lib/time-zone.ts';

/**
 * The outside systems as the services use them: connectors (real HTTP clients) and their settings,
 * from the live configuration or sandbox mode (outside/index.ts).
 */
export interface Outside {
  jotform?: JotformSource & QuestionsSource;
  arena?: ArenaClient;
  /** Quality-process template for complaints (ARENA_TEMPLATE_GUID, or the emulator's). */
  arenaTemplateGuid?: string;
  mailer?: Mailer;
  /** The sandbox's demo identity provider (SANDBOX_SSO), standing in for OIDC_ISSUER and its client. */
  sso?: SsoProvider;
}

export interface ServiceDeps {
  config: Config;
  db: Db;
  clock: Clock;
  jwtSecret: string;
  /**
   * The MFA key (MFA_KEY, or DATA_DIR/mfa-key): seals authenticator seeds and keys recovery-code
   * hashes. main.ts always gives it; tests and benches that leave it out use the token key.
   */
  mfaKey?: string | undefined;
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
  /** The published versions of the reportability questions (QUESTION_VERSIONS; a test publishes one more). */
  questionVersions?: readonly QuestionVersion[];
  /** argon2id's cost for the password hashes made (PASSWORD_COST unless given): tests give a lower one to sign in quickly. */
  passwordCost?: PasswordCost | undefined;
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
  const recordRead = createReadRecorder({ uow, clock });
  const usersRepo = createUsersRepo(db);
  const authServices = createAuthServices({ config, db, clock, jwtSecret: d.jwtSecret, mfaKey: d.mfaKey ?? d.jwtSecret, log, uow, users: usersRepo, demoSso: d.outside?.sso, logger: d.logger, passwordCost: d.passwordCost });
  const { sessions, mfaRepo } = authServices;
  const rolesFromProvider = !!config.OIDC_ROLE_CLAIM;
  const users = createUsersService({
    repo: usersRepo,
    uow,
    log,
    clock,
    roleFromProvider: async (user) => roleFromProvider(user, await mfaRepo.viaProvider(user.id), rolesFromProvider),
    endSessions: (user, reason, actor) => sessions.end(user, {}, reason, actor),
    userChanged: (id) => authServices.authCache.forgetUser(id),
    passwordCost: d.passwordCost,
  });
  const clockSettings = { regimes: config.REPORTING_REGIMES, holidays: holidaysFrom(config.REPORTING_HOLIDAYS) };
  const emailConfigRepo = createEmailConfigRepo(db);
  const reportingRepo = createReportingRepo(db);
  const assessmentsRepo = createAssessmentsRepo(db);
  const signing = createSigningServices({ db, clock, reportingRepo, reauthenticate: signerProof(authServices.prove, mfaRepo) });
  const mailer = d.outside?.mailer ?? createMailer({ from: config.MAIL_FROM, smtpUrl: config.SMTP_URL });
  const mailRepo = createMailRepo(db);
  const mailWorker = createMailWorker({ repo: mailRepo, mailer, clock, log, logger: d.logger });
  const mail = createMailService({ repo: mailRepo, uow, log, clock, mode: mailer.mode, recipients: () => emailConfigRepo.activeEmails(), nudge: () => mailWorker.nudge() });
  const triage = createTriageService({ repo: createTriageRepo(db), uow, log, clock, mail, recipients: () => emailConfigRepo.activeEmails(), publicUrl: publicUrl(config), trail: auditTrail });
  const jotform = d.outside?.jotform ?? missingJotform;
  const arena = d.outside?.arena && d.outside.arenaTemplateGuid ? { client: d.outside.arena, templateGuid: d.outside.arenaTemplateGuid, ownerGuid: config.ARENA_OWNER_GUID } : undefined;
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
    recordRead,
    complaintQuestions: () => complaintQids(db),
  });
  const qualityProcessRepo = createQualityProcessRepo(db);
  const qualityProcess = createQualityProcessService({
    repo: qualityProcessRepo,
    uow,
    log,
    clock,
    arena,
    templateSteps,
    mappingRules: () => fieldMapping.rules(),
    recordRead,
  });
  const { sync, pace } = createJotformPoll({
    db,
    // Three missed renewals (or a minute) before another instance takes the poll over.
    lease: createLease(db, `jotform-poll:${d.formId}`, `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`, Math.max(3 * config.SYNC_INTERVAL, 60) * 1000),
    jotform,
    repo: createJotformImportRepo(db, auditTrail, (work, ids, at) => triage.flagImported(work, ids, at)),
    log,
    uow,
    mail,
    clock,
    formId: d.formId,
    mapper: { timeZone: config.JOTFORM_TIMEZONE, awareDateQid: d.awareDateQid, investigationDays: config.INVESTIGATION_DAYS },
    rereadDays: config.SYNC_REREAD_DAYS,
    clockSettings,
    quota: { dailyLimit: config.JOTFORM_DAILY_LIMIT ?? null, share: config.JOTFORM_QUOTA_SHARE, minIntervalMs: config.SYNC_INTERVAL * 1000 },
    admins: () => usersRepo.adminEmails(),
    publicUrl: publicUrl(config),
    webhookSecret: d.webhookSecret,
    logger: d.logger,
  });
  const listRepo = createSubmissionListRepo(db, d.exportPool);
  const fileRepo = createComplaintFileRepo(db);
  const today = () => todayOn(clock, config.JOTFORM_TIMEZONE);
  const replies = createRowReplies({ userNames: (ids) => listRepo.userNames(ids), opened: (id) => fileRepo.opened(id), settings: clockSettings, today });
  const submissions: SubmissionsServices = {
    list: createSubmissionListService({
      list: listRepo,
      replies,
      uow,
      today,
      formId: d.formId,
      formTitle: () => sync.formTitle(),
      timeZone: config.JOTFORM_TIMEZONE,
      exportSlots: createExportSlots({ perUser: EXPORTS_PER_USER, total: EXPORT_POOL_SIZE }),
      recordRead,
      termOf: (code) => terminology.get(code)?.term,
    }),
    file: createComplaintFileService({ file: fileRepo, replies, recordRead }),
    followups: createFollowupsService({ repo: createFollowupsRepo(db), file: fileRepo, replies, uow, log, clock, today, recordRead }),
    workflow: createWorkflowService({ file: fileRepo, replies, decisions: reportingRepo, uow, log, clock, mail, publicUrl: publicUrl(config), clockSettings }),
  };
  const reporting = createReportingService({ db, uow, repo: reportingRepo, assessments: assessmentsRepo, log, clock, clockSettings, timeZone: config.JOTFORM_TIMEZONE, signatures: signing.signatures });
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
    rowOf: (id) => submissions.file.row(id),
    publicUrl: publicUrl(config),
    timeZone: config.JOTFORM_TIMEZONE,
  });
  const integrations = createIntegrationsService({
    mode: isSandbox(config) ? 'sandbox' : 'live',
    formId: d.formId,
    lastSync: () => sync.status(),
    limitLeft: () => jotform.limitLeft?.() ?? null,
    jotformPace: pace,
    firstSync: () => sync.firstSync(),
    arena: arenaHealth,
    arenaChanges: () => qualityProcessRepo.arenaChanges(),
    mailDelivery: mailer.mode,
    mailSummary: () => mail.summary(),
  });
  const trends = createTrendsService({
    db,
    repo: createTrendsRepo(),
    uow,
    mail,
    log,
    clock,
    formId: d.formId,
    timeZone: config.JOTFORM_TIMEZONE,
    publicUrl: publicUrl(config),
    admins: () => usersRepo.adminEmails(),
    checkCode: async (code) => {
      if (!terminology.get(code)) throw new Invalid(`${code} is not a code of the IMDRF terminology the portal ships (${terminology.release}).`, { code: 'unknown code' });
    },
    logger: d.logger,
  });
  const imdrf = createImdrfService({ db, uow, clock, log, terminology });
  return {
    ...authServices,
    log,
    integrations,
    trends,
    similar: createSimilarService({ db, clock, timeZone: config.JOTFORM_TIMEZONE }),
    users,
    sync,
    submissions,
    mail,
    mailWorker,
    reminders,
    owners,
    // A change of codes may fire a signal rule: the rules are evaluated after it, not waiting for the next round.
    imdrf: createImdrfService({ db, uow, clock, log, terminology, coded: () => void trends.evaluate().catch((err: unknown) => d.logger?.error({ err }, 'signal rules evaluation failed')) }),
    emailConfigs: createEmailConfigService({ repo: emailConfigRepo, uow, log, clock }),
    fieldMapping,
    complaintFields: createComplaintFieldsService({ db, uow, log, clock, formQuestions: () => jotform.getQuestions(d.formId) }),
    triage,
    qualityProcess,
    arenaHealth,
    dashboard: createDashboardService(db, clock, config.JOTFORM_TIMEZONE, d.formId === NO_FORM ? null : d.formId),
    reporting,
    signingTokens: signing.tokens,
    signatures: signing.signatures,
    ...createClosureServices({ db, uow, log, clock, config, signing, reporting, submissions, qualityProcess, codes: (id) => imdrf.list(id) }),
    assessments: createAssessmentsService({
      db,
      uow,
      repo: assessmentsRepo,
      reporting: reportingRepo,
      log,
      clock,
      clockSettings,
      timeZone: config.JOTFORM_TIMEZONE,
      investigationDays: config.INVESTIGATION_DAYS,
      versions: d.questionVersions ?? QUESTION_VERSIONS,
    }),
    auditReader: createAuditService(createAuditRepo(db), config.JOTFORM_TIMEZONE),
    logs: createLogsService(db, uow),
    questions: createQuestionsService({ jotform, uow, log, formId: d.formId }),
  };
}
export type Services = ReturnType<typeof createServices>;
