import { randomUUID } from 'node:crypto';
import type { EmailConfig } from '#shared/contract/email-config';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { AuditActor } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import type { EmailConfigRepo, EmailConfigRow } from './email-config.repo.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export interface EmailConfigDeps {
  repo: EmailConfigRepo;
  uow: UnitOfWork;
  log: SystemLog;
  clock: Clock;
}

/** Recipients exist only for the JotForms "delivered" e-mail, so their log entries sit beside it (docs/decisions/009). */
const PROCESS = 'JotForms';
const DUPLICATE = 'This email is already in the list.';

function toEmailConfig(r: EmailConfigRow): EmailConfig {
  return { id: r.id, email: r.email, active: r.active, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() };
}

/** The unique index settles a race the look-up before it cannot. */
async function unique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(DUPLICATE);
    throw err;
  }
}

/**
 * Notification recipients (Configurations → Config). Addresses arrive lower-cased from the
 * contract's Email schema, so equality in the unique index is the case-insensitive rule.
 */
export function createEmailConfigService({ repo, uow, log, clock }: EmailConfigDeps) {
  async function refuseDuplicate(email: string): Promise<void> {
    if (await repo.findByEmail(email.toLowerCase())) throw new Conflict(DUPLICATE);
  }

  return {
    async list(active?: boolean): Promise<EmailConfig[]> {
      const rows = await repo.list();
      return rows.filter((r) => active === undefined || r.active === active).map(toEmailConfig);
    },

    async create(actor: AuditActor, email: string): Promise<EmailConfig> {
      await refuseDuplicate(email);
      const now = clock.now();
      const created = await unique(() =>
        uow(async ({ tx, audit }) => {
          const config = toEmailConfig(await repo.insert(tx, { id: randomUUID(), email: email.toLowerCase(), active: true, createdAt: now, updatedAt: now }));
          await audit({ actor, entity: 'email_config', entityId: config.id, action: 'create', after: config });
          return config;
        }),
      );
      await log.success(PROCESS, `Notification recipient ${created.email} added by ${actor.email}`);
      return created;
    },

    /** Decided on the locked row: the address and flag it already has change nothing and write no audit entry. */
    async update(actor: AuditActor, id: string, patch: { email?: string | undefined; active?: boolean | undefined }): Promise<EmailConfig> {
      const email = patch.email?.toLowerCase();
      const r = await unique(() =>
        uow(async ({ tx, audit }) => {
          const before = await repo.lock(tx, id);
          if (!before) throw new NotFound('Email config not found.');
          const values = { ...(email !== undefined && email !== before.email ? { email } : {}), ...(patch.active !== undefined && patch.active !== before.active ? { active: patch.active } : {}) };
          if (Object.keys(values).length === 0) return { before, row: before, changed: false };
          const row = (await repo.update(tx, id, { ...values, updatedAt: clock.now() }))!;
          await audit({ actor, entity: 'email_config', entityId: id, action: 'update', before: toEmailConfig(before), after: toEmailConfig(row) });
          return { before, row, changed: true };
        }),
      );
      const { before, row } = r;
      if (r.changed) {
        await log.success(PROCESS, `Notification recipient ${before.email} updated by ${actor.email}${before.email === row.email ? '' : ` (now ${row.email})`}${before.active === row.active ? '' : ` (${row.active ? 'active' : 'inactive'})`}`);
      }
      return toEmailConfig(row);
    },

    async remove(actor: AuditActor, id: string): Promise<{ id: string }> {
      const removed = await uow(async ({ tx, audit }) => {
        const row = await repo.remove(tx, id);
        if (!row) throw new NotFound('Email config not found.');
        await audit({ actor, entity: 'email_config', entityId: id, action: 'delete', before: toEmailConfig(row) });
        return row;
      });
      await log.success(PROCESS, `Notification recipient ${removed.email} removed by ${actor.email}`);
      return { id };
    },
  };
}
export type EmailConfigService = ReturnType<typeof createEmailConfigService>;
