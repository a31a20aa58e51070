import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_CSV_HEADERS, type AuditEntry } from '#shared/contract/audit';
import { complaintFile } from '../../../../tests/support/complaint-file.ts';
import { bearer } from '../../../../tests/support/test-app.ts';

const f = complaintFile();
type AuditPage = { results: AuditEntry[]; page: number; limit: number; totalPages: number; totalResults: number };
const audit = async (query = '') => {
  const res = await f.send('GET', `/v1/audit${query ? `?${query}` : ''}`, undefined, f.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditPage>();
};

let hostile: { id: string; email: string };
beforeAll(async () => {
  await f.send('POST', `/v1/jotforms/submission/${f.ids.friday}/followups`, { text: 'Called the reporter; left a voicemail.' });
  f.clock.advance(60_000);
  const user = await f.t.createUser('member', { name: '=HYPERLINK("http://x")', email: 'hostile@example.org' });
  hostile = user;
  const headers = bearer((await f.t.login(user.email, user.password)).access);
  await f.send('POST', `/v1/jotforms/submission/${f.ids.early}/followups`, { text: '@SUM(1) left as typed' }, headers);
});

describe('GET /v1/audit', () => {
  it('lists every entry newest first in the list envelope, the actor as the user is now, JotForm imports without one', async () => {
    const page = await audit('limit=100');
    expect(page).toMatchObject({ page: 1, limit: 100 });
    expect(page.totalResults).toBeGreaterThanOrEqual(page.results.length);
    const [newest] = page.results;
    expect(newest).toMatchObject({ entity: 'submission', entityId: f.ids.early, action: 'followup', actor: { id: hostile.id, name: '=HYPERLINK("http://x")', email: 'hostile@example.org' } });
    expect(newest!.changes).toEqual([{ field: 'followup', before: null, after: '@SUM(1) left as typed' }]);
    const ats = page.results.map((e) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    expect(page.results.filter((e) => e.action === 'import').every((e) => e.actor === null)).toBe(true);
  });

  it('filters by entity and id, actor (id or part of the e-mail), action and dates', async () => {
    const one = await audit(`entity=submission&entityId=${f.ids.friday}`);
    expect(one.results.map((e) => e.action)).toEqual(['followup', 'import']);
    expect((await audit('actor=dana.reyes&action=followup')).results.map((e) => e.entityId)).toEqual([f.ids.friday]);
    expect((await audit(`actor=${hostile.id}&entity=submission`)).results.map((e) => e.entityId)).toEqual([f.ids.early]);
    expect((await audit('action=import')).results.every((e) => e.action === 'import')).toBe(true);
    expect((await audit('from=2025-06-16')).totalResults).toBe(0);
    expect((await audit('from=2025-06-15&to=2025-06-15&action=followup')).totalResults).toBe(2);
  });

  it('names a submission by its submitter (and CH number once it has one), and filters by CH number, id or submitter', async () => {
    const one = await audit(`entity=submission&entityId=${f.ids.friday}`);
    const submitter = one.results[0]!.submission!.submitter;
    expect(submitter).not.toBe('');
    expect(one.results.every((e) => e.submission?.submitter === submitter && e.submission.chNumber === null)).toBe(true);
    expect((await audit('entity=user')).results.every((e) => e.submission === null)).toBe(true);
    expect((await audit(`submission=${f.ids.friday}`)).results.map((e) => e.action)).toEqual(['followup', 'import']);
    // Part of the submitter's name, in any case.
    const byName = await audit(`submission=${encodeURIComponent(submitter.slice(0, 4).toUpperCase())}`);
    expect(byName.results.map((e) => e.entityId)).toContain(f.ids.friday);
    expect(byName.results.every((e) => e.entity === 'submission')).toBe(true);
    expect((await audit('submission=CH-NOSUCH')).totalResults).toBe(0);
  });

  it('files a mark-reportable under the reportability decision it is', async () => {
    const marked = await f.send('PATCH', `/v1/jotforms/submission/${f.ids.saturday}/mark-reportable`, { reportable: true });
    expect(marked.statusCode, marked.body).toBe(200);
    const decisions = await audit(`action=${encodeURIComponent('decide reportability')}&entityId=${f.ids.saturday}`);
    expect(decisions.results.map((e) => e.action)).toEqual(['mark reportable']);
    const actions = (await f.send('GET', '/v1/audit/actions', undefined, f.admin)).json<{ results: string[] }>().results;
    expect(actions).toContain('decide reportability');
    expect(actions).not.toContain('mark reportable');
  });

  it('refuses bad filters', async () => {
    const wrong = await f.send('GET', '/v1/audit?entity=planet', undefined, f.admin);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/entity must be one of user, session, submission/i);
    const backwards = await f.send('GET', '/v1/audit?from=2025-06-15&to=2025-06-01', undefined, f.admin);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toMatch(/from must not be after to/i);
  });

  it('is for admins only', async () => {
    const res = await f.send('GET', '/v1/audit', undefined, f.staff);
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /v1/audit/export and /v1/audit/actions', () => {
  it('exports the matching entries as CSV with its headers, formulas neutralised', async () => {
    const res = await f.send('GET', '/v1/audit/export?action=followup', undefined, f.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit_trail.csv"');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_HEADERS.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")",hostile@example.org`);
    expect(lines[1]).toContain(`Submission,${f.ids.early},followup,followup: — → @SUM(1) left as typed`);
    expect(lines[2]).toContain(`Dana Reyes,dana.reyes@example.org`);
  });

  it('lists the actions recorded so far', async () => {
    const res = await f.send('GET', '/v1/audit/actions', undefined, f.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual(expect.arrayContaining(['followup', 'import']));
  });
});
