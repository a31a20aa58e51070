import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { databaseFailure } from '../../db/errors.ts';
import type { Lease } from '../../db/lease.ts';
import { syncState } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { JotformError } from '../../connectors/jotform/jotform-error.ts';
import { formatJotformDateTime } from '../../connectors/jotform/jotform-time.ts';
import { AppError, Invalid, NotFound, Upstream } from '../../lib/errors.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import { type JotformSubmissionLike, type MapperOptions, mapJotformSubmission } from './submission-mapper.ts';
import type { JotformImportRepo } from './jotform-import.repo.ts';
import type { ReportingSettings } from '../reporting/index.ts';

/** What the sync needs of the JotForm connector. */
export interface JotformSource {
  getForm(formId: string): Promise<{ title: string; status?: string | undefined }>;
  iterateSubmissions(formId: string, opts: { filter?: Record<string, string>; orderby?: 'created_at' | 'updated_at'; direction?: 'ASC' | 'DESC'; pageSize?: number }): AsyncIterable<JotformSubmissionLike>;
  getSubmission(id: string): Promise<JotformSubmissionLike>;
  /** JotForm's `limit-left` from its last answer: calls left today. */
  limitLeft?(): number | null;
}

/** Whether the API honours the `updated_at` filter the update pass relies on (probed, not assumed). */
export type UpdatedAtFilter = 'honoured' | 'ignored' | 'unknown';

/** The last poll, kept in the database so every instance can show it. */
export interface SyncStatus {
  at: string;
  outcome: 'ok' | 'failed';
  inserted: number;
  updated: number;
  error: string | null;
  limitLeft: number | null;
  updatedAtFilter: UpdatedAtFilter;
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
  /** Where the `updated_at` filter is ignored, each poll re-reads the submissions created in this many last days. */
  rereadDays: number;
  /** Without a secret the webhook route answers 404 to everyone. */
  webhookSecret?: string | undefined;
  logger?: FastifyBaseLogger;
}

interface Cursor {
  createdAfter?: string;
  updatedAfter?: string;
}

/** Longest pause between polls while JotForm answers that its quota or rate limit is spent. */
const MAX_QUOTA_BACKOFF_MS = 60 * 60_000;
/** Re-read this much before the cursor: JotForm times have one-second resolution and no order guarantee. */
const OVERLAP_MS = 5 * 60_000;

function minusOverlap(jotformTime: string): string {
  const t = new Date(`${jotformTime.replace(' ', 'T')}Z`).getTime() - OVERLAP_MS;
  return Number.isNaN(t) ? jotformTime : new Date(t).toISOString().slice(0, 19).replace('T', ' ');
}

export function createSubmissionSync(d: SyncDeps) {
  const cursorKey = `jotform:${d.formId}:cursor`;
  const formKey = `jotform:${d.formId}:form`;
  const statusKey = `jotform:${d.formId}:status`;
  let updatedAtFilter: UpdatedAtFilter = 'unknown';
  let timer: NodeJS.Timeout | undefined;
  const insertedListeners: ((ids: string[]) => Promise<void>)[] = [];
  let running: Promise<unknown> | undefined;
  let syncing = false;
  let lastError: string | undefined;
  /** Consecutive polls JotForm refused for its quota, and the time before which none is tried. */
  let quotaFailures = 0;
  let pausedUntil = 0;

  async function readState<T>(key: string): Promise<T | undefined> {
    const [row] = await d.db.select().from(syncState).where(eq(syncState.key, key)).limit(1);
    return row?.value as T | undefined;
  }
  async function writeState(key: string, value: unknown): Promise<void> {
    const at = d.clock.now();
    await d.db.insert(syncState).values({ key, value, updatedAt: at }).onConflictDoUpdate({ target: syncState.key, set: { value, updatedAt: at } });
  }

  async function store(batch: JotformSubmissionLike[]): Promise<{ inserted: string[]; updated: string[] }> {
    const rows = batch.filter((s) => String(s.form_id) === d.formId).map((s) => mapJotformSubmission(s, d.mapper));
    const result = await d.repo.upsertFromJotform(rows, d.clock.now(), d.clockSettings);
    if (result.inserted.length > 0) for (const listener of insertedListeners) await listener(result.inserted);
    return result;
  }

  async function pull(filter: Record<string, string>, cursor: Cursor, field: 'created_at' | 'updated_at') {
    const key = field === 'created_at' ? 'createdAfter' : 'updatedAfter';
    const counts = { inserted: 0, updated: 0 };
    let batch: JotformSubmissionLike[] = [];
    const flush = async () => {
      const r = await store(batch);
      // A long pull keeps its lease alive, so no other instance starts the same pull meanwhile.
      await d.lease?.acquire();
      counts.inserted += r.inserted.length;
      counts.updated += r.updated.length;
      batch = [];
    };
    for await (const s of d.jotform.iterateSubmissions(d.formId, { filter, orderby: field, direction: 'ASC', pageSize: 1000 })) {
      batch.push(s);
      const t = s[field];
      // JotForm times are fixed-width "YYYY-MM-DD HH:MM:SS", so text order is time order.
      if (t && (!cursor[key] || t > cursor[key])) cursor[key] = t;
      if (batch.length >= 500) await flush();
    }
    await flush();
    return counts;
  }

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

  async function syncAll(): Promise<{ inserted: number; updated: number }> {
    const form = await d.jotform.getForm(d.formId);
    await writeState(formKey, { title: form.title, status: form.status ?? 'ENABLED' });
    const saved = (await readState<Cursor>(cursorKey)) ?? {};
    const next: Cursor = { ...saved };
    const created = await pull(saved.createdAfter ? { 'created_at:gt': minusOverlap(saved.createdAfter) } : {}, next, 'created_at');
    if (updatedAtFilter === 'unknown') updatedAtFilter = await probeUpdatedAtFilter(Boolean(next.createdAfter));
    let updated = { inserted: 0, updated: 0 };
    if (updatedAtFilter === 'honoured' && saved.updatedAfter) {
      updated = await pull({ 'updated_at:gt': minusOverlap(saved.updatedAfter) }, next, 'updated_at');
    } else if (updatedAtFilter === 'ignored') {
      const since = formatJotformDateTime(new Date(d.clock.now().getTime() - d.rereadDays * 86_400_000), d.mapper.timeZone);
      updated = await pull({ 'created_at:gt': since }, { ...next }, 'created_at');
    }
    if (!saved.updatedAfter && !next.updatedAfter) next.updatedAfter = next.createdAfter;
    await writeState(cursorKey, next);
    return { inserted: created.inserted + updated.inserted, updated: updated.updated };
  }

  async function recordStatus(outcome: SyncStatus['outcome'], counts: { inserted: number; updated: number }, error: string | null): Promise<void> {
    const status: SyncStatus = { at: d.clock.now().toISOString(), outcome, ...counts, error, limitLeft: d.jotform.limitLeft?.() ?? null, updatedAtFilter };
    await writeState(statusKey, status).catch((err: unknown) => d.logger?.warn({ err }, 'could not record the JotForm poll status'));
  }

  return {
    /** Runs `listener` with the ids of submissions seen for the first time, after they are stored. */
    onInserted(listener: (ids: string[]) => Promise<void>): void {
      insertedListeners.push(listener);
    },

    /** One incremental pull; 'busy' when this instance is already pulling. */
    async syncOnce(): Promise<{ inserted: number; updated: number } | 'busy'> {
      if (syncing) return 'busy';
      syncing = true;
      try {
        const result = await syncAll();
        const { inserted, updated } = result;
        if (inserted + updated > 0) await d.log.success('JotForms', `Synced ${inserted} new and ${updated} updated submission(s) from JotForm`);
        await recordStatus('ok', result, null);
        lastError = undefined;
        return result;
      } catch (err) {
        const message = databaseFailure(err) ?? (err instanceof Error ? err.message : String(err));
        // One log entry per distinct failure, not one per poll while JotForm stays down.
        if (message !== lastError) await d.log.error('JotForms', `JotForm sync failed: ${message}`);
        await recordStatus('failed', { inserted: 0, updated: 0 }, message);
        lastError = message;
        d.logger?.warn({ err }, 'JotForm sync failed');
        throw err;
      } finally {
        syncing = false;
      }
    },

    /**
     * One poll round: only the lease holder polls; while JotForm refuses for its quota or rate
     * limit, rounds are skipped with a pause that doubles each time (at most an hour).
     */
    async tick(intervalMs: number): Promise<'polled' | 'follower' | 'paused' | 'failed'> {
      if (d.lease && !(await d.lease.acquire())) return 'follower';
      if (Date.now() < pausedUntil) return 'paused';
      try {
        await this.syncOnce();
        quotaFailures = 0;
        return 'polled';
      } catch (err) {
        if (err instanceof JotformError && (err.kind === 'quota' || err.kind === 'rate_limited')) {
          quotaFailures += 1;
          pausedUntil = Date.now() + Math.min(intervalMs * 2 ** quotaFailures, MAX_QUOTA_BACKOFF_MS);
        }
        return 'failed';
      }
    },

    /** Re-fetches one submission from the API (webhooks carry no signature, so never trust their body). */
    async syncSubmission(id: string): Promise<'inserted' | 'updated' | 'ignored'> {
      let s: JotformSubmissionLike;
      try {
        s = await d.jotform.getSubmission(id);
      } catch (err) {
        // JotForm's messages are written for people and never carry the key; anything else stays inside.
        const message = err instanceof JotformError || err instanceof AppError ? err.message : 'JotForm could not be reached.';
        await d.log.error('JotForms', `Submission ${id} from a JotForm webhook could not be fetched: ${message}`);
        throw err instanceof AppError ? err : new Upstream(message);
      }
      if (String(s.form_id) !== d.formId) return 'ignored';
      const r = await store([s]);
      // Only what this delivery wrote: a repeat (JotForm retries, or posts the same one at once) changed nothing.
      if (r.inserted.length + r.updated.length > 0) await d.log.success('JotForms', `Submission ${id} ${r.inserted.length ? 'received' : 'refreshed'} from a JotForm webhook`);
      return r.inserted.length ? 'inserted' : 'updated';
    },

    checkWebhookSecret(secret: string): void {
      const a = Buffer.from(secret);
      if (!d.webhookSecret) throw new NotFound('No such endpoint.');
      const b = Buffer.from(d.webhookSecret);
      if (a.length !== b.length || !timingSafeEqual(a, b)) throw new NotFound('No such endpoint.');
    },

    submissionIdOf(body: unknown): string {
      const id = body && typeof body === 'object' ? (body as Record<string, unknown>).submissionID : undefined;
      if (typeof id !== 'string' || !/^\d{1,30}$/.test(id)) throw new Invalid('submissionID is required');
      return id;
    },

    /** The last poll of any instance, as recorded in the database; null before the first. */
    status: () => readState<SyncStatus>(statusKey).then((v) => v ?? null),

    async formTitle(): Promise<{ title: string; status: string }> {
      const stored = await readState<{ title: string; status: string }>(formKey);
      if (stored) return stored;
      let form: { title: string; status?: string | undefined };
      try {
        form = await d.jotform.getForm(d.formId);
      } catch (err) {
        await d.log.error('JotForms', `Could not read form ${d.formId} from JotForm: ${err instanceof Error ? err.message : String(err)}`);
        throw new Upstream('Failed to fetch forms');
      }
      const value = { title: form.title, status: form.status ?? 'ENABLED' };
      await writeState(formKey, value);
      return value;
    },

    start(intervalSeconds: number): void {
      const round = () => {
        // A round still running (a long first pull) is not doubled by the next tick.
        running ??= this.tick(intervalSeconds * 1000)
          .catch((err: unknown) => d.logger?.warn({ err }, 'JotForm poll round failed'))
          .finally(() => (running = undefined));
      };
      round();
      timer = setInterval(round, intervalSeconds * 1000);
      timer.unref();
    },

    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      await running;
      await d.lease?.release().catch(() => undefined);
    },
  };
}
export type SubmissionSync = ReturnType<typeof createSubmissionSync>;
