import type { FastifyBaseLogger } from 'fastify';
import type { IntegrationsStatus } from '#shared/contract/integrations';
import type { Db } from '../../db/client.ts';
import type { Lease } from '../../db/lease.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import type { MailService } from '../mail/index.ts';
import type { ReportingSettings } from '../reporting/index.ts';
import type { JotformImportRepo } from './jotform-import.repo.ts';
import { type QuotaSettings, nextReset, quotaDay } from './jotform-quota.ts';
import { createQuotaAlert } from './quota-alert.ts';
import { createQuotaTracker } from './quota-tracker.ts';
import type { MapperOptions } from './submission-mapper.ts';
import { type JotformSource, type SyncStatus, createSubmissionSync } from './submissions.sync.ts';
import { createSyncState } from './sync-state.ts';

export interface JotformPollDeps {
  db: Db;
  clock: Clock;
  log: SystemLog;
  uow: UnitOfWork;
  mail: Pick<MailService, 'queueOnce'>;
  jotform: JotformSource;
  repo: JotformImportRepo;
  lease: Lease;
  formId: string;
  mapper: MapperOptions;
  clockSettings: ReportingSettings;
  rereadDays: number;
  /** JOTFORM_DAILY_LIMIT, JOTFORM_QUOTA_SHARE and SYNC_INTERVAL. */
  quota: QuotaSettings;
  /** The active admins' addresses: they are told when JotForm's calls run low. */
  admins(): Promise<string[]>;
  publicUrl: string;
  webhookSecret?: string | undefined;
  logger?: FastifyBaseLogger | undefined;
}

/** What the Integrations page shows of JotForm's quota and the poll's pace. */
export type JotformPace = Pick<IntegrationsStatus['jotform'], 'dailyLimit' | 'resetsAt' | 'quotaShare' | 'callsToday' | 'pollIntervalSeconds' | 'callsPerPoll'>;

/** The JotForm poll: the sync, paced by the day's share of JotForm's quota, which the tracker counts and the database keeps. */
export function createJotformPoll(d: JotformPollDeps) {
  const state = createSyncState(d.db, d.clock);
  const statusKey = `jotform:${d.formId}:status`;
  const quota = createQuotaTracker({ clock: d.clock, settings: d.quota, store: { read: async () => (await state.read<SyncStatus>(statusKey))?.quota ?? undefined } });
  const quotaAlert = createQuotaAlert({ uow: d.uow, mail: d.mail, log: d.log, admins: d.admins, publicUrl: d.publicUrl });
  const sync = createSubmissionSync({ ...d, quota, quotaAlert, minIntervalMs: d.quota.minIntervalMs, ...(d.logger ? { logger: d.logger } : {}) });

  /** As the polling instance last recorded it (every instance reads the same); the limit as configured or learned. */
  async function pace(): Promise<JotformPace> {
    const status = await sync.status();
    const now = d.clock.now();
    const today = status !== null && quotaDay(new Date(status.at)) === quotaDay(now);
    return {
      dailyLimit: quota.dailyLimit() ?? status?.dailyLimit ?? null,
      resetsAt: nextReset(now).toISOString(),
      quotaShare: d.quota.share,
      callsToday: today ? status.callsToday : 0,
      pollIntervalSeconds: status?.intervalSeconds ?? null,
      callsPerPoll: today ? status.callsPerPoll : null,
    };
  }

  return { sync, pace };
}
