import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { ArenaClient } from './connectors/arena/index.ts';
import { createMailer, type Mailer } from './connectors/mail/mailer.ts';
import { type Db, type WithLock, inProcessLock } from './db/client.ts';
import { createAuthRepo } from './features/auth/auth.repo.ts';
import { createAuthService } from './features/auth/auth.service.ts';
import { createTokenSigner } from './features/auth/tokens.ts';
import { createDashboardService } from './features/dashboard/dashboard.service.ts';
import { createEmailConfigRepo } from './features/email-config/email-config.repo.ts';
import { createLogsService } from './features/logs/logs.service.ts';
import { createSubmissionsRepo } from './features/submissions/submissions.repo.ts';
import { createSubmissionsService } from './features/submissions/submissions.service.ts';
import { type JotformSource, createSubmissionSync } from './features/submissions/submissions.sync.ts';
import { createUsersRepo } from './features/users/users.repo.ts';
import { createUsersService } from './features/users/users.service.ts';
import { createAuditTrail } from './lib/audit.ts';
import type { Clock } from './lib/clock.ts';
import { Upstream } from './lib/errors.ts';
import { createSystemLog } from './lib/system-log.ts';

/** The outside systems, as connectors (real clients, pointed at emulators in sandbox mode). */
export interface Integrations {
  jotform?: JotformSource;
  arena?: ArenaClient;
  /** Quality-process template for complaints (ARENA_TEMPLATE_GUID, or the emulator's). */
  arenaTemplateGuid?: string;
  mailer?: Mailer;
  /** Sandbox mode: gives demo submissions their workflow state on first sight. */
  onSubmissionsInserted?: (db: Db, ids: string[]) => Promise<void>;
}

export interface ServiceDeps {
  config: Config;
  db: Db;
  clock: Clock;
  jwtSecret: string;
  webhookSecret: string;
  /** The JotForm form reviewed here (configured, or the demo form in sandbox mode). */
  formId: string;
  awareDateQid?: string | undefined;
  withLock?: WithLock;
  integrations?: Integrations;
  logger?: FastifyBaseLogger;
}

/** Stands in for a connector that is not configured, so the rest of the product still runs. */
function notConfigured(name: string): never {
  throw new Upstream(`${name} is not configured.`);
}
const missingJotform: JotformSource = {
  getForm: async () => notConfigured('JotForm'),
  getSubmission: async () => notConfigured('JotForm'),
  // eslint-disable-next-line require-yield -- an empty source that fails on first use
  iterateSubmissions: async function* () {
    notConfigured('JotForm');
  },
};

/** The composition root: every service built from its dependencies, once. */
export function createServices(d: ServiceDeps) {
  const { config, db, clock } = d;
  const log = createSystemLog(db, clock, d.logger);
  const audit = createAuditTrail(db, clock);
  const usersRepo = createUsersRepo(db);
  const auth = createAuthService({
    repo: createAuthRepo(db),
    users: usersRepo,
    signer: createTokenSigner(d.jwtSecret, clock, config.ACCESS_TOKEN_MINUTES),
    clock,
    log,
    refreshDays: config.REFRESH_TOKEN_DAYS,
  });
  const users = createUsersService({ repo: usersRepo, audit, log, clock, revokeSessions: auth.revokeSessions });
  const emailConfigRepo = createEmailConfigRepo(db);
  const submissionsRepo = createSubmissionsRepo(db);
  const mailer = d.integrations?.mailer ?? createMailer({ db, clock, from: config.MAIL_FROM, smtpUrl: config.SMTP_URL });
  const onInserted = d.integrations?.onSubmissionsInserted;
  const sync = createSubmissionSync({
    db,
    withLock: d.withLock ?? inProcessLock(),
    jotform: d.integrations?.jotform ?? missingJotform,
    repo: submissionsRepo,
    log,
    clock,
    formId: d.formId,
    mapper: { timeZone: config.JOTFORM_TIMEZONE, awareDateQid: d.awareDateQid, investigationDays: config.INVESTIGATION_DAYS },
    webhookSecret: d.webhookSecret,
    ...(d.logger ? { logger: d.logger } : {}),
    ...(onInserted ? { onInserted: (ids: string[]) => onInserted(db, ids) } : {}),
  });
  const submissions = createSubmissionsService({
    repo: submissionsRepo,
    audit,
    log,
    clock,
    mailer,
    formId: d.formId,
    formTitle: () => sync.formTitle(),
    recipients: () => emailConfigRepo.activeEmails(),
    publicUrl: config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`,
  });
  return {
    log,
    audit,
    auth,
    users,
    sync,
    submissions,
    dashboard: createDashboardService(db, clock),
    logs: createLogsService(db, audit),
  };
}
export type Services = ReturnType<typeof createServices>;
