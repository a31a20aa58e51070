import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDef } from '#shared/contract/endpoints';
import { LOG_REDACT } from '../../src/server/app.ts';
import { emailConfigs, fieldMappings, mailOutbox, users } from '../../src/server/db/schema/index.ts';
import { ATTRIBUTE_GUIDS } from '../../src/server/emulators/arena/index.ts';
import { LOG_SERIALIZERS } from '../../src/server/lib/log-serializers.ts';
import { contractEndpoints } from '../support/contract-endpoints.ts';
import { type Emulators, startEmulators } from '../support/emulators.ts';
import { BAD_JSON_VALUES, BAD_URL_VALUES, MALFORMED_BODIES, objectKeys, randomValues } from '../support/fuzz-values.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';

/** Must never reach the log: a password, follow-up text, a token, a search, a secret path, a query parameter. */
const PLANTED = 'Planted-Secret-4b1d9e';
const WEBHOOK_SECRET = `whs_${PLANTED}`;
const SEED = 20_261_124;

const logLines: string[] = [];
let emu: Emulators;
let t: TestApp;
let headers: Record<string, string>;
const sample = { params: {} as Record<string, string>, bodies: {} as Record<string, unknown> };

/**
 * Every business table as one digest of its row versions (ctid, xmin): any insert, update or
 * delete changes it, and no column (the answers JSON above all) has to be read for it.
 */
async function businessDigest(): Promise<string> {
  const tables = ['users', 'submissions', 'field_mappings', 'screening_questions', 'email_configs', 'mail_outbox'];
  const parts = tables.map((name) => `(select md5(coalesce(string_agg(ctid::text || ':' || xmin::text, ',' order by ctid), '')) from ${name})`).join(` || `);
  const { rows } = await t.database.db.execute<{ digest: string }>(sql.raw(`select ${parts} as digest`));
  return rows[0]!.digest;
}

beforeAll(async () => {
  emu = await startEmulators();
  const logger = pino({ level: 'debug', redact: LOG_REDACT, serializers: LOG_SERIALIZERS }, { write: (line: string) => void logLines.push(line) });
  t = await createTestApp({ deps: { ...emu.deps, logger, webhookSecret: WEBHOOK_SECRET } });
  // A statement that fails with a planted parameter, through the app's own error handling.
  t.app.get('/v1/fuzz-database-error', { schema: { hide: true } }, async () => t.database.db.execute(sql`select ${PLANTED}::int`));
  await t.app.services.sync.syncOnce();
  headers = await t.as('super_admin');
  const staff = await t.createUser('staff', { email: 'planted@example.org', password: PLANTED });
  const [submission] = await t.database.db.execute<{ id: string }>(sql`select id from submissions order by id limit 1`).then((r) => r.rows);
  const mapping = await t.request({ method: 'POST', url: '/v1/field-mapping', headers, payload: { arenaFieldGUID: ATTRIBUTE_GUIDS.complainantName, name: 'Fuzz', predefined: true, predefinedValue: 'x' } });
  const rule = await t.request({ method: 'POST', url: '/v1/trends/rules', headers, payload: { kind: 'count', product: 'Fuzz Pump', code: null, windowDays: 30, count: 3 } });
  const recipient = randomUUID();
  await t.database.db.insert(emailConfigs).values({ id: recipient, email: 'fuzz@example.org', active: true });
  await t.request({ method: 'POST', url: `/v1/jotforms/submission/${submission!.id}/send-email-recipient`, headers });
  const [mail] = await t.database.db.select().from(mailOutbox).limit(1);
  const questions = (await emu.jotformClient.getQuestions(emu.deps.formId!)).map((q) => String(q.qid));
  const formId = emu.deps.formId!;
  sample.params = { formId, id: submission!.id, userId: staff.id, questionId: questions.at(-1)!, secret: WEBHOOK_SECRET };
  const byPath: Record<string, Record<string, string>> = {
    '/v1/field-mapping/:id': { id: mapping.json().id },
    '/v1/email-configs/:id': { id: recipient },
    '/v1/mail/:id/resend': { id: mail!.id },
    '/v1/trends/rules/:ruleId': { ruleId: rule.json().id },
  };
  sample.bodies = {
    'POST /v1/auth/login': { email: 'planted@example.org', password: PLANTED },
    'POST /v1/auth/refresh-tokens': { refreshToken: PLANTED },
    'POST /v1/auth/logout': { refreshToken: PLANTED },
    'PATCH /v1/auth/password': { currentPassword: PLANTED, newPassword: `${PLANTED}-New1` },
    'POST /v1/auth/login/mfa': { challenge: PLANTED, code: '123456' },
    'POST /v1/auth/mfa/totp/confirm': { code: '123456' },
    'POST /v1/auth/mfa/totp': { password: PLANTED },
    'DELETE /v1/auth/mfa/totp': { password: PLANTED, code: '123456' },
    'POST /v1/auth/mfa/recovery-codes': { password: PLANTED, code: '123456' },
    'POST /v1/auth/oidc/exchange': { code: PLANTED },
    'POST /v1/auth/oidc/outcome': { code: PLANTED },
    'POST /v1/auth/oidc/signing-token': { code: PLANTED },
    'POST /v1/auth/oidc/link': { password: PLANTED },
    'PUT /v1/users/:userId/identity': { subject: 'fuzz-subject' },
    'POST /v1/users': { name: 'Fuzz User', email: 'fuzz-user@example.org', password: `${PLANTED}!1`, role: 'staff' },
    'PATCH /v1/users/:userId': { name: 'Fuzz Renamed' },
    'PATCH /v1/users/:userId/restrict-access': { isRestricted: false },
    'POST /v1/email-configs': { email: 'fuzz-new@example.org' },
    'PATCH /v1/email-configs/:id': { active: true },
    'POST /v1/field-mapping': { arenaFieldGUID: ATTRIBUTE_GUIDS.complainantEmail, name: 'Fuzz two', predefined: true, predefinedValue: 'y' },
    'PUT /v1/field-mapping/:id': { arenaFieldGUID: ATTRIBUTE_GUIDS.complainantName, name: 'Fuzz', predefined: true, predefinedValue: 'x' },
    'PUT /v1/field-mapping/screening-questions': { death: '20', injury: null, malfunction: null },
    'PUT /v1/field-mapping/complaint-fields': { product: null, model: null, lot: null, udi: null },
    'PUT /v1/jotforms/submission/:id/codes': { codes: ['A050401'] },
    'POST /v1/field-mapping/preview': { submissionId: submission!.id, draft: { id: null, mapping: { arenaFieldGUID: ATTRIBUTE_GUIDS.product, name: 'Fuzz', predefined: true, predefinedValue: PLANTED } } },
    'POST /v1/jotforms/:formId/questions': { text: 'Fuzz question', order: 5, type: 'textbox' },
    'PATCH /v1/jotforms/:formId/questions/order': { order: questions },
    'PATCH /v1/jotforms/submission/:id/quality-process': { chTitle: 'Fuzz process' },
    'PATCH /v1/jotforms/submission/:id/create-followup': { followup: `Called back; ${PLANTED}` },
    'PATCH /v1/jotforms/submission/:id/mark-reportable': { reportable: true },
    'POST /v1/jotforms/submission/:id/followups': { text: `Left a voicemail; ${PLANTED}` },
    'PUT /v1/jotforms/submission/:id/reportability': { decision: 'reportable', rationale: `Serious injury reported; ${PLANTED}`, regimes: ['US_MDR'], category: 'standard', signature: { token: PLANTED, meaning: 'Reportability decided' } },
    'PUT /v1/jotforms/submission/:id/investigation': { outcome: 'investigated', summary: `Tested; ${PLANTED}`, result: 'Fixed.', signature: { token: PLANTED, meaning: 'Investigation reviewed' } },
    'PUT /v1/jotforms/submission/:id/reply': { outcome: 'not_needed', reason: `Withdrawn; ${PLANTED}` },
    'POST /v1/jotforms/submission/:id/close': { summary: `Closed; ${PLANTED}`, signature: { token: PLANTED, meaning: 'Complaint closed' } },
    'POST /v1/jotforms/submission/:id/reopen': { reason: `Reopened; ${PLANTED}` },
    'POST /v1/auth/signing-token': { password: PLANTED },
    'POST /v1/jotforms/submission/:id/reportability/reports': { regime: 'US_MDR', reportedOn: '2025-06-01', reference: `MW-${PLANTED}` },
    'POST /v1/jotforms/submission/:id/assessments': { answers: { us_mfr_death: false, us_mfr_serious_injury: false, us_mfr_malfunction: false }, awareDate: '2025-05-01', awareDateReason: `Phoned in earlier; ${PLANTED}` },
    'PATCH /v1/jotforms/submission/:id/mark-email-delivered': { emailDelivered: true },
    'PATCH /v1/jotforms/submission/:id/review': { decision: 'deny', reason: PLANTED, notReportable: true },
    'PUT /v1/jotforms/submission/:id/owner': { userId: staff.id, expectedOwnerId: null },
    'PUT /v1/mail/reminders/mine': { digest: false },
    'POST /v1/mail/:id/resend': { to: ['fuzz@example.org'] },
    'POST /v1/trends/rules': { kind: 'count', product: 'Fuzz Pump', code: 'A050401', windowDays: 30, count: 3 },
    'PUT /v1/trends/rules/:ruleId': { kind: 'mean', product: 'Fuzz Pump', code: null, factor: 2, minCount: 3 },
    'POST /v1/jotforms/webhook/:secret': { submissionID: submission!.id },
  };
  samplePathParams = (path) => ({ ...sample.params, ...byPath[path] });
});
afterAll(async () => {
  await t.close();
  await emu.close();
});

let samplePathParams: (path: string) => Record<string, string> = () => ({});

interface Probe {
  endpoint: EndpointDef;
  what: string;
  params?: Record<string, string>;
  query?: string;
  body?: { type: string | null; payload: string };
}

const hasBody = (e: EndpointDef) => e.method !== 'GET';
const key = (e: EndpointDef) => `${e.method} ${e.path}`;

/** Every endpoint × every field × bad values, plus malformed bodies of each content type. */
function probes(endpoints: EndpointDef[]): Probe[] {
  const out: Probe[] = [];
  endpoints.forEach((endpoint, i) => {
    const valid = sample.bodies[key(endpoint)];
    const json = (value: unknown) => ({ type: 'application/json', payload: JSON.stringify(value) });
    for (const name of objectKeys(endpoint.params) ?? []) {
      for (const bad of BAD_URL_VALUES) out.push({ endpoint, what: `param ${name}=${bad.slice(0, 20)}`, params: { [name]: bad }, ...(valid ? { body: json(valid) } : {}) });
    }
    for (const name of objectKeys(endpoint.query) ?? []) {
      for (const bad of BAD_URL_VALUES) out.push({ endpoint, what: `query ${name}=${bad.slice(0, 20)}`, query: `${name}=${bad}` });
      out.push({ endpoint, what: `query ${name} twice`, query: `${name}=1&${name}=2` });
    }
    if (!hasBody(endpoint)) return;
    const fields = objectKeys(endpoint.body) ?? [];
    const values = [...BAD_JSON_VALUES, ...randomValues(SEED + i, 3)];
    for (const name of fields) {
      for (const bad of values) out.push({ endpoint, what: `body ${name}=${JSON.stringify(bad)?.slice(0, 20)}`, body: json({ ...(valid as object), [name]: bad }) });
    }
    for (const bad of values.slice(0, 8)) out.push({ endpoint, what: `whole body ${JSON.stringify(bad)?.slice(0, 20)}`, body: json(bad) });
    for (const m of MALFORMED_BODIES) out.push({ endpoint, what: `${m.type} ${m.body.slice(0, 20)}`, body: { type: m.type, payload: m.body } });
  });
  return out;
}

function urlOf(p: Probe): string {
  const params = { ...samplePathParams(p.endpoint.path) };
  const path = p.endpoint.path.replace(/:(\w+)/g, (_, name: string) => (p.params?.[name] !== undefined ? p.params[name]! : encodeURIComponent(params[name] ?? 'x')));
  return p.query ? `${path}?${p.query}` : path;
}

describe('generated bad requests against every contract endpoint', () => {
  it('never reply 5xx, reply to every 4xx with {code, message}, change no business row when refused, and log no data', async () => {
    const endpoints = contractEndpoints();
    for (const e of endpoints.filter(hasBody)) {
      if (objectKeys(e.body)) expect(sample.bodies, `a valid sample body for ${key(e)}`).toHaveProperty([key(e)]);
    }
    const all = probes(endpoints);
    expect(all.length).toBeGreaterThanOrEqual(1000);
    const problems: string[] = [];
    // The digest sees a change that leaves every value as it was.
    const unchanged = await businessDigest();
    await t.database.db.update(fieldMappings).set({ name: 'Fuzz' });
    let before = await businessDigest();
    expect(before).not.toBe(unchanged);
    for (const p of all) {
      const contentType = p.body?.type;
      const res = await t.request({
        method: p.endpoint.method,
        url: urlOf(p),
        headers: { ...(p.endpoint.access === 'public' ? {} : headers), ...(contentType ? { 'content-type': contentType } : {}) },
        ...(p.body ? { payload: p.body.payload } : {}),
      });
      const label = `${key(p.endpoint)} ${p.what} → ${res.statusCode}`;
      if (res.statusCode >= 500) problems.push(`${label} ${res.body.slice(0, 200)}`);
      const after = await businessDigest();
      if (res.statusCode >= 400) {
        let body: { code?: unknown; message?: unknown } = {};
        try {
          body = res.json();
        } catch {
          problems.push(`${label}: not JSON`);
        }
        if (typeof body.code !== 'string' || typeof body.message !== 'string') problems.push(`${label}: no {code, message}`);
        if (after !== before) problems.push(`${label}: a refused request changed business rows`);
      }
      before = after;
    }
    expect(problems.slice(0, 30), `${problems.length} problem(s) in ${all.length} requests`).toEqual([]);

    // The planted secret also travels in a bearer token, a search and the failing statement.
    await t.request({ method: 'GET', url: '/v1/users', headers: { authorization: `Bearer ${PLANTED}` } });
    await t.request({ method: 'GET', url: `/v1/jotforms/${sample.params.formId}?search=${PLANTED}`, headers });
    const failed = await t.request({ method: 'GET', url: '/v1/fuzz-database-error', headers });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ code: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
    const log = logLines.join('\n');
    expect(log).toContain('select $1::int');
    expect(logLines.length).toBeGreaterThan(all.length);
    expect(log.includes(PLANTED), 'the planted secret is in the log').toBe(false);
    // Sanity: the refusals above did not leave the planted user or recipient behind.
    expect(await t.database.db.select().from(users).where(eq(users.email, 'planted@example.org'))).toHaveLength(1);
    expect((await t.database.db.select().from(fieldMappings)).length).toBeGreaterThan(0);
    // ~3,000 requests take ~15 s alone; the suite runs two database projects side by side on 2 cores.
  }, 180_000);

  it('still replies to health checks and sign-ins after the same requests sent six at a time', async () => {
    const all = probes(contractEndpoints());
    const problems: string[] = [];
    for (let i = 0; i < all.length; i += 6) {
      const batch = all.slice(i, i + 6);
      const replies = await Promise.all(
        batch.map((p) =>
          t.request({
            method: p.endpoint.method,
            url: urlOf(p),
            headers: { ...(p.endpoint.access === 'public' ? {} : headers), ...(p.body?.type ? { 'content-type': p.body.type } : {}) },
            ...(p.body ? { payload: p.body.payload } : {}),
          }),
        ),
      );
      replies.forEach((res, j) => {
        if (res.statusCode >= 500) problems.push(`${key(batch[j]!.endpoint)} ${batch[j]!.what} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      });
    }
    expect(problems.slice(0, 30), `${problems.length} problem(s) in ${all.length} requests`).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // From another address: the fuzzing address itself has used up its sign-in attempts for the minute.
    const someone = await t.createUser('staff');
    const signIn = await t.request({ method: 'POST', url: '/v1/auth/login', remoteAddress: '127.0.0.9', payload: { email: someone.email, password: someone.password } });
    expect(signIn.statusCode, signIn.body).toBe(200);
  }, 180_000);
});
