import { z } from 'zod';
import { IsoDate, PageQuery, page } from './common.ts';
import { defineApi, defineEndpoint } from './endpoints.ts';
import { Actor } from './reporting.ts';
import { Change } from './submissions.ts';

/** What the audit trail records changes of. */
export const AUDIT_ENTITIES = ['user', 'session', 'submission', 'form', 'field_mapping', 'email_config', 'question', 'system_log', 'mail', 'signal_rule'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  user: 'User',
  session: 'Session',
  submission: 'Submission',
  form: 'Form',
  field_mapping: 'Field mapping',
  email_config: 'Notification e-mail',
  question: 'Form question',
  system_log: 'System log',
  mail: 'Mail',
  signal_rule: 'Signal rule',
};

/**
 * Actions filed under another one: a mark-reportable is a reportability decision (reportable, without
 * a rationale), so filtering by the decision lists it too.
 */
export const AUDIT_ACTION_GROUPS: ReadonlyMap<string, readonly string[]> = new Map([['decide reportability', ['decide reportability', 'mark reportable']]]);

/**
 * Reads of patient data on the record: a submission's details opened (`viewed`, on the
 * submission) and a CSV export of submissions (`exported`, on the form). Lists leave them out
 * unless asked for (`reads=true`, or an `action` filter naming one).
 */
export const READ_ACTIONS = ['viewed', 'exported'] as const;

export const AUDIT_CSV_FILE_NAME = 'audit_trail.csv';
export const AUDIT_CSV_HEADERS = ['Time', 'Actor', 'Actor E-mail', 'Address', 'Entity', 'Entity ID', 'Action', 'Changes'] as const;

export const AuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  /** The user as they are now; null for JotForm, the portal itself, or a user since deleted. */
  actor: Actor,
  /** The e-mail the actor had when it happened (kept even if the user is gone). */
  actorEmail: z.string().nullable(),
  address: z.string().nullable(),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string(),
  action: z.string(),
  changes: z.array(Change),
  /** For an entry on a submission: how people know it (its CH number once transferred, its submitter). */
  submission: z.object({ chNumber: z.string().nullable(), submitter: z.string() }).nullish(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** Filters shared by the page and its CSV export. */
export const AuditFilters = z.object({
  entity: z.enum(AUDIT_ENTITIES, { message: `entity must be one of ${AUDIT_ENTITIES.join(', ')}` }).optional(),
  entityId: z.string().trim().max(100, 'entityId is too long').optional(),
  /** A user's id or (part of) an e-mail address. */
  actor: z.string().trim().max(200, 'actor is too long').optional(),
  action: z.string().trim().max(100, 'action is too long').optional(),
  /**
   * Entries on the submissions matching a CH number, a submission ID or (part of) a submitter's name,
   * as the submissions list's search does.
   */
  submission: z.string().trim().max(100, 'submission is too long').optional(),
  /** Inclusive dates in the portal's reporting time zone. */
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  /** Include reads (`viewed`, `exported`); without it they are left out unless `action` names one. */
  reads: z.enum(['true', 'false'], { message: 'reads must be true or false' }).transform((v) => v === 'true').optional(),
}).refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'from must not be after to', path: ['from'] });

export const auditApi = defineApi('audit', {
  list: defineEndpoint({
    method: 'GET', path: '/v1/audit', tag: 'Audit',
    summary: 'The append-only audit trail, newest first, filtered by entity, actor, action and date (it cannot be cleared)',
    access: { capability: 'audit' }, query: PageQuery.extend(AuditFilters.shape), status: 200, response: page(AuditEntry),
  }),
  exportCsv: defineEndpoint({
    method: 'GET', path: '/v1/audit/export', tag: 'Audit',
    summary: `The matching audit entries as ${AUDIT_CSV_FILE_NAME} (text/csv)`,
    access: { capability: 'audit' }, query: AuditFilters, status: 200, response: z.object({ results: z.string() }), produces: ['text/csv'],
  }),
  actions: defineEndpoint({
    method: 'GET', path: '/v1/audit/actions', tag: 'Audit', summary: 'The actions recorded so far, for the filter',
    access: { capability: 'audit' }, status: 200, response: z.object({ results: z.array(z.string()) }),
  }),
});
