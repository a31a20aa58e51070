import { randomUUID } from 'node:crypto';
import type { EmailConfig } from '#shared/contract/email-config';
import type { AuditActor, AuditTrail } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import type { EmailConfigRepo, EmailConfigRow } from './email-config.repo.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export interface EmailConfigDeps {
  repo: EmailConfigRepo;
  audit: AuditTrail;
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
export function createEmailConfigService({ repo, audit, log, clock }: EmailConfigDeps) {
  async function mustFind(id: string): Promise<EmailConfigRow> {
    const row = await repo.findById(id);
    if (!row) throw new NotFound('Email config not found.');
    return row;
  }
  async function refuseDuplicate(email: string, exceptId?: string): Promise<void> {
    const other = await repo.findByEmail(email.toLowerCase());
    if (other && other.id !== exceptId) throw new Conflict(DUPLICATE);
  }

  return {
    async list(active?: boolean): Promise<EmailConfig[]> {
      const rows = await repo.list();
      return rows.filter((r) => active === undefined || r.active === active).map(toEmailConfig);
    },

    async create(actor: AuditActor, email: string): Promise<EmailConfig> {
      await refuseDuplicate(email);
      const now = clock.now();
      const row = await unique(() => repo.insert({ id: randomUUID(), email: email.toLowerCase(), active: true, createdAt: now, updatedAt: now }));
      const created = toEmailConfig(row);
      await audit.record({ actor, entity: 'email_config', entityId: row.id, action: 'create', after: created });
      await log.success(PROCESS, `Notification recipient ${row.email} added by ${actor.email}`);
      return created;
    },

    async update(actor: AuditActor, id: string, patch: { email?: string | undefined; active?: boolean | undefined }): Promise<EmailConfig> {
      const before = await mustFind(id);
      const email = patch.email?.toLowerCase();
      if (email !== undefined && email !== before.email) await refuseDuplicate(email, id);
      const values = { ...(email !== undefined ? { email } : {}), ...(patch.active !== undefined ? { active: patch.active } : {}), updatedAt: clock.now() };
      const row = await unique(() => repo.update(id, values));
      if (!row) throw new NotFound('Email config not found.');
      const after = toEmailConfig(row);
      await audit.record({ actor, entity: 'email_config', entityId: id, action: 'update', before: toEmailConfig(before), after });
      await log.success(PROCESS, `Notification recipient ${before.email} updated by ${actor.email}${before.email === row.email ? '' : ` (now ${row.email})`}${before.active === row.active ? '' : ` (${row.active ? 'active' : 'inactive'})`}`);
      return after;
    },

    async remove(actor: AuditActor, id: string): Promise<{ id: string }> {
      const row = await repo.remove(id);
      if (!row) throw new NotFound('Email config not found.');
      await audit.record({ actor, entity: 'email_config', entityId: id, action: 'delete', before: toEmailConfig(row) });
      await log.success(PROCESS, `Notification recipient ${row.email} removed by ${actor.email}`);
      return { id };
    },
  };
}
export type EmailConfigService = ReturnType<typeof createEmailConfigService>;
