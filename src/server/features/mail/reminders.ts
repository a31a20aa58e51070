import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage } from '#shared/contract/mail';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { AuditActor } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import { todayOn, zonedDateTime } from '../../lib/time-zone.ts';
import { type DigestLine, reminderDigest } from './digest.ts';
import { toMailMessage } from './mail.repo.ts';
import type { MailService } from './mail.service.ts';
import type { RemindersRepo } from './reminders.repo.ts';

export interface RemindersDeps {
  repo: RemindersRepo;
  mail: Pick<MailService, 'queueOnce' | 'byKeyPrefix'>;
  uow: UnitOfWork;
  log: SystemLog;
  clock: Clock;
  /** REMINDER_TIME: "HH:MM" on the JOTFORM_TIMEZONE clock, or null (off). */
  time: string | null;
  timeZone: string;
  publicUrl: string;
  /** The active notification recipients, who get the digest of complaints nobody owns. */
  recipients(): Promise<string[]>;
  logger?: FastifyBaseLogger | undefined;
}

/** The once-only key of a day's digest to one recipient (an owner, or the notification recipients). */
const dayPrefix = (date: string) => `reminder:${date}:`;

/**
 * The daily reminder digests (docs/product.md, Daily reminders): at REMINDER_TIME every instance
 * looks, and a unique key per day and recipient lets one digest through; a start after the time
 * sends the day's digests that are missing.
 */
export function createReminders(d: RemindersDeps) {
  const { repo, clock } = d;
  let timer: NodeJS.Timeout | undefined;
  let doneFor = '';
  let running: Promise<unknown> | undefined;

  /** Queues today's digests that are not queued yet; returns every digest of today. */
  async function queueToday(actor: AuditActor | null): Promise<MailMessage[]> {
    const today = todayOn(clock, d.timeZone);
    const due = await repo.due(today);
    const byOwner = new Map<string | null, DigestLine[]>();
    for (const { ownerId, ...line } of due) byOwner.set(ownerId, [...(byOwner.get(ownerId) ?? []), line]);
    const owners = await repo.digestOwners([...byOwner.keys()].filter((k): k is string => k !== null));
    const digests: { key: string; to: string[]; lines: DigestLine[]; whose: 'owner' | 'unowned' }[] = owners.map((o) => ({ key: `user:${o.id}`, to: [o.email], lines: byOwner.get(o.id)!, whose: 'owner' }));
    const unowned = byOwner.get(null);
    if (unowned) {
      const to = await d.recipients();
      if (to.length > 0) digests.push({ key: 'unowned', to, lines: unowned, whose: 'unowned' });
    }
    let queued = 0;
    for (const g of digests) {
      const message = reminderDigest(g.lines, g.whose, today, d.publicUrl);
      const created = await d.uow(async (work) => {
        const r = await d.mail.queueOnce(work, actor, { kind: 'reminder', dedupeKey: `${dayPrefix(today)}${g.key}`, to: g.to, ...message });
        if (r.created) await work.audit({ actor, entity: 'mail', entityId: r.mail.id, action: 'reminder queued', after: { date: today, digest: g.whose, recipients: g.to.length, submissions: g.lines.length } });
        return r.created;
      });
      if (created) queued += 1;
    }
    if (queued > 0) await d.log.success('JotForms', `Reminder digests for ${today}: ${queued} queued${actor ? ` by ${actor.email}` : ''}`);
    return (await d.mail.byKeyPrefix(dayPrefix(today))).map(toMailMessage);
  }

  /** Sends the day's digests once the reminder time has come, unless this instance saw them done today. */
  async function tick(): Promise<void> {
    if (d.time === null) return;
    const local = zonedDateTime(clock.now(), d.timeZone);
    const [date, hhmm] = [local.slice(0, 10), local.slice(11, 16)];
    if (hhmm < d.time || doneFor === date) return;
    await queueToday(null);
    doneFor = date;
  }

  function runTick(): Promise<unknown> {
    running ??= tick()
      .catch((err: unknown) => d.logger?.warn({ err }, 'reminder digests failed; tried again in a minute'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    queueToday,
    /** Whether the user receives the digest. */
    setting: async (userId: string) => ({ digest: await repo.digestSetting(userId) }),
    /** The user turns their own digest on or off (audited when it changes). */
    async setSetting(actor: AuditActor, digest: boolean): Promise<{ digest: boolean }> {
      await d.uow(async ({ tx, audit }) => {
        if (await repo.setDigestSetting(tx, actor.id, digest)) {
          await audit({ actor, entity: 'user', entityId: actor.id, action: digest ? 'reminder digest on' : 'reminder digest off', before: { reminderDigest: !digest }, after: { reminderDigest: digest } });
        }
      });
      return { digest };
    },
    /** One look at the clock (tests call it with their own clock). */
    tick: runTick,
    start(): void {
      if (d.time === null) return;
      void runTick();
      timer = setInterval(() => void runTick(), 60_000);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
export type Reminders = ReturnType<typeof createReminders>;
