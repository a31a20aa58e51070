import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import type { MailService } from '../mail/index.ts';
import { LOW_SHARE } from './jotform-quota.ts';

export interface QuotaAlertDeps {
  uow: UnitOfWork;
  mail: Pick<MailService, 'queueOnce'>;
  log: SystemLog;
  /** The active admins' and super admins' addresses. */
  admins(): Promise<string[]>;
  publicUrl: string;
}

export interface LowQuota {
  /** The quota day (US-Eastern date). */
  day: string;
  limitLeft: number;
  dailyLimit: number;
  resetsAt: Date;
}

/** The mail telling admins that JotForm's calls are running out; names no submission. */
export function lowQuotaMail(q: LowQuota, publicUrl: string): { subject: string; text: string } {
  const left = `${q.limitLeft.toLocaleString('en-US')} of ${q.dailyLimit.toLocaleString('en-US')}`;
  const text = [
    `JotForm's daily API limit of this account is ${q.dailyLimit.toLocaleString('en-US')} calls, shared by the portal with every widget and integration of the account. ${left} are left today (less than ${LOW_SHARE * 100} %); it starts again at midnight US Eastern (${q.resetsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC).`,
    '',
    'The portal now polls JotForm less often, and stops before the calls run out; JotForm webhooks still bring new submissions in. When the limit is used up, JotForm disables the API key for the rest of the day for everything that uses it.',
    '',
    "Look for a widget or integration using many calls, or move the account to a plan with a higher limit. The Integrations page shows the portal's use:",
    `${publicUrl.replace(/\/$/, '')}/dashboard/integrations`,
  ].join('\n');
  return { subject: `JotForm API calls running low: ${left} left today`, text };
}

/**
 * Tells the admins once per quota day, when less than a tenth of the daily limit is left. The mail's
 * key is the day's, so every instance and every poll of the day queue it at most once.
 */
export function createQuotaAlert(d: QuotaAlertDeps) {
  let toldFor = '';
  return async (q: LowQuota): Promise<void> => {
    if (q.limitLeft >= q.dailyLimit * LOW_SHARE || toldFor === q.day) return;
    const to = await d.admins();
    if (to.length === 0) return;
    const message = lowQuotaMail(q, d.publicUrl);
    const created = await d.uow(async (work) => {
      const r = await d.mail.queueOnce(work, null, { kind: 'quota', dedupeKey: `jotform-quota:${q.day}`, to, ...message });
      if (r.created) await work.audit({ actor: null, entity: 'mail', entityId: r.mail.id, action: 'quota warning queued', after: { day: q.day, limitLeft: q.limitLeft, dailyLimit: q.dailyLimit, recipients: to.length } });
      return r.created;
    });
    toldFor = q.day;
    if (created) await d.log.error('JotForms', `JotForm API calls running low: ${q.limitLeft} of ${q.dailyLimit} left today; ${to.length} admin(s) told by e-mail`);
  };
}
export type QuotaAlert = ReturnType<typeof createQuotaAlert>;
