import type { FastifyBaseLogger } from 'fastify';
import { TRENDS_DEFAULT_MONTHS, type Signal, type SignalRule, type SignalRuleBody, type Trends, type TrendsQuery } from '#shared/contract/trends';
import { addDays } from '#shared/dates';
import { type SignalRule as Rule, evaluateRule, monthStart, ruleCondition, ruleScope } from '#shared/trends/signal-rules';
import type { Db } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { AuditActor } from '../../lib/audit.ts';
import { actorOf } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { Invalid, NotFound } from '../../lib/errors.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import { todayOn } from '../../lib/time-zone.ts';
import type { MailService } from '../mail/index.ts';
import { type RuleRow, type SignalRow, type TrendsRepo, ruleColumns, ruleFields } from './trends.repo.ts';

/** How often every instance evaluates the rules in the background (besides after each change of a rule or of a complaint's codes). */
export const EVALUATION_INTERVAL_MS = 5 * 60_000;

export interface TrendsDeps {
  db: Db;
  repo: TrendsRepo;
  uow: UnitOfWork;
  mail: Pick<MailService, 'queueOnce'>;
  log: SystemLog;
  clock: Clock;
  /** The form whose complaints are counted. */
  formId: string;
  /** JOTFORM_TIMEZONE: whose calendar "today" and the months are on. */
  timeZone: string;
  publicUrl: string;
  /** The active admins' addresses: they are told when a rule fires. */
  admins(): Promise<string[]>;
  /** Refuses a code the terminology does not hold (a rule naming it would never fire); undefined: any code. */
  checkCode?: ((code: string) => Promise<void>) | undefined;
  logger?: FastifyBaseLogger | undefined;
}

const asRule = (r: RuleRow): Rule =>
  r.kind === 'count' ? { kind: 'count', product: r.product, code: r.code, windowDays: r.windowDays ?? 1, count: r.count ?? 1 } : { kind: 'mean', product: r.product, code: r.code, factor: r.factor ?? 1, minCount: r.minCount ?? 1 };

export function toSignal(s: SignalRow): Signal {
  const rule = s.rule;
  return {
    id: String(s.id),
    ruleId: String(s.ruleId),
    rule,
    condition: ruleCondition(rule.kind === 'count' ? { kind: 'count', product: rule.product, code: rule.code, windowDays: rule.windowDays ?? 1, count: rule.count ?? 1 } : { kind: 'mean', product: rule.product, code: rule.code, factor: rule.factor ?? 1, minCount: rule.minCount ?? 1 }),
    firedAt: s.firedAt.toISOString(),
    month: s.firedOn.slice(0, 7),
    count: s.count,
    threshold: s.threshold,
    mean: s.mean,
    windowFrom: s.windowFrom,
    windowTo: s.windowTo,
    clearedAt: s.clearedAt?.toISOString() ?? null,
  };
}

/** The mail telling admins a rule fired: the rule, the counts and where to look. */
export function signalMail(s: SignalRow, publicUrl: string): { subject: string; text: string } {
  const signal = toSignal(s);
  const scope = ruleScope(s.rule);
  const complaints = (n: number) => `${n} ${n === 1 ? 'complaint' : 'complaints'}`;
  const counted = s.mean === null ? `${complaints(s.count)} between ${s.windowFrom} and ${s.windowTo} (the rule fires at ${s.threshold}).` : `${s.count} complaints between ${s.windowFrom} and ${s.windowTo}; the monthly mean of the 12 months before is ${s.mean}, so the rule fires at ${s.threshold}.`;
  const text = [
    `A trend signal fired on ${s.firedOn}: ${scope}.`,
    '',
    `Rule: ${signal.condition}.`,
    `Counted: ${counted}`,
    '',
    'Complaints are counted by their become-aware date. Review the trend, and decide whether it needs a corrective or preventive action:',
    `${publicUrl.replace(/\/$/, '')}/dashboard/trends`,
  ].join('\n');
  return { subject: `Trend signal: ${scope}, ${complaints(s.count)}`, text };
}

export function createTrendsService(d: TrendsDeps) {
  const { repo, clock } = d;
  const today = () => todayOn(clock, d.timeZone);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  async function toRules(rows: Awaited<ReturnType<TrendsRepo['rules']>>): Promise<SignalRule[]> {
    return rows.map(({ rule: r, firing, ...now }) => ({
      id: String(r.id),
      ...ruleFields(r),
      condition: ruleCondition(asRule(r)),
      createdBy: actorOf(r.createdById, null, now),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      firing,
    }));
  }
  async function ruleOut(id: number): Promise<SignalRule> {
    const found = (await toRules(await repo.rules(d.db))).find((r) => r.id === String(id));
    if (!found) throw new NotFound('Signal rule not found.');
    return found;
  }

  /**
   * Evaluates one rule on today's counts: records a signal (and queues one mail to the admins) when
   * it is met and none of its holds; clears the one that holds when it is no longer met.
   */
  async function evaluateOne(r: RuleRow): Promise<'fired' | 'cleared' | null> {
    const rule = asRule(r);
    const day = today();
    const e = await evaluateRule(rule, day, (w) => repo.count(d.db, d.formId, rule.product, rule.code, w.from, w.to));
    const holding = await repo.holding(d.db, r.id);
    if (e.fires && !holding) {
      const to = await d.admins();
      const fired = await d.uow(async (work) => {
        const s = await repo.fire(work.tx, { ruleId: r.id, rule: ruleFields(r), formId: d.formId, firedAt: clock.now(), firedOn: day, count: e.count, threshold: e.threshold, mean: e.mean, windowFrom: e.window.from, windowTo: e.window.to });
        if (!s) return undefined;
        if (to.length > 0) {
          const q = await d.mail.queueOnce(work, null, { kind: 'signal', dedupeKey: `trend-signal:${s.id}`, to, ...signalMail(s, d.publicUrl) });
          if (q.created) await work.audit({ actor: null, entity: 'mail', entityId: q.mail.id, action: 'trend signal queued', after: { signal: s.id, rule: r.id, count: s.count, threshold: s.threshold, recipients: to.length } });
        }
        return s;
      });
      if (fired) await d.log.error('Dashboard', `Trend signal: ${ruleScope(rule)}, ${e.count} complaints (fires at ${e.threshold}) between ${e.window.from} and ${e.window.to}; ${to.length} admin(s) told by e-mail`);
      return fired ? 'fired' : null;
    }
    if (!e.fires && holding) {
      const cleared = await d.uow((work) => repo.clear(work.tx, r.id, clock.now()));
      return cleared ? 'cleared' : null;
    }
    return null;
  }

  /** Every rule, one after the other; a failure of one is logged and the others go on. */
  async function evaluateAll(): Promise<void> {
    const rows = await repo.rules(d.db);
    for (const { rule } of rows) {
      try {
        await evaluateOne(rule);
      } catch (err) {
        d.logger?.error({ err, rule: rule.id }, 'could not evaluate a signal rule');
      }
    }
  }
  /** One evaluation at a time on this instance: a call while one runs waits for it, then runs its own. */
  function evaluate(): Promise<unknown> {
    const next = (running ?? Promise.resolve()).catch(() => undefined).then(evaluateAll);
    running = next.finally(() => {
      if (running === next) running = undefined;
    });
    return next;
  }

  async function checked(body: SignalRuleBody): Promise<SignalRuleBody> {
    if (body.code && d.checkCode) await d.checkCode(body.code);
    return body;
  }
  const ruleId = (id: string): number => {
    if (!/^\d{1,15}$/.test(id)) throw new NotFound('Signal rule not found.');
    return Number(id);
  };

  return {
    evaluate,

    /** Complaints per month by product and code, each product's totals, and the period's signals. */
    async trends(q: TrendsQuery): Promise<Trends> {
      const toMonth = q.to ?? today().slice(0, 7);
      const fromMonth = q.from ?? monthStart(`${toMonth}-01`, -(TRENDS_DEFAULT_MONTHS - 1)).slice(0, 7);
      if (fromMonth > toMonth) throw new Invalid('from must not be after to', { from: 'from must not be after to' });
      const from = `${fromMonth}-01`;
      const to = addDays(monthStart(`${toMonth}-01`, 1), -1);
      const f = { product: q.product, code: q.code };
      const [rows, totals, products, signals] = await Promise.all([
        repo.rows(d.db, d.formId, from, to, f),
        repo.totals(d.db, d.formId, from, to, f),
        repo.products(d.db, d.formId, from, to),
        repo.signals(d.db, d.formId, { from, to }),
      ]);
      // The codes of the rows: those recorded in the period (of the product asked for), read once.
      const codes = [...new Set(rows.flatMap((r) => (r.code === null ? [] : [r.code])))].sort();
      const matches = (s: SignalRow) => (q.product === undefined || s.rule.product === q.product) && (q.code === undefined || s.rule.code === null || s.rule.code === q.code);
      return { from: fromMonth, to: toMonth, rows, totals, signals: signals.filter(matches).map(toSignal), products, codes };
    },

    /** The signals that still hold, newest first. */
    async holding(): Promise<Signal[]> {
      return (await repo.signals(d.db, d.formId, { holdingOnly: true })).map(toSignal);
    },

    rules: async (): Promise<SignalRule[]> => toRules(await repo.rules(d.db)),

    async createRule(actor: AuditActor, body: SignalRuleBody): Promise<SignalRule> {
      const v = ruleColumns(await checked(body));
      const row = await d.uow(async (work) => {
        const r = await repo.insertRule(work.tx, { ...v, createdById: actor.id, createdAt: clock.now(), updatedAt: clock.now() });
        await work.audit({ actor, entity: 'signal_rule', entityId: String(r.id), action: 'create', after: v });
        return r;
      });
      await evaluateOne(row);
      return ruleOut(row.id);
    },

    /** Changes a rule: the signal it raised (if one holds) is cleared, as it was raised under the old rule, and the rule evaluated again. */
    async updateRule(actor: AuditActor, id: string, body: SignalRuleBody): Promise<SignalRule> {
      const v = ruleColumns(await checked(body));
      const row = await d.uow(async (work) => {
        const current = await repo.rule(work.tx, ruleId(id), true);
        if (!current) throw new NotFound('Signal rule not found.');
        const r = await repo.updateRule(work.tx, current.id, { ...v, updatedAt: clock.now() });
        await repo.clear(work.tx, current.id, clock.now());
        await work.audit({ actor, entity: 'signal_rule', entityId: String(r.id), action: 'update', before: ruleFields(current), after: v });
        return r;
      });
      await evaluateOne(row);
      return ruleOut(row.id);
    },

    /** Removes a rule: it stops being evaluated, its holding signal is cleared, and its signals stay on record. */
    async deleteRule(actor: AuditActor, id: string): Promise<void> {
      await d.uow(async (work) => {
        const current = await repo.rule(work.tx, ruleId(id), true);
        if (!current) throw new NotFound('Signal rule not found.');
        await repo.updateRule(work.tx, current.id, { deletedAt: clock.now() });
        await repo.clear(work.tx, current.id, clock.now());
        await work.audit({ actor, entity: 'signal_rule', entityId: String(current.id), action: 'delete', before: ruleFields(current) });
      });
    },

    /** Evaluates now and every EVALUATION_INTERVAL_MS (the background worker of a serving instance). */
    start(intervalMs = EVALUATION_INTERVAL_MS): void {
      const tick = () => void evaluate().catch((err: unknown) => d.logger?.error({ err }, 'signal rules evaluation failed'));
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
export type TrendsService = ReturnType<typeof createTrendsService>;
