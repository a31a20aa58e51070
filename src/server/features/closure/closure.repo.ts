import { desc, eq } from 'drizzle-orm';
import type { ClosureEvent, Investigation, Reply } from '#shared/contract/closure';
import type { Queryable } from '../../db/client.ts';
import { closureEvents, complaintReplies, investigations, submissions, users } from '../../db/schema/index.ts';
import { actorOf } from '../../lib/audit.ts';

type InvestigationRow = typeof investigations.$inferSelect;
type ReplyRow = typeof complaintReplies.$inferSelect;
type By = { byId: string; byEmail: string };

/** Investigations, replies and the closes and reopens of complaints: queries only, each on the connection or transaction given. */
export function createClosureRepo() {
  const i = investigations;
  const r = complaintReplies;
  const e = closureEvents;
  return {
    /** The current investigation record as stored (the newest), or undefined. */
    async investigationRow(q: Queryable, submissionId: string): Promise<InvestigationRow | undefined> {
      const [row] = await q.select().from(i).where(eq(i.submissionId, submissionId)).orderBy(desc(i.at), desc(i.id)).limit(1);
      return row;
    },
    async replyRow(q: Queryable, submissionId: string): Promise<ReplyRow | undefined> {
      const [row] = await q.select().from(r).where(eq(r.submissionId, submissionId)).orderBy(desc(r.at), desc(r.id)).limit(1);
      return row;
    },
    /** The latest close or reopen as stored. */
    async lastEvent(q: Queryable, submissionId: string) {
      const [row] = await q.select().from(e).where(eq(e.submissionId, submissionId)).orderBy(desc(e.at), desc(e.id)).limit(1);
      return row;
    },
    /** The current investigation with its recorder as the user is now. */
    async investigation(q: Queryable, submissionId: string): Promise<Investigation | null> {
      const [row] = await q.select({ row: i, name: users.name, email: users.email }).from(i).leftJoin(users, eq(users.id, i.byId)).where(eq(i.submissionId, submissionId)).orderBy(desc(i.at), desc(i.id)).limit(1);
      if (!row) return null;
      const { id, outcome, summary, result, reason, at, byId, byEmail } = row.row;
      return { id: String(id), outcome, summary, result, reason, at: at.toISOString(), decidedBy: actorOf(byId, byEmail, row) };
    },
    async reply(q: Queryable, submissionId: string): Promise<Reply | null> {
      const [row] = await q.select({ row: r, name: users.name, email: users.email }).from(r).leftJoin(users, eq(users.id, r.byId)).where(eq(r.submissionId, submissionId)).orderBy(desc(r.at), desc(r.id)).limit(1);
      if (!row) return null;
      const { id, outcome, repliedOn, channel, text, reason, at, byId, byEmail } = row.row;
      return { id: String(id), outcome, repliedOn, channel, text, reason, at: at.toISOString(), recordedBy: actorOf(byId, byEmail, row) };
    },
    /** Every close and reopen, newest first. */
    async events(q: Queryable, submissionId: string): Promise<ClosureEvent[]> {
      const rows = await q.select({ row: e, name: users.name, email: users.email }).from(e).leftJoin(users, eq(users.id, e.byId)).where(eq(e.submissionId, submissionId)).orderBy(desc(e.at), desc(e.id));
      return rows.map(({ row, ...now }) => ({ action: row.action, text: row.text, at: row.at.toISOString(), by: actorOf(row.byId, row.byEmail, now) }));
    },
    addInvestigation: async (tx: Queryable, v: typeof i.$inferInsert & By) => {
      await tx.insert(i).values(v);
    },
    addReply: async (tx: Queryable, v: typeof r.$inferInsert & By) => {
      await tx.insert(r).values(v);
    },
    /** Closes (a time) or reopens (null) the complaint, with the event that says so. */
    async setClosed(tx: Queryable, submissionId: string, closedAt: Date | null, event: { action: 'close' | 'reopen'; text: string; at: Date } & By) {
      const [row] = await tx.update(submissions).set({ closedAt, modifiedAt: event.at }).where(eq(submissions.id, submissionId)).returning();
      await tx.insert(e).values({ submissionId, ...event });
      return row!;
    },
  };
}
export type ClosureRepo = ReturnType<typeof createClosureRepo>;
