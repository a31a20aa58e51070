import type { Queryable } from '../../db/client.ts';
import type { ReportingRepo } from '../reporting/index.ts';
import { findSubmission } from '../submissions/index.ts';
import type { ClosureRepo } from './closure.repo.ts';

/**
 * What the investigation signature signs: the current investigation record as stored (a new record
 * replaces it, so a signature of the one before no longer matches).
 */
export async function investigationSnapshot(repo: ClosureRepo, q: Queryable, submissionId: string) {
  const row = await repo.investigationRow(q, submissionId);
  return row ? { submissionId, investigation: { ...row, id: String(row.id) } } : null;
}

/**
 * What the closing signature signs: the closed record — the close and its summary, the current
 * decision, investigation and reply, the reports filed, the transfer and the complaint's answers.
 * Reopening (or JotForm changing the answers) makes it no longer match.
 */
export async function closureSnapshot(repo: ClosureRepo, reporting: Pick<ReportingRepo, 'currentDecision' | 'filed'>, q: Queryable, submissionId: string) {
  const row = await findSubmission(q, submissionId);
  if (!row?.closedAt) return { submissionId, closed: false };
  // One after another: `q` may be a transaction, one connection.
  const close = await repo.lastEvent(q, submissionId);
  const decision = await reporting.currentDecision(q, submissionId);
  const investigation = await repo.investigationRow(q, submissionId);
  const reply = await repo.replyRow(q, submissionId);
  const reports = await reporting.filed(q, submissionId);
  return {
    submissionId,
    closedAt: row.closedAt,
    close: close && { id: String(close.id), text: close.text, at: close.at, byId: close.byId },
    decision,
    investigation: investigation && { ...investigation, id: String(investigation.id) },
    reply: reply && { ...reply, id: String(reply.id) },
    reports: [...reports].sort((a, b) => a.id - b.id).map((r) => ({ ...r, id: String(r.id) })),
    transfer: { status: row.submissionStatus, chNumber: row.chNumber, arenaGuid: row.arenaGuid },
    answers: row.answers,
  };
}
