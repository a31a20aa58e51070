import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { databaseFailure } from '../../db/errors.ts';
import type { Lease } from '../../db/lease.ts';
import type { Clock } from '../../lib/clock.ts';
import { JotformError } from '../../connectors/jotform/jotform-error.ts';
import { formatJotformDateTime } from '../../connectors/jotform/jotform-time.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import type { ReportingSettings } from '../reporting/index.ts';
import { createFirstSync } from './first-sync.ts';
import { type ImportResult, type JotformImportRepo, type PreparedImport, type WithinImport, prepareImport } from './jotform-import.repo.ts';
import { type Cursor, type PullSource, pull } from './jotform-pull.ts';
import type { QuotaAlert } from './quota-alert.ts';
import type { QuotaDay } from './jotform-quota.ts';
import type { QuotaTracker } from './quota-tracker.ts';
import { type JotformColumns, type JotformSubmissionLike, type MapperOptions, mapJotformSubmission } from './submission-mapper.ts';
import { createSyncState } from './sync-state.ts';
import { createWebhookIntake } from './webhook-intake.ts';

/** What the sync needs of the JotForm connector. */
export interface JotformSource extends PullSource {
  getForm(formId: string): Promise<{ title: string; status?: string | undefined; count?: string | undefined }>;
  getSubmission(id: string): Promise<JotformSubmissionLike>;
  /** JotForm's `limit-left` from its last reply: calls left today. */
  limitLeft?(): number | null;
  /** Every reply JotForm gives, with the calls it says are left: each is a call of the day's quota. */
  onReply?(listener: (reply: { limitLeft: number | null }) => void): void;
}

/** Whether the API honours the `updated_at` filter the update pass relies on (probed, not assumed). */
export type UpdatedAtFilter = 'honoured' | 'ignored' | 'unknown';

/**
 * A poll round: `full` reads the form, new submissions and edited ones; `light` only asks for new
 * submissions, one call when there are none (docs/features/integrations.md, "JotForm's quota").
 */
export type RoundKind = 'full' | 'light';

/** The last poll, kept in the database so every instance can show it. */
export interface SyncStatus {
  at: string;
  outcome: 'ok' | 'failed';
  inserted: number;
  updated: number;
  error: string | null;
  limitLeft: number | null;
  updatedAtFilter: UpdatedAtFilter;
  round: RoundKind;
  /** Calls to JotForm the round made. */
  calls: number;
  /** When the last full round ended. */
  lastFullAt: string | null;
  /** The pace worked out after the round. */
  intervalSeconds: number | null;
  callsPerPoll: number | null;
  callsToday: number;
  dailyLimit: number | null;
  /** The day's JotForm calls as the polling instance counted them (the tracker goes on from it after a restart). */
  quota: QuotaDay | null;
}

export interface SyncDeps {
  db: Db;
  /** Leadership of the poll across instances; without one this instance always polls. */
  lease?: Lease;
  jotform: JotformSource;
  repo: JotformImportRepo;
  log: SystemLog;
  clock: Clock;
  formId: string;
  mapper: MapperOptions;
  /** The reporting clocks' settings: a new submission's clocks are stored with it. */
  clockSettings: ReportingSettings;
  /** Where the `updated_at` filter is ignored, each full round re-reads the submissions created in this many last days. */
  rereadDays: number;
  /** The day's JotForm calls and the pace that keeps them within the portal's share. */
  quota: QuotaTracker;
  /** Tells the admins when JotForm's calls run low. */
  quotaAlert?: QuotaAlert | undefined;
  /** SYNC_INTERVAL: the closest two polls may be, and how often a waiting instance looks at its lease. */
  minIntervalMs: number;
  /** How often a full round runs at least (default an hour). */
  refreshMs?: number;
  /** Without a secret the webhook route replies 404 to everyone. */
  webhookSecret?: string | undefined;
  logger?: FastifyBaseLogger;
}

/** Longest pause between polls while JotForm replies that it is limiting requests (not its daily quota). */
const MAX_RATE_BACKOFF_MS = 60 * 60_000;
/** Re-read this much before the cursor: JotForm times have one-second resolution and no order guarantee. */
const OVERLAP_MS = 5 * 60_000;
const HOUR_MS = 60 * 60_000;

function minusOverlap(jotformTime: string): string {
  const t = new Date(`${jotformTime.replace(' ', 'T')}Z`).getTime() - OVERLAP_MS;
  return Number.isNaN(t) ? jotformTime : new Date(t).toISOString().slice(0, 19).replace('T', ' ');
}

export type TickOutcome = 'polled' | 'follower' | 'waiting' | 'paused' | 'failed';

export function createSubmissionSync(d: SyncDeps) {
  const keys = { cursor: `jotform:${d.formId}:cursor`, form: `jotform:${d.formId}:form`, status: `jotform:${d.formId}:status`, refresh: `jotform:${d.formId}:refresh` };
  const state = createSyncState(d.db, d.clock);
  const firstSync = createFirstSync({ state, key: `jotform:${d.formId}:first-sync`, clock: d.clock, log: d.log, logger: d.logger });
  const refreshMs = d.refreshMs ?? HOUR_MS;
  let updatedAtFilter: UpdatedAtFilter = 'unknown';
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  const insertedListeners: ((ids: string[]) => Promise<void>)[] = [];
  let running: Promise<unknown> | undefined;
  let syncing = false;
  let lastError: string | undefined;
  /** This instance's calls to JotForm, counted as the replies come. */
  let calls = 0;
  /** When the next round is due, and how many rounds in a row JotForm refused for its rate limit. */
  let nextPollAt = 0;
  let rateFailures = 0;
  /** The last full round of any instance, as the status said when this instance last read or wrote it. */
  let lastFullAt: string | null | undefined;
  d.jotform.onReply?.((reply) => {
    calls += 1;
    d.quota.observe(reply.limitLeft);
  });

  /** A page's submissions of this form as the columns they are stored in. */
  const mapPage = (batch: JotformSubmissionLike[]): JotformColumns[] => batch.filter((s) => String(s.form_id) === d.formId).map((s) => mapJotformSubmission(s, d.mapper));

  /** A page as read, mapped and made ready to store (its JSON written) before its transaction begins. */
  const preparePage = (batch: JotformSubmissionLike[]): PreparedImport => prepareImport(mapPage(batch), d.clockSettings);

  async function storeRows(rows: JotformColumns[] | PreparedImport, within?: WithinImport, sent?: () => void): Promise<ImportResult> {
    const result = await d.repo.upsertFromJotform(rows, d.clock.now(), d.clockSettings, within, sent);
    if (result.inserted.length > 0) for (const listener of insertedListeners) await listener(result.inserted);
    return result;
  }

  const store = (batch: JotformSubmissionLike[]): Promise<ImportResult> => storeRows(mapPage(batch));

  /**
   * Asks for rows updated after a moment in the future: none may come back. If some do, JotForm
   * ignores the filter (JotForm's API documentation shows it for created_at only) and the update pass would
   * re-read everything, so a bounded window is re-read instead. Unknown while the form is empty.
   */
  async function probeUpdatedAtFilter(hasRows: boolean): Promise<UpdatedAtFilter> {
    const future = formatJotformDateTime(new Date(d.clock.now().getTime() + 2 * 86_400_000), d.mapper.timeZone);
    for await (const _ of d.jotform.iterateSubmissions(d.formId, { filter: { 'updated_at:gt': future }, pageSize: 1 })) return 'ignored';
    return hasRows ? 'honoured' : 'unknown';
  }

  /** New submissions since the cursor, page by page; the first pull of all is the first sync, with its progress kept. */
  async function createdPass(next: Cursor, total: number | null): Promise<{ inserted: number; updated: number; complete: boolean }> {
    const first = await firstSync.running(Boolean(next.createdAfter));
    if (first) await firstSync.begin(total);
    let mark = calls;
    // The calls made by the time each page was read: the next page may be on its way while one is stored.
    const readAt: number[] = [];
    const created = await pull(
      {
        jotform: d.jotform,
        formId: d.formId,
        prepare: preparePage,
        store: storeRows,
        lease: d.lease,
        onPageRead: () => readAt.push(calls),
        // The cursor and the progress commit with the page they cover.
        onPage: async (work, cursor, page) => {
          await state.write(keys.cursor, cursor, work.tx);
          const at = readAt.shift() ?? calls;
          if (first) await firstSync.page(work, page.inserted, at - mark);
          mark = at;
        },
        mayContinue: async () => (await d.quota.plan()).budgetLeft !== 0,
      },
      next.createdAfter ? { 'created_at:gt': minusOverlap(next.createdAfter) } : {},
      next,
      'created_at',
    );
    if (first && created.complete) await firstSync.finish(calls - mark);
    return created;
  }

  async function round(kind: RoundKind): Promise<{ inserted: number; updated: number }> {
    let total: number | null = null;
    if (kind === 'full') {
      const form = await d.jotform.getForm(d.formId);
      await state.write(keys.form, { title: form.title, status: form.status ?? 'ENABLED' });
      total = form.count === undefined || Number.isNaN(Number(form.count)) ? null : Number(form.count);
    }
    const saved = (await state.read<Cursor>(keys.cursor)) ?? {};
    const next: Cursor = { ...saved };
    const created = await createdPass(next, total);
    let updated = { inserted: 0, updated: 0 };
    if (created.complete && kind === 'full') {
      if (updatedAtFilter === 'unknown') updatedAtFilter = await probeUpdatedAtFilter(Boolean(next.createdAfter));
      const deps = { jotform: d.jotform, formId: d.formId, prepare: preparePage, store: storeRows, lease: d.lease };
      if (updatedAtFilter === 'honoured' && saved.updatedAfter) {
        updated = await pull(deps, { 'updated_at:gt': minusOverlap(saved.updatedAfter) }, next, 'updated_at');
      } else if (updatedAtFilter === 'ignored') {
        const since = formatJotformDateTime(new Date(d.clock.now().getTime() - d.rereadDays * 86_400_000), d.mapper.timeZone);
        updated = await pull(deps, { 'created_at:gt': since }, { ...next }, 'created_at');
      }
      await state.remove(keys.refresh);
    }
    if (created.complete && !saved.updatedAfter && !next.updatedAfter) next.updatedAfter = next.createdAfter;
    if (next.createdAfter !== saved.createdAfter || next.updatedAfter !== saved.updatedAfter) await state.write(keys.cursor, next);
    return { inserted: created.inserted + updated.inserted, updated: updated.updated };
  }

  async function recordStatus(kind: RoundKind, outcome: SyncStatus['outcome'], counts: { inserted: number; updated: number }, error: string | null, roundCalls: number): Promise<void> {
    try {
      const quota = await d.quota.pollDone(roundCalls);
      const plan = await d.quota.plan();
      const now = d.clock.now();
      if (kind === 'full' && outcome === 'ok') lastFullAt = now.toISOString();
      const status: SyncStatus = {
        at: now.toISOString(),
        outcome,
        ...counts,
        error,
        limitLeft: d.jotform.limitLeft?.() ?? null,
        updatedAtFilter,
        round: kind,
        calls: roundCalls,
        lastFullAt: lastFullAt ?? null,
        intervalSeconds: Math.round(plan.intervalMs / 1000),
        callsPerPoll: Math.round(plan.callsPerPoll * 100) / 100,
        callsToday: plan.day.calls,
        dailyLimit: plan.dailyLimit,
        quota,
      };
      await state.write(keys.status, status);
    } catch (err) {
      d.logger?.warn({ err }, 'could not record the JotForm poll status');
    }
  }

  /** One round of either kind, logged and recorded; 'busy' when this instance is already pulling. */
  async function runRound(kind: RoundKind): Promise<{ inserted: number; updated: number } | 'busy'> {
    if (syncing) return 'busy';
    syncing = true;
    const before = calls;
    try {
      const result = await round(kind);
      const { inserted, updated } = result;
      if (inserted + updated > 0) await d.log.success('JotForms', `Synced ${inserted} new and ${updated} updated submission(s) from JotForm`);
      await recordStatus(kind, 'ok', result, null, calls - before);
      lastError = undefined;
      return result;
    } catch (err) {
      const message = databaseFailure(err) ?? (err instanceof Error ? err.message : String(err));
      // One log entry per distinct failure, not one per poll while JotForm stays down.
      if (message !== lastError) await d.log.error('JotForms', `JotForm sync failed: ${message}`);
      await recordStatus(kind, 'failed', { inserted: 0, updated: 0 }, message, calls - before);
      lastError = message;
      d.logger?.warn({ err }, 'JotForm sync failed');
      throw err;
    } finally {
      syncing = false;
    }
  }

  /** A full round is due after an hour, after a webhook flagged the form, and until the first one has run. */
  async function kindDue(): Promise<RoundKind> {
    if (lastFullAt === undefined) {
      // Once per instance: what the last poll of any instance found, so a restart does not probe again.
      const status = await state.read<SyncStatus>(keys.status);
      if (updatedAtFilter === 'unknown' && status && status.updatedAtFilter !== 'unknown') updatedAtFilter = status.updatedAtFilter;
      lastFullAt = status?.lastFullAt ?? null;
    }
    const last = lastFullAt ? Date.parse(lastFullAt) : 0;
    if (updatedAtFilter === 'unknown' || d.clock.now().getTime() - last >= refreshMs) return 'full';
    return (await state.read<boolean>(keys.refresh)) ? 'full' : 'light';
  }

  const webhook = createWebhookIntake({ ...d, store, flagRefresh: () => state.write(keys.refresh, true) });

  const sync = {
    /** Runs `listener` with the ids of submissions seen for the first time, after they are stored. */
    onInserted(listener: (ids: string[]) => Promise<void>): void {
      insertedListeners.push(listener);
    },

    /** One full round now: the form, new and edited submissions; 'busy' when this instance is already pulling. */
    syncOnce: () => runRound('full'),

    /**
     * One look of the poll: only the lease holder polls, and only once its round is due. The next
     * round is paced by today's share of JotForm's quota; while JotForm refuses for its quota, or
     * the share is spent, nothing is asked until the reset; while it limits its rate, the pause
     * doubles (at most an hour).
     */
    async tick(): Promise<TickOutcome> {
      if (d.lease && !(await d.lease.acquire())) return 'follower';
      const now = d.clock.now().getTime();
      if (now < nextPollAt) return 'waiting';
      const before = await d.quota.plan();
      if (before.budgetLeft === 0) {
        nextPollAt = before.resetsAt.getTime() + 1_000;
        return 'paused';
      }
      let outcome: TickOutcome = 'polled';
      try {
        await runRound(await kindDue());
        rateFailures = 0;
      } catch (err) {
        outcome = 'failed';
        if (err instanceof JotformError && err.kind === 'rate_limited') {
          rateFailures += 1;
          nextPollAt = d.clock.now().getTime() + Math.min(d.minIntervalMs * 2 ** rateFailures, MAX_RATE_BACKOFF_MS);
          return outcome;
        }
      }
      const plan = await d.quota.plan();
      nextPollAt = d.clock.now().getTime() + plan.intervalMs;
      const left = plan.day.limitLeft;
      if (left !== null && plan.dailyLimit !== null) {
        await d.quotaAlert?.({ day: plan.day.day, limitLeft: left, dailyLimit: plan.dailyLimit, resetsAt: plan.resetsAt }).catch((err: unknown) => d.logger?.warn({ err }, 'could not queue the JotForm quota warning'));
      }
      return outcome;
    },

    /** How long until this instance's next round is due (0: now). */
    nextPollInMs: (): number => Math.max(0, nextPollAt - d.clock.now().getTime()),

    syncSubmission: webhook.syncSubmission,
    checkWebhookSecret: webhook.checkWebhookSecret,
    submissionIdOf: webhook.submissionIdOf,

    /** The last poll of any instance, as recorded in the database; null before the first. */
    status: () => state.read<SyncStatus>(keys.status).then((v) => v ?? null),

    /** The first sync's progress; null when none was recorded. */
    firstSync: () => firstSync.status(),

    formTitle: () => webhook.formTitle(keys.form, state),

    /** Looks every `intervalSeconds` (SYNC_INTERVAL), or sooner when a round is due sooner. */
    start(intervalSeconds: number): void {
      stopped = false;
      const look = () => {
        // A round still running (a long first pull) is not doubled by the next look.
        running ??= sync
          .tick()
          .catch((err: unknown) => d.logger?.warn({ err }, 'JotForm poll round failed'))
          .finally(() => {
            running = undefined;
            if (stopped) return;
            timer = setTimeout(look, Math.max(1_000, Math.min(intervalSeconds * 1000, sync.nextPollInMs())));
            timer.unref();
          });
      };
      look();
    },

    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await d.lease?.release().catch(() => undefined);
    },
  };
  return sync;
}
export type SubmissionSync = ReturnType<typeof createSubmissionSync>;
