import type { SubmissionCode } from '#shared/contract/imdrf';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { UnitOfWork } from './db/unit-of-work.ts';
import { closureSnapshot, createClosureRepo, createClosureService, investigationSnapshot } from './features/closure/index.ts';
import { createComplaintFileService } from './features/complaint-file/index.ts';
import type { QualityProcessService } from './features/quality-process/quality-process.service.ts';
import type { ReportingRepo, ReportingService } from './features/reporting/index.ts';
import { type Reauthenticate, createSignatures, createSignaturesRepo, createSigningTokens } from './features/signatures/index.ts';
import type { SubmissionsServices } from './features/submissions/submissions.routes.ts';
import { type Prove, NotProven } from './features/auth/proof.ts';
import type { MfaRepo } from './features/auth/mfa/mfa.repo.ts';
import type { Clock } from './lib/clock.ts';
import { SigningFailed } from './lib/errors.ts';
import type { SystemLog } from './lib/system-log.ts';

/**
 * A signature's re-authentication through sign-in's one proof (features/auth/proof.ts): the
 * password, and a code when the account's second factor is on, counted in the sign-in throttle. A
 * wrong password or code is a signature that failed (401); a field left out stays a 400.
 */
export function signerProof(prove: Prove, mfa: Pick<MfaRepo, 'totp'>): Reauthenticate {
  return async (actor, password, code) => {
    try {
      return await prove(actor, { address: actor.address }, { password, code }, { code: 'when-on', purpose: 'electronic signature' }, async (_work, user) =>
        (await mfa.totp(user.id))?.enabledAt ? 'password+code' : 'password',
      );
    } catch (err) {
      if (err instanceof NotProven && err.details && !Object.values(err.details).some((m) => m.startsWith('Enter '))) throw new SigningFailed(err.message);
      throw err;
    }
  };
}

/**
 * Signatures and their signing tokens. What each kind signs is read by the feature that owns it
 * (the decision by reporting, the investigation and the closure by closure), the same way when
 * signing and whenever a signature's validity is checked.
 */
export function createSigningServices(d: { db: Db; clock: Clock; reportingRepo: ReportingRepo; reauthenticate: Reauthenticate }) {
  const closureRepo = createClosureRepo();
  const repo = createSignaturesRepo(d.db);
  const tokens = createSigningTokens({ repo, clock: d.clock, reauthenticate: d.reauthenticate });
  const signatures = createSignatures({
    db: d.db,
    repo,
    tokens,
    clock: d.clock,
    content: {
      reportability: { snapshot: (q, id) => d.reportingRepo.currentDecision(q, id), changedBy: ['decide reportability', 'mark reportable'] },
      investigation: { snapshot: (q, id) => investigationSnapshot(closureRepo, q, id), changedBy: ['record investigation'] },
      closure: { snapshot: (q, id) => closureSnapshot(closureRepo, d.reportingRepo, q, id), changedBy: ['reopen', 'sync update'] },
    },
  });
  return { closureRepo, tokens, signatures };
}
export type SigningServices = ReturnType<typeof createSigningServices>;

interface ClosureDeps {
  db: Db;
  uow: UnitOfWork;
  log: SystemLog;
  clock: Clock;
  config: Config;
  signing: SigningServices;
  reporting: ReportingService;
  submissions: SubmissionsServices;
  qualityProcess: QualityProcessService;
  /** A complaint's IMDRF codes (the complaint file prints them). */
  codes(id: string): Promise<SubmissionCode[]>;
}

/** The closure of complaints and the complaint file as a PDF, read from the other features' records. */
export function createClosureServices(d: ClosureDeps) {
  const closure = createClosureService({ db: d.db, uow: d.uow, repo: d.signing.closureRepo, signatures: d.signing.signatures, log: d.log, clock: d.clock, regimes: d.config.REPORTING_REGIMES, timeZone: d.config.JOTFORM_TIMEZONE });
  const complaintFile = createComplaintFileService({
    sources: {
      submission: (id) => d.submissions.file.read(id),
      followups: (id) => d.submissions.followups.read(id),
      codes: (id) => d.codes(id),
      reportability: (id) => d.reporting.get(id),
      closure: (id) => closure.get(id),
      steps: (id) => d.qualityProcess.steps(id),
      history: (id) => d.submissions.file.history(id),
    },
    uow: d.uow,
    clock: d.clock,
    timeZone: d.config.JOTFORM_TIMEZONE,
  });
  return { closure, complaintFile };
}
