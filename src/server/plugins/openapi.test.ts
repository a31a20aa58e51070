import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../tests/support/test-app.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

interface LintProblem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer?: string }[];
}

/** `redocly lint` of a document, with the repository's config and known problems, as a person runs it. */
function redoclyLint(document: string): { status: number | null; problems: string[] } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
  try {
    writeFileSync(path.join(dir, 'openapi.json'), document);
    for (const file of ['redocly.yaml', '.redocly.lint-ignore.yaml']) copyFileSync(path.join(ROOT, file), path.join(dir, file));
    const lint = spawnSync(process.execPath, [REDOCLY, 'lint', 'openapi.json', '--format=json'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const { problems } = JSON.parse(lint.stdout) as { problems: (LintProblem & { ignored?: boolean })[] };
    return {
      status: lint.status,
      problems: problems.filter((p) => !p.ignored).map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface OpenApiDocument {
  info: { license?: unknown };
  servers?: unknown[];
  paths: Record<string, Partial<Record<'get' | 'post' | 'put' | 'patch' | 'delete', { operationId?: string; security?: unknown[] }>>>;
}

/** The value under a path of keys in a JSON document. */
const at = (value: unknown, ...keys: string[]): unknown => keys.reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], value);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://quality.portal.internal/' } });
});
afterAll(() => t.close());

describe('GET /v1/docs/openapi.json', () => {
  it('passes redocly lint with its recommended rules', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const lint = redoclyLint(res.body);
    expect(lint.problems).toEqual([]);
    expect(lint.status).toBe(0);
  });

  it('names each operation after its endpoint in the contract, and the portal at PUBLIC_URL as the server', async () => {
    const doc = (await t.request({ method: 'GET', url: '/v1/docs/openapi.json' })).json<OpenApiDocument>();
    expect(doc.servers).toEqual([{ url: 'https://quality.portal.internal', description: 'This portal (PUBLIC_URL)' }]);
    expect(doc.paths['/v1/auth/login']!.post).toMatchObject({ operationId: 'authLogin', security: [] });
    expect(doc.paths['/v1/jotforms/{formId}/exportSubmissionsCSV']!.get).toMatchObject({ operationId: 'submissionsExportCsv', security: [{ bearerAuth: [] }] });
    expect(doc.paths['/v1/users/{userId}/restrict-access']!.patch!.operationId).toBe('usersRestrictAccess');
    expect(doc.paths['/v1/dashboard/overview']!.get!.operationId).toBe('dashboardOverview');
  });

  it('keeps the type of a field that may be null: an audit change holds a string, number, boolean or null', async () => {
    const doc = (await t.request({ method: 'GET', url: '/v1/docs/openapi.json' })).json<OpenApiDocument>();
    const change = at(doc.paths['/v1/audit'], 'get', 'responses', '200', 'content', 'application/json', 'schema', 'properties', 'results', 'items', 'properties', 'changes', 'items');
    expect(at(change, 'properties', 'before')).toEqual({
      anyOf: [{ type: 'string', nullable: true }, { type: 'number' }, { type: 'boolean' }],
    });
  });

  it('links to the licence it names, served beside it', async () => {
    const doc = (await t.request({ method: 'GET', url: '/v1/docs/openapi.json' })).json<OpenApiDocument>();
    expect(doc.info.license).toEqual({ name: 'Proprietary', url: 'https://quality.portal.internal/v1/docs/license' });
    const res = await t.request({ method: 'GET', url: '/v1/docs/license' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toMatch(/^Quality Portal API: proprietary\. All rights reserved/);
  });
});
