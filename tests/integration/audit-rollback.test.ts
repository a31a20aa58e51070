import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { refuseAuditInserts } from '../support/audit-failure.ts';
import { portalWithSubmissions } from '../support/portal-with-submissions.ts';
import { signature } from '../support/signing.ts';

/**
 * A change and its audit entry commit together or not at all: with the database refusing the
 * audit insert, each kind of change replies 500 and leaves every table as it was.
 */
const { p, send, submission, mapping, audits } = portalWithSubmissions();

/** What a change could touch, each table as sorted JSON rows. */
const TABLES = ['users', 'sessions', 'refresh_tokens', 'email_configs', 'field_mappings', 'submissions', 'reportability_decisions', 'filed_reports', 'mail_outbox', 'system_logs', 'audit_events', 'signatures', 'signing_tokens', 'investigations', 'complaint_replies', 'closure_events'];
async function snapshot(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const table of TABLES) {
    const { rows } = await p.t.database.pool.query(`select coalesce(jsonb_agg(to_jsonb(t) order by to_jsonb(t)::text), '[]') as rows from ${table} t`);
    out[table] = rows[0].rows;
  }
  return out;
}

/** Sends the request while the audit trail refuses entries; nothing may change. */
async function rolledBack(request: InjectOptions, headers = p.admin): Promise<void> {
  const before = await snapshot();
  const refusal = await refuseAuditInserts(p.t.database.owner.pool);
  try {
    const res = await send(request, headers);
    expect(res.statusCode, res.body).toBe(500);
  } finally {
    await refusal.restore();
  }
  expect(await snapshot()).toEqual(before);
}

async function created(request: InjectOptions, headers = p.admin): Promise<string> {
  const res = await send(request, headers);
  expect(res.statusCode, res.body).toBeLessThan(300);
  const body = res.json();
  return body.results?.id ?? body.id ?? body._id ?? body.results?._id;
}

describe('a change whose audit entry cannot be written is rolled back', () => {
  it('users: create, update, restrict', async () => {
    await rolledBack({ method: 'POST', url: '/v1/users', payload: { name: 'Rolled Back', email: 'rolled-back@example.com', password: 'violet-harbor-quartz-58', role: 'staff' } });
    const id = await created({ method: 'POST', url: '/v1/users', payload: { name: 'Kept', email: 'kept@example.com', password: 'violet-harbor-quartz-58', role: 'staff' } });
    await rolledBack({ method: 'PATCH', url: `/v1/users/${id}`, payload: { name: 'Renamed' } });
    await rolledBack({ method: 'PATCH', url: `/v1/users/${id}/restrict-access`, payload: { isRestricted: true } });
  });

  it('submissions: mark delivered, mark reportable, approve, deny, follow-ups', async () => {
    const id = await submission();
    const base = `/v1/jotforms/submission/${id}`;
    await rolledBack({ method: 'PATCH', url: `${base}/mark-email-delivered`, payload: { emailDelivered: true } }, p.staff);
    await rolledBack({ method: 'PATCH', url: `${base}/mark-reportable`, payload: {} }, p.staff);
    await rolledBack({ method: 'PATCH', url: `${base}/review`, payload: { decision: 'approve', decideLater: true } }, p.staff);
    await rolledBack({ method: 'PATCH', url: `${base}/review`, payload: { decision: 'deny', reason: 'Duplicate of an earlier report.', notReportable: true } }, p.staff);
    await rolledBack({ method: 'PATCH', url: `${base}/create-followup`, payload: { followup: 'Called the clinic.' } }, p.staff);
    await rolledBack({ method: 'POST', url: `${base}/followups`, payload: { text: 'Called again.' } }, p.staff);
  });

  it('a quality process: the transfer is not recorded as done, and a retry completes it once', async () => {
    const id = await submission();
    const base = `/v1/jotforms/submission/${id}`;
    expect((await send({ method: 'PATCH', url: `${base}/review`, payload: { decision: 'approve', decideLater: true } }, p.staff)).statusCode).toBe(200);
    const refusal = await refuseAuditInserts(p.t.database.owner.pool);
    try {
      const res = await send({ method: 'PATCH', url: `${base}/quality-process`, payload: { chTitle: 'Rolled back transfer' } }, p.staff);
      expect(res.statusCode, res.body).toBe(500);
    } finally {
      await refusal.restore();
    }
    const row = async () => (await p.t.database.pool.query('select submission_status, transfer_started_at from submissions where id = $1', [id])).rows[0];
    expect(await row()).toEqual({ submission_status: 'Pending Transfer', transfer_started_at: null });
    expect(await audits(id, 'quality process created')).toBe(0);
    const retry = await send({ method: 'PATCH', url: `${base}/quality-process`, payload: { chTitle: 'Rolled back transfer' } }, p.staff);
    expect(retry.statusCode, retry.body).toBe(204);
    expect((await row()).submission_status).toBe('Successful Transfer');
    expect(await audits(id, 'quality process created')).toBe(1);
  });

  it('e-mail configs: add, change, remove', async () => {
    await rolledBack({ method: 'POST', url: '/v1/email-configs', payload: { email: 'never@example.com' } });
    const id = await created({ method: 'POST', url: '/v1/email-configs', payload: { email: 'kept@example.com' } });
    await rolledBack({ method: 'PATCH', url: `/v1/email-configs/${id}`, payload: { active: false } });
    await rolledBack({ method: 'DELETE', url: `/v1/email-configs/${id}` });
  });

  it('field mappings: create, replace, delete', async () => {
    await rolledBack({ method: 'POST', url: '/v1/field-mapping', payload: mapping('complainantName', 'Never') });
    const id = await created({ method: 'POST', url: '/v1/field-mapping', payload: mapping('complainantName', 'Kept') });
    await rolledBack({ method: 'PUT', url: `/v1/field-mapping/${id}`, payload: mapping('complainantName', 'Renamed') });
    await rolledBack({ method: 'DELETE', url: `/v1/field-mapping/${id}` });
  });

  it('mail: the submission\'s notification and a resend', async () => {
    await created({ method: 'POST', url: '/v1/email-configs', payload: { email: 'quality@example.com' } });
    const id = await submission();
    await rolledBack({ method: 'POST', url: `/v1/jotforms/submission/${id}/send-email-recipient` }, p.staff);
    const sent = await send({ method: 'POST', url: `/v1/jotforms/submission/${id}/send-email-recipient` }, p.staff);
    await rolledBack({ method: 'POST', url: `/v1/mail/${sent.json().mailId}/resend` });
  });

  it('clearing the system log', async () => {
    await send({ method: 'POST', url: '/v1/email-configs', payload: { email: 'logged@example.com' } });
    await rolledBack({ method: 'DELETE', url: '/v1/logs' });
  });

  it('reporting: a reportability decision and a filed report', async () => {
    const id = await submission();
    const base = `/v1/jotforms/submission/${id}/reportability`;
    const decide = async () => ({ method: 'PUT' as const, url: base, payload: { decision: 'reportable', rationale: 'Injury reported.', category: 'standard', signature: await signature(send, p.staff, 'Reportability decided') } });
    await rolledBack(await decide(), p.staff);
    expect((await send(await decide(), p.staff)).statusCode).toBe(200);
    const becameAware = (await send({ method: 'GET', url: `/v1/jotforms/submission/${id}` }, p.staff)).json().becomeAwareDate as string;
    await rolledBack({ method: 'POST', url: `${base}/reports`, payload: { regime: 'US_MDR', reportedOn: becameAware, reference: 'MDR-1' } }, p.staff);
  });

  it('closure: a signed investigation (its signing token stays unused) and a reply', async () => {
    const id = await submission();
    const at = (tail: string) => `/v1/jotforms/submission/${id}/${tail}`;
    const signed = async (tail: string, body: object, meaning: 'Investigation reviewed' | 'Complaint closed') => ({ method: tail === 'close' ? ('POST' as const) : ('PUT' as const), url: at(tail), payload: { ...body, signature: await signature(send, p.staff, meaning) } });
    await rolledBack(await signed('investigation', { outcome: 'not_investigated', reason: 'A duplicate of an earlier complaint.' }, 'Investigation reviewed'), p.staff);
    await rolledBack({ method: 'PUT', url: at('reply'), payload: { outcome: 'not_needed', reason: 'The complainant withdrew it.' } }, p.staff);
  });

  it('questions: add, delete, reorder (JotForm untouched too)', async () => {
    const base = `/v1/jotforms/${p.emu.jotform.formId}/questions`;
    const questions = async () => (await send({ method: 'GET', url: base })).json().results as { qid: string }[];
    const before = await questions();
    await rolledBack({ method: 'POST', url: base, payload: { text: 'Lot number', order: 2, type: 'textbox' } });
    await rolledBack({ method: 'DELETE', url: `${base}/${before[0]!.qid}` });
    await rolledBack({ method: 'PATCH', url: `${base}/order`, payload: { order: [before[1]!.qid, before[0]!.qid, ...before.slice(2).map((q) => q.qid)] } });
    expect(await questions()).toEqual(before);
  });

  it('a sign-in: no session, no refresh token, no last-login change without its entry', async () => {
    const user = await p.t.createUser('staff');
    await rolledBack({ method: 'POST', url: '/v1/auth/login', payload: { email: user.email, password: user.password } }, {});
  });
});
