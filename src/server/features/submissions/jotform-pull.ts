import type { Lease } from '../../db/lease.ts';
import type { ImportResult, WithinImport } from './jotform-import.repo.ts';
import type { JotformSubmissionLike } from './submission-mapper.ts';

/** JotForm's largest page: the fewest calls against the daily quota. */
export const PAGE_SIZE = 1000;

/** Where the poll has read up to, in JotForm's account time ("YYYY-MM-DD HH:MM:SS"). */
export interface Cursor {
  createdAfter?: string;
  updatedAfter?: string;
}

export interface PullSource {
  iterateSubmissions(formId: string, opts: { filter?: Record<string, string>; orderby?: 'created_at' | 'updated_at'; direction?: 'ASC' | 'DESC'; pageSize?: number }): AsyncIterable<JotformSubmissionLike>;
}

export interface PullDeps<Page> {
  jotform: PullSource;
  formId: string;
  /**
   * Turns a page as read into what `store` takes (maps each submission to its columns), as soon as
   * the page is read: while the page before it is still being written, not after.
   */
  prepare(batch: JotformSubmissionLike[]): Page;
  /**
   * Stores a prepared page; `within` runs in the page's own transaction. `sent`, when given, is
   * called once the page's rows are on their way to the database (its one large statement sent):
   * the next page is asked for then, so JotForm's reply and its preparation overlap the database's
   * work on this page rather than the page's smaller statements before it.
   */
  store(page: Page, within?: WithinImport, sent?: () => void): Promise<ImportResult>;
  /** Renewed after every page: a long pull keeps its lease, so no other instance starts the same pull. */
  lease?: Lease | undefined;
  /**
   * In every page's transaction: the cursor as it stands with the page, and what the page brought.
   * What it writes on `work.tx` commits with the page's rows or not at all, so a stop anywhere
   * leaves a cursor that covers exactly the pages stored.
   */
  onPage?(work: Parameters<WithinImport>[0], cursor: Cursor, page: { inserted: number; updated: number }): Promise<void>;
  /** A page was read (its call made): called in the order the pages are stored. */
  onPageRead?(): void;
  /** Whether another page may be asked for (today's share of JotForm's quota); asked before each page after the first. */
  mayContinue?(): Promise<boolean>;
}

export interface PullResult {
  inserted: number;
  updated: number;
  /** False when it stopped before the newest submission (the quota): the next pull goes on from the cursor. */
  complete: boolean;
}

/**
 * Reads the submissions matching `filter` oldest first, a page of 1,000 at a time, and stores each
 * page in turn, moving `cursor` (its `field`) to the newest time stored. The next page is asked
 * for while a page is being stored (one page ahead, no more), as soon as the page's rows are sent
 * to the database, and prepared as soon as it comes: JotForm's reply and the portal's work on it
 * overlap the database's insert of the page before, not the page's short statements around it. The
 * cursor handed to `onPage` covers only the pages stored, and is written in the transaction of the
 * page it covers, so a stop loses nothing and repeats nothing.
 */
export async function pull<Page>(d: PullDeps<Page>, filter: Record<string, string>, cursor: Cursor, field: 'created_at' | 'updated_at'): Promise<PullResult> {
  const key = field === 'created_at' ? 'createdAfter' : 'updatedAfter';
  const counts = { inserted: 0, updated: 0 };
  const submissions = d.jotform.iterateSubmissions(d.formId, { filter, orderby: field, direction: 'ASC', pageSize: PAGE_SIZE })[Symbol.asyncIterator]();
  /** The next page: up to 1,000 submissions, prepared for storing, and whether JotForm has more. */
  const readPage = async (): Promise<{ batch: JotformSubmissionLike[]; page: Page; more: boolean }> => {
    const batch: JotformSubmissionLike[] = [];
    let more = true;
    while (batch.length < PAGE_SIZE) {
      const next = await submissions.next();
      if (next.done) {
        more = false;
        break;
      }
      batch.push(next.value);
    }
    if (batch.length > 0) d.onPageRead?.();
    return { batch, page: d.prepare(batch), more };
  };
  let ahead = readPage();
  for (;;) {
    const { batch, page, more } = await ahead;
    // Today's share of JotForm's quota is asked before each page after the first.
    const goOn = more && (!d.mayContinue || (await d.mayContinue()));
    let asked = false;
    /** Asks for the next page, once: when this page's rows are sent to the database, else when it is stored. */
    const askNext = () => {
      if (!goOn || asked) return;
      asked = true;
      ahead = readPage();
      // Awaited on the next turn; a failure while this page is stored must not go unhandled meanwhile.
      ahead.catch(() => undefined);
    };
    if (batch.length > 0) {
      for (const s of batch) {
        const t = s[field];
        // JotForm times are fixed-width "YYYY-MM-DD HH:MM:SS", so text order is time order.
        if (t && (!cursor[key] || t > cursor[key])) cursor[key] = t;
      }
      const covered = { ...cursor };
      const onPage = d.onPage;
      const r = await d.store(page, onPage && ((work, stored) => onPage(work, covered, { inserted: stored.inserted.length, updated: stored.updated.length })), askNext);
      await d.lease?.acquire();
      counts.inserted += r.inserted.length;
      counts.updated += r.updated.length;
    }
    askNext();
    if (!more) return { ...counts, complete: true };
    if (!goOn) return { ...counts, complete: false };
  }
}
