import type { FastifyBaseLogger } from 'fastify';
import type { FirstSync } from '#shared/contract/integrations';
import type { Tx } from '../../db/client.ts';
import type { Work } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import type { SyncState } from './sync-state.ts';

/** The first sync's progress as kept in the database (the API shows part of it). */
export interface FirstSyncRecord extends FirstSync {
  /** When this run of it began: a restart goes on from the stored cursor. */
  resumedAt: string;
  importedAtResume: number;
}

const n = (x: number) => x.toLocaleString('en-US');
const callsText = (x: number) => `${n(x)} ${x === 1 ? 'call' : 'calls'}`;

/** "4 minutes", "1.5 hours" */
function duration(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} seconds`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} minutes`;
  return `${(seconds / 3600).toFixed(1).replace(/\.0$/, '')} hours`;
}

/**
 * The first pull of a form's submissions, which may be years of them: pages of 1,000, its progress
 * (imported of total, calls used, time left at this run's pace) in the database after every page,
 * and in the system log when it begins, at each tenth and when it ends.
 */
export function createFirstSync(d: { state: SyncState; key: string; clock: Clock; log: SystemLog; logger?: FastifyBaseLogger | undefined }) {
  let record: FirstSyncRecord | null | undefined;

  async function current(): Promise<FirstSyncRecord | null> {
    if (record === undefined) record = (await d.state.read<FirstSyncRecord>(d.key)) ?? null;
    return record;
  }
  const save = async (r: FirstSyncRecord) => {
    record = r;
    await d.state.write(d.key, r);
  };
  /** The tenth of the way the import has reached (or its ten-thousands when the total is unknown). */
  const mark = (r: FirstSyncRecord, imported: number) => (r.total ? Math.floor((10 * imported) / r.total) : Math.floor(imported / 10_000));

  return {
    /** Whether the pull about to run is (part of) the first sync: none finished, and no cursor from before this record. */
    async running(hasCursor: boolean): Promise<boolean> {
      const r = await current();
      return r ? !r.done : !hasCursor;
    },

    /** Starts it, or resumes it after a restart or a pause for the quota. */
    async begin(total: number | null): Promise<void> {
      const r = await current();
      const now = d.clock.now().toISOString();
      if (!r) {
        await save({ total, imported: 0, calls: 0, startedAt: now, resumedAt: now, importedAtResume: 0, secondsLeft: null, done: false, doneAt: null });
        const calls = total === null ? '' : `, about ${n(Math.ceil(total / 1000) + 1)} calls`;
        await d.log.success('JotForms', `First sync from JotForm started: ${total === null ? 'the form did not say how many' : n(total)} submissions to import, 1,000 a page${calls}`);
        return;
      }
      if (r.done || r.resumedAt === now) return;
      await save({ ...r, total: total ?? r.total, resumedAt: now, importedAtResume: r.imported, secondsLeft: null });
      await d.log.success('JotForms', `First sync from JotForm resumed from its stored cursor: ${n(r.imported)}${r.total ? ` of ${n(r.total)}` : ''} submissions imported so far`);
    },

    /**
     * One page stored: `inserted` new submissions, `calls` calls to JotForm since the last page.
     * Written in the page's transaction: the progress counts exactly the pages committed.
     */
    async page(work: { tx: Tx; afterCommit: Work['afterCommit'] }, inserted: number, calls: number): Promise<void> {
      const r = await current();
      if (!r || r.done) return;
      const imported = r.imported + inserted;
      const elapsed = (d.clock.now().getTime() - Date.parse(r.resumedAt)) / 1000;
      const thisRun = imported - r.importedAtResume;
      const secondsLeft = r.total && thisRun > 0 && elapsed > 0 ? Math.max(0, ((r.total - imported) * elapsed) / thisRun) : null;
      const next = { ...r, imported, calls: r.calls + calls, secondsLeft };
      await d.state.write(d.key, next, work.tx);
      // Kept here only once the page commits: a page rolled back leaves the progress as it was.
      work.afterCommit(async () => {
        record = next;
        d.logger?.info({ imported, total: r.total, calls: next.calls }, 'first sync from JotForm: a page stored');
      });
      if (mark(next, imported) > mark(r, r.imported) && (!r.total || imported < r.total)) {
        const left = secondsLeft === null ? '' : `, about ${duration(secondsLeft)} left`;
        await d.log.success('JotForms', `First sync from JotForm: ${n(imported)}${r.total ? ` of ${n(r.total)}` : ''} submissions imported, ${callsText(next.calls)}${left}`, work.tx);
      }
    },

    /** The pull reached the newest submission. */
    async finish(calls: number): Promise<void> {
      const r = await current();
      if (!r || r.done) return;
      const doneAt = d.clock.now();
      const seconds = (doneAt.getTime() - Date.parse(r.startedAt)) / 1000;
      await save({ ...r, calls: r.calls + calls, done: true, doneAt: doneAt.toISOString(), secondsLeft: null });
      await d.log.success('JotForms', `First sync from JotForm done: ${n(r.imported)} submissions imported in ${callsText(r.calls + calls)}, ${duration(seconds)}`);
    },

    status: current,
  };
}
