import { CODING_ERRORS, type ImdrfAnnex, type ImdrfCodes, type SubmissionCode } from '#shared/contract/imdrf';
import type { Db } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, NotFound } from '../../lib/errors.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { findSubmission, refuseClosed } from '../submissions/index.ts';
import { type StoredCode, addCodes, codesOf, removeCodes } from './imdrf.repo.ts';
import type { Terminology } from './terminology.ts';

/** The audit action of a change of a complaint's codes. */
export const CODING_ACTION = 'code';

/** A code the terminology does not have, or has but marks not selectable: refused with which. */
export class CodeRefused extends AppError {
  constructor(code: string, message: string) {
    super(400, code, message);
  }
}

export interface ImdrfDeps {
  db: Db;
  uow: UnitOfWork;
  clock: Clock;
  log: SystemLog;
  terminology: Terminology;
  /** Told after a complaint's codes changed and committed (trends evaluates its signal rules then). */
  coded?: (() => void) | undefined;
}

/** "A0401 Break, E1302 Blister": codes as the history and the register write them. */
export const codesText = (codes: readonly string[], t: Terminology): string => codes.map((c) => `${c} ${t.get(c)?.term ?? ''}`.trim()).join(', ');

/** Searching the shipped IMDRF terminology and coding complaints with it (docs/features/coding.md). */
export function createImdrfService(d: ImdrfDeps) {
  const t = d.terminology;
  const reply = (rows: StoredCode[]): SubmissionCode[] =>
    rows.map((r) => ({
      code: r.code,
      term: t.get(r.code)?.term ?? r.code,
      annex: r.annex,
      release: r.release,
      codedBy: r.codedById ? { id: r.codedById, name: r.codedByName ?? r.codedByEmail ?? r.codedById, email: r.codedByEmail ?? '' } : null,
      codedAt: r.codedAt.toISOString(),
    }));

  /** The codes asked for, each known and selectable, upper-cased and once each; else the first refusal. */
  function check(codes: readonly string[]): { code: string; annex: ImdrfAnnex }[] {
    const out = new Map<string, ImdrfAnnex>();
    for (const raw of codes) {
      const code = raw.trim().toUpperCase();
      const term = t.get(code);
      if (!term) throw new CodeRefused(CODING_ERRORS.unknown, `${code} is not a code of the IMDRF terminology the portal ships (${t.release}).`);
      if (!term.selectable) throw new CodeRefused(CODING_ERRORS.notSelectable, `${code} (${term.term}) cannot be chosen: pick a more specific term under it, or one that is not retired.`);
      out.set(code, term.annex);
    }
    return [...out].map(([code, annex]) => ({ code, annex }));
  }

  return {
    search(text: string | undefined, opts: { annex?: ImdrfAnnex | undefined; limit: number }): ImdrfCodes {
      return t.search(text, opts);
    },

    async list(id: string): Promise<SubmissionCode[]> {
      const row = await findSubmission(d.db, id);
      if (!row) throw new NotFound('Submission not found.');
      return reply(await codesOf(d.db, row.id));
    },

    /**
     * Sets the complaint's codes to `codes`: codes added are recorded with the shipped release and
     * the coder, codes kept keep theirs, codes left out are removed; one audit entry says what the
     * set was and became. The same set again writes nothing.
     */
    async set(who: AuthUser, id: string, codes: readonly string[]): Promise<SubmissionCode[]> {
      const wanted = check(codes);
      const r = await d.uow(async (work) => {
        const row = await findSubmission(work.tx, id, true);
        if (!row) throw new NotFound('Submission not found.');
        refuseClosed(row);
        const current = await codesOf(work.tx, row.id);
        const had = new Set(current.map((c) => c.code));
        const want = new Set(wanted.map((c) => c.code));
        const added = wanted.filter((c) => !had.has(c.code));
        const removed = current.filter((c) => !want.has(c.code)).map((c) => c.code);
        if (!added.length && !removed.length) return { codes: current, wrote: false, id: row.id };
        const at = d.clock.now();
        await removeCodes(work.tx, row.id, removed);
        await addCodes(work.tx, added.map((c) => ({ submissionId: row.id, code: c.code, annex: c.annex, release: t.release, codedById: who.id, codedByEmail: who.email, codedAt: at })));
        await work.audit({
          actor: who,
          entity: 'submission',
          entityId: row.id,
          action: CODING_ACTION,
          before: { codes: codesText([...had].sort(), t) },
          after: { codes: codesText([...want].sort(), t), ...(added.length ? { release: t.release } : {}) },
        });
        return { codes: await codesOf(work.tx, row.id), wrote: true, id: row.id };
      });
      if (r.wrote) {
        await d.log.success('JotForms', `IMDRF codes of submission ${r.id} set by ${who.email}: ${r.codes.map((c) => c.code).join(', ') || 'none'}`);
        d.coded?.();
      }
      return reply(r.codes);
    },
  };
}
export type ImdrfService = ReturnType<typeof createImdrfService>;
