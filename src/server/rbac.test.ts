import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '#shared/roles';
import { contractEndpoints, contractModules } from '../../tests/support/contract-endpoints.ts';
import { type TestApp, createTestApp } from '../../tests/support/test-app.ts';

const endpoints = contractEndpoints();

/** The (method, path) pairs the app serves, read from Fastify's route tree; HEAD twins left out. */
function servedRoutes(app: FastifyInstance): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack[depth] = m[2]!;
    for (const method of m[3]?.split(', ') ?? []) if (method !== 'HEAD') out.push({ method, path: stack.join('') });
  }
  return out;
}

/** Routes under /v1 served outside the contract, on purpose. */
const OUTSIDE_CONTRACT = new Set(['GET /v1/docs/openapi.json', 'GET /v1/docs/license']);

const t: TestApp = await createTestApp();
afterAll(() => t.close());
await t.app.ready();

const served = endpoints.filter((e) => t.app.hasRoute({ method: e.method, url: e.path }));
const notServed = endpoints.filter((e) => !served.includes(e));

type Principal = 'anonymous' | 'bad token' | Role;
const principals: Principal[] = ['anonymous', 'bad token', ...ROLES];
const headers: Record<Principal, Record<string, string>> = {
  anonymous: {},
  'bad token': { authorization: 'Bearer not.a.token' },
  super_admin: await t.as('super_admin'),
  admin: await t.as('admin'),
  staff: await t.as('staff'),
  member: await t.as('member'),
};

/**
 * Who may call each endpoint, written out from docs/product.md, Roles (Users, Configurations, Logs
 * and Edit Form for admins; the submissions, their details, dashboard and quality processes for
 * every role). Never derived from the code under test: a wrong capability table, or an endpoint
 * without a row here, fails.
 */
/** 'quality': admins and staff, the quality managers (docs/features/trends.md). */
type Who = 'anyone' | 'signed-in' | 'all roles' | 'admins' | 'quality';
const WHO_MAY: Record<string, Who> = {
  // The first screens' calls.
  'POST /v1/auth/login': 'anyone',
  'POST /v1/auth/refresh-tokens': 'anyone',
  'POST /v1/auth/logout': 'anyone',
  'GET /v1/auth/profile': 'signed-in',
  'POST /v1/users': 'admins',
  'GET /v1/users': 'admins',
  'GET /v1/users/:userId': 'admins',
  'PATCH /v1/users/:userId': 'admins',
  'PATCH /v1/users/:userId/restrict-access': 'admins',
  'GET /v1/dashboard': 'all roles',
  'GET /v1/jotforms': 'all roles',
  'GET /v1/jotforms/:formId': 'all roles',
  'GET /v1/jotforms/submission/:id': 'all roles',
  'PATCH /v1/jotforms/submission/:id/quality-process': 'all roles',
  'GET /v1/jotforms/:formId/questions': 'admins',
  'POST /v1/jotforms/:formId/questions': 'admins',
  'DELETE /v1/jotforms/:formId/questions/:questionId': 'admins',
  'PATCH /v1/jotforms/submission/:id/create-followup': 'all roles',
  'PATCH /v1/jotforms/submission/:id/mark-email-delivered': 'all roles',
  'POST /v1/jotforms/submission/:id/send-email-recipient': 'all roles',
  'PATCH /v1/jotforms/submission/:id/mark-reportable': 'all roles',
  'GET /v1/jotforms/:formId/exportSubmissionsCSV': 'all roles',
  'GET /v1/jotforms/:formId/complaint-register.csv': 'all roles',
  'GET /v1/arena/quality-process-step/:id': 'all roles',
  'GET /v1/arena/template/step': 'all roles',
  'GET /v1/field-mapping': 'admins',
  'GET /v1/field-mapping/:id': 'admins',
  'POST /v1/field-mapping': 'admins',
  'PUT /v1/field-mapping/:id': 'admins',
  'DELETE /v1/field-mapping/:id': 'admins',
  'GET /v1/email-configs': 'admins',
  'POST /v1/email-configs': 'admins',
  'PATCH /v1/email-configs/:id': 'admins',
  'DELETE /v1/email-configs/:id': 'admins',
  'GET /v1/logs': 'admins',
  'DELETE /v1/logs': 'admins',
  // Added since: the account, the review, question order, the webhook, mail and integrations.
  'PATCH /v1/auth/password': 'signed-in',
  'GET /v1/auth/sessions': 'signed-in',
  'DELETE /v1/auth/sessions': 'signed-in',
  'DELETE /v1/auth/sessions/:sessionId': 'signed-in',
  'DELETE /v1/users/:userId/sessions': 'admins',
  'PATCH /v1/jotforms/submission/:id/review': 'all roles',
  'GET /v1/jotforms/submission/:id/mail': 'all roles',
  'PATCH /v1/jotforms/:formId/questions/order': 'admins',
  'GET /v1/field-mapping/preprocessing-functions': 'admins',
  'POST /v1/field-mapping/preview': 'admins',
  'GET /v1/field-mapping/complaint-fields': 'admins',
  'PUT /v1/field-mapping/complaint-fields': 'admins',
  'GET /v1/field-mapping/screening-questions': 'admins',
  'PUT /v1/field-mapping/screening-questions': 'admins',
  'GET /v1/jotforms/submission/:id/quality-process/preview': 'all roles',
  'POST /v1/jotforms/webhook/:secret': 'anyone',
  'GET /v1/mail': 'admins',
  'GET /v1/mail/:id/resend': 'admins',
  'POST /v1/mail/:id/resend': 'admins',
  // Owners and reminders.
  'GET /v1/jotforms/owners': 'all roles',
  'PUT /v1/jotforms/submission/:id/owner': 'all roles',
  'POST /v1/mail/reminders': 'admins',
  'GET /v1/mail/reminders/mine': 'signed-in',
  'PUT /v1/mail/reminders/mine': 'signed-in',
  'GET /v1/integrations': 'admins',
  // The complaint file.
  'GET /v1/jotforms/submission/:id/followups': 'all roles',
  'POST /v1/jotforms/submission/:id/followups': 'all roles',
  'GET /v1/imdrf/codes': 'all roles',
  'GET /v1/jotforms/submission/:id/codes': 'all roles',
  'PUT /v1/jotforms/submission/:id/codes': 'all roles',
  'GET /v1/jotforms/submission/:id/history': 'all roles',
  'GET /v1/jotforms/submission/:id/reportability': 'all roles',
  'PUT /v1/jotforms/submission/:id/reportability': 'all roles',
  'POST /v1/jotforms/submission/:id/reportability/reports': 'all roles',
  'GET /v1/reporting/questions': 'all roles',
  'GET /v1/jotforms/submission/:id/assessments': 'all roles',
  'POST /v1/jotforms/submission/:id/assessments': 'all roles',
  // Signatures and closure.
  'POST /v1/auth/signing-token': 'signed-in',
  'GET /v1/jotforms/submission/:id/signatures': 'all roles',
  'GET /v1/jotforms/submission/:id/closure': 'all roles',
  'PUT /v1/jotforms/submission/:id/investigation': 'all roles',
  'PUT /v1/jotforms/submission/:id/reply': 'all roles',
  'POST /v1/jotforms/submission/:id/close': 'all roles',
  'POST /v1/jotforms/submission/:id/reopen': 'all roles',
  'GET /v1/jotforms/submission/:id/complaint-file.pdf': 'all roles',
  'GET /v1/dashboard/overview': 'all roles',
  'GET /v1/audit': 'admins',
  'GET /v1/audit/export': 'admins',
  'GET /v1/audit/actions': 'admins',
  // Two-step verification.
  'POST /v1/auth/login/mfa': 'anyone',
  'GET /v1/auth/mfa': 'signed-in',
  'POST /v1/auth/mfa/totp': 'signed-in',
  'POST /v1/auth/mfa/totp/confirm': 'signed-in',
  'DELETE /v1/auth/mfa/totp': 'signed-in',
  'POST /v1/auth/mfa/recovery-codes': 'signed-in',
  // Single sign-on.
  'GET /v1/auth/oidc': 'anyone',
  'GET /v1/auth/oidc/start': 'anyone',
  'GET /v1/auth/oidc/callback': 'anyone',
  'POST /v1/auth/oidc/exchange': 'anyone',
  'GET /v1/auth/oidc/logout': 'anyone',
  'POST /v1/auth/oidc/link': 'signed-in',
  'POST /v1/auth/oidc/confirm': 'signed-in',
  'POST /v1/auth/oidc/outcome': 'signed-in',
  'POST /v1/auth/oidc/signing-token': 'signed-in',
  'PUT /v1/users/:userId/identity': 'admins',
  'DELETE /v1/users/:userId/identity': 'admins',
  'GET /v1/users/:userId/sign-in': 'admins',
  'DELETE /v1/users/:userId/mfa': 'admins',
  // Trends and signal rules.
  'GET /v1/trends': 'quality',
  'GET /v1/trends/signals': 'quality',
  'GET /v1/trends/rules': 'quality',
  'POST /v1/trends/rules': 'admins',
  'PUT /v1/trends/rules/:ruleId': 'admins',
  'DELETE /v1/trends/rules/:ruleId': 'admins',
  'GET /v1/jotforms/submission/:id/similar': 'all roles',
};

function expectedFor(key: string, who: Principal): 'guard-401' | 'guard-403' | 'allowed' {
  const rule = WHO_MAY[key];
  if (rule === undefined) throw new Error(`${key} has no row in WHO_MAY`);
  if (rule === 'anyone') return 'allowed';
  if (who === 'anonymous' || who === 'bad token') return 'guard-401';
  if (rule === 'admins' && (who === 'staff' || who === 'member')) return 'guard-403';
  if (rule === 'quality' && who === 'member') return 'guard-403';
  return 'allowed';
}

const rows = endpoints.flatMap((endpoint) => {
  const key = `${endpoint.method} ${endpoint.path}`;
  return WHO_MAY[key] === undefined ? [] : principals.map((who) => [key, who, expectedFor(key, who), endpoint] as const);
});

describe('role-based access to every contract endpoint', () => {
  it('has a row for every contract endpoint, and every row is an endpoint the app serves', () => {
    expect(Object.keys(contractModules).length).toBeGreaterThanOrEqual(4);
    const declared = endpoints.map((e) => `${e.method} ${e.path}`);
    expect(declared.filter((k) => WHO_MAY[k] === undefined)).toEqual([]);
    expect(Object.keys(WHO_MAY).filter((k) => !declared.includes(k))).toEqual([]);
    expect(notServed.map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it.each(rows)('%s as %s → %s', async (_label, who, expected, endpoint) => {
    const withBody = endpoint.method === 'POST' || endpoint.method === 'PUT' || endpoint.method === 'PATCH';
    const url = endpoint.path.replace(/:(\w+)/g, () => randomUUID());
    const res = await t.request({ method: endpoint.method, url, headers: headers[who], ...(withBody ? { payload: {} } : {}) });
    const body = res.headers['content-type']?.toString().includes('json') ? res.json() : null;
    if (expected === 'guard-401') {
      expect(res.statusCode).toBe(401);
      expect(body).toEqual({ code: 'unauthorized', message: expect.any(String) });
    } else if (expected === 'guard-403') {
      expect(res.statusCode).toBe(403);
      expect(body).toEqual({ code: 'forbidden', message: 'You do not have permission to do this.' });
    } else if (endpoint.access === 'public') {
      // Public endpoints may refuse bad credentials themselves, but never through the access guard.
      expect(res.statusCode).not.toBe(403);
      expect(body?.message).not.toBe('Please sign in.');
    } else {
      expect([401, 403]).not.toContain(res.statusCode);
    }
    if (res.statusCode >= 400) expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('every /v1 route the app serves is declared in a contract (so the access guard covers it)', () => {
    const declared = new Set(endpoints.map((e) => `${e.method} ${e.path}`));
    const strays = servedRoutes(t.app)
      .filter((r) => r.path.startsWith('/v1'))
      .map((r) => `${r.method} ${r.path}`)
      .filter((r) => !declared.has(r) && !OUTSIDE_CONTRACT.has(r));
    expect(strays).toEqual([]);
    expect(servedRoutes(t.app).length).toBeGreaterThanOrEqual(served.length);
  });
});

describe('outside the contract', () => {
  it('HEAD twins of protected GET endpoints are guarded too', async () => {
    const gets = served.filter((e) => e.method === 'GET' && e.access !== 'public');
    expect(gets.length).toBeGreaterThan(0);
    for (const e of gets) {
      const url = e.path.replace(/:(\w+)/g, () => randomUUID());
      expect((await t.request({ method: 'HEAD', url })).statusCode, `HEAD ${e.path}`).toBe(401);
      if (WHO_MAY[`${e.method} ${e.path}`] === 'admins') {
        expect((await t.request({ method: 'HEAD', url, headers: headers.member })).statusCode, `HEAD ${e.path} as member`).toBe(403);
      }
    }
  });


  it.each([
    ['GET', '/v1/does-not-exist'],
    ['POST', '/v1/nothing/here'],
    ['GET', '/v1'],
    ['PUT', '/v1/users'],
    ['DELETE', '/v1/auth/profile'],
  ] as const)('%s %s → JSON 404 {code, message}', async (method, url) => {
    const res = await t.request({ method, url, headers: headers.admin });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ code: 'not_found', message: expect.stringContaining(url) });
  });

  it('GET /healthz → 200', async () => {
    const res = await t.request({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /v1/docs/openapi.json lists every served contract endpoint, with its method', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, { security?: unknown[] }>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const e of served) {
      const path = e.path.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths, path).toHaveProperty([path]);
      const operation = doc.paths[path]![e.method.toLowerCase()];
      expect(operation, `${e.method} ${path}`).toBeDefined();
      // Protected operations declare the bearer scheme; public ones declare that they need none.
      expect(operation!.security, `${e.method} ${path} security`).toEqual(e.access === 'public' ? [] : [{ bearerAuth: [] }]);
    }
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/v1/'))).toBe(true);
  });
});
