import { and, asc, desc, eq, gte, isNull, lte, ne, sql } from 'drizzle-orm';
import type { RuleFields, SignalRuleBody, TrendRow, TrendTotal } from '#shared/contract/trends';
import type { Queryable } from '../../db/client.ts';
import { complaintCodeDayCounts, complaintCodeMonthCounts, complaintDayCounts, signalRules, trendSignals, users } from '../../db/schema/index.ts';

export type RuleRow = typeof signalRules.$inferSelect;
export type SignalRow = typeof trendSignals.$inferSelect;

/** The rule's own fields (what a signal keeps of it). */
export function ruleFields(r: Pick<RuleRow, 'kind' | 'product' | 'code' | 'windowDays' | 'count' | 'factor' | 'minCount'>): RuleFields {
  return { kind: r.kind, product: r.product, code: r.code, windowDays: r.windowDays, count: r.count, factor: r.factor, minCount: r.minCount };
}

/** A rule body as its columns: the fields of the other kind are null. */
export function ruleColumns(b: SignalRuleBody) {
  const code = b.code ?? null;
  return b.kind === 'count'
    ? { kind: b.kind, product: b.product, code, windowDays: b.windowDays, count: b.count, factor: null, minCount: null }
    : { kind: b.kind, product: b.product, code, windowDays: null, count: null, factor: b.factor, minCount: b.minCount };
}

const month = (col: typeof complaintCodeMonthCounts.month) => sql<string>`to_char(${col}, 'YYYY-MM')`;
/** An empty product or code in a count table stands for none; the API says null. */
const orNull = (v: string) => (v === '' ? null : v);

/**
 * Counts from the count tables (the trend's from the monthly ones, the rules' windows from the
 * per-day ones), the rules and their signals.
 */
export function createTrendsRepo() {
  const p = complaintDayCounts;
  const c = complaintCodeDayCounts;
  const m = complaintCodeMonthCounts;
  return {
    /**
     * Complaints per month × product × code between two days (both included): `from` a month's
     * first day, `to` its last. A row of the monthly table is one month, product and code already:
     * read in its key's order, nothing summed.
     */
    async rows(q: Queryable, formId: string, from: string, to: string, f: { product?: string | undefined; code?: string | undefined }): Promise<TrendRow[]> {
      const rows = await q
        .select({ month: month(m.month), product: m.product, code: m.code, count: m.n })
        .from(m)
        .where(and(eq(m.formId, formId), gte(m.month, from), lte(m.month, to), f.product !== undefined ? eq(m.product, f.product) : undefined, f.code !== undefined ? eq(m.code, f.code) : undefined, ne(m.n, 0)))
        .orderBy(asc(m.month), asc(m.product), asc(m.code));
      return rows.map((r) => ({ month: r.month, product: orNull(r.product), code: orNull(r.code), count: r.count }));
    },

    /**
     * Complaints per month × product, each once (with a code: those with that code), between a
     * month's first day and a month's last: a row of a monthly table each.
     */
    async totals(q: Queryable, formId: string, from: string, to: string, f: { product?: string | undefined; code?: string | undefined }): Promise<TrendTotal[]> {
      const rows =
        f.code !== undefined
          ? await q
              .select({ month: month(m.month), product: m.product, count: m.n })
              .from(m)
              .where(and(eq(m.formId, formId), eq(m.code, f.code), gte(m.month, from), lte(m.month, to), f.product !== undefined ? eq(m.product, f.product) : undefined, ne(m.n, 0)))
              .orderBy(asc(m.month), asc(m.product))
          : await q
              .select({ month: sql<string>`to_char(${p.day}, 'YYYY-MM')`, product: p.product, count: sql<number>`sum(n)::int`.mapWith(Number) })
              .from(p)
              .where(and(eq(p.formId, formId), gte(p.day, from), lte(p.day, to), f.product !== undefined ? eq(p.product, f.product) : undefined))
              .groupBy(sql`1`, p.product)
              .having(sql`sum(n) <> 0`)
              .orderBy(sql`1`, asc(p.product));
      return rows.map((r) => ({ month: r.month, product: orNull(r.product), count: r.count }));
    },

    /** The products named on complaints between a month's first day and a month's last, for the filter (a row per month and product). */
    async products(q: Queryable, formId: string, from: string, to: string): Promise<string[]> {
      const rows = await q.selectDistinct({ v: p.product }).from(p).where(and(eq(p.formId, formId), gte(p.day, from), lte(p.day, to), ne(p.product, ''), ne(p.n, 0))).orderBy(asc(p.product));
      return rows.map((r) => r.v);
    },

    /** Complaints of a product (and code) whose become-aware date lies between two days, both included. */
    async count(q: Queryable, formId: string, product: string, code: string | null, from: string, to: string): Promise<number> {
      const [row] =
        code === null
          ? await q.select({ n: sql<number>`coalesce(sum(n), 0)::int`.mapWith(Number) }).from(p).where(and(eq(p.formId, formId), eq(p.product, product), gte(p.day, from), lte(p.day, to)))
          : await q.select({ n: sql<number>`coalesce(sum(n), 0)::int`.mapWith(Number) }).from(c).where(and(eq(c.formId, formId), eq(c.product, product), eq(c.code, code), gte(c.day, from), lte(c.day, to)));
      return row?.n ?? 0;
    },

    /** The rules not removed, by product, code and id, with their creator as the user is now, and whether a signal of theirs holds. */
    async rules(q: Queryable) {
      return q
        .select({ rule: signalRules, name: users.name, email: users.email, firing: sql<boolean>`exists (select 1 from trend_signals s where s.rule_id = ${signalRules.id} and s.cleared_at is null)` })
        .from(signalRules)
        .leftJoin(users, eq(users.id, signalRules.createdById))
        .where(isNull(signalRules.deletedAt))
        .orderBy(asc(signalRules.product), asc(signalRules.code), asc(signalRules.id));
    },
    async rule(q: Queryable, id: number, lock = false): Promise<RuleRow | undefined> {
      const query = q.select().from(signalRules).where(and(eq(signalRules.id, id), isNull(signalRules.deletedAt)));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },
    async insertRule(tx: Queryable, v: typeof signalRules.$inferInsert): Promise<RuleRow> {
      const [row] = await tx.insert(signalRules).values(v).returning();
      return row!;
    },
    async updateRule(tx: Queryable, id: number, v: Partial<typeof signalRules.$inferInsert>): Promise<RuleRow> {
      const [row] = await tx.update(signalRules).set(v).where(eq(signalRules.id, id)).returning();
      return row!;
    },

    /** The signal of a rule that still holds, if any. */
    async holding(q: Queryable, ruleId: number): Promise<SignalRow | undefined> {
      const [row] = await q.select().from(trendSignals).where(and(eq(trendSignals.ruleId, ruleId), isNull(trendSignals.clearedAt)));
      return row;
    },
    /** Records a signal unless one of the rule's already holds (another instance's evaluation): the row, or undefined. */
    async fire(tx: Queryable, v: typeof trendSignals.$inferInsert): Promise<SignalRow | undefined> {
      const [row] = await tx.insert(trendSignals).values(v).onConflictDoNothing().returning();
      return row;
    },
    /** Clears the rule's holding signal; the row cleared, or undefined when none held. */
    async clear(tx: Queryable, ruleId: number, at: Date): Promise<SignalRow | undefined> {
      const [row] = await tx.update(trendSignals).set({ clearedAt: at }).where(and(eq(trendSignals.ruleId, ruleId), isNull(trendSignals.clearedAt))).returning();
      return row;
    },
    /** Signals fired between two days, newest first; `holdingOnly`: those that still hold. */
    async signals(q: Queryable, formId: string, f: { from?: string; to?: string; holdingOnly?: boolean }): Promise<SignalRow[]> {
      const s = trendSignals;
      return q
        .select()
        .from(s)
        .where(and(eq(s.formId, formId), f.from ? gte(s.firedOn, f.from) : undefined, f.to ? lte(s.firedOn, f.to) : undefined, f.holdingOnly ? isNull(s.clearedAt) : undefined))
        .orderBy(desc(s.firedAt), desc(s.id))
        .limit(500);
    },
  };
}
export type TrendsRepo = ReturnType<typeof createTrendsRepo>;
