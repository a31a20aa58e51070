import { describe, expect, it } from 'vitest';
import type { ImdrfCodes, SubmissionCode } from '#shared/contract/imdrf';
import type { HistoryEntry } from '#shared/contract/submissions';
import { complaintFile } from '../../../../tests/support/complaint-file.ts';

const f = complaintFile();
/** The release the portal ships (docs/features/coding.md). */
const RELEASE = 'IMDRF AE terminology, Release 2023 (31 January 2023)';
const codesUrl = (id: string) => `/v1/jotforms/submission/${id}/codes`;

describe('GET /v1/imdrf/codes', () => {
  it('finds "leak" in terms and definitions, the terms named so first, with the release', async () => {
    const res = await f.send('GET', '/v1/imdrf/codes?search=leak');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ImdrfCodes>();
    expect(body.release).toBe(RELEASE);
    expect(body.codes.find((c) => c.code === 'A050401')).toEqual({
      code: 'A050401',
      term: 'Fluid/Blood Leak',
      definition: expect.stringMatching(/\w/),
      annex: 'A',
      selectable: true,
    });
    // Every hit says leak somewhere; the first ones in their term.
    for (const c of body.codes) expect(`${c.term} ${c.definition}`.toLowerCase()).toContain('leak');
    expect(body.codes[0]!.term.toLowerCase()).toContain('leak');
    expect(body.codes.map((c) => c.code)).toEqual(expect.arrayContaining(['A0504', 'A050402', 'C0703', 'E0106']));
  });

  it('finds a code by its beginning and filters by annex', async () => {
    const byCode = (await f.send('GET', '/v1/imdrf/codes?search=A0504&limit=100')).json<ImdrfCodes>();
    expect(byCode.codes[0]!.code).toBe('A0504');
    const clinical = (await f.send('GET', '/v1/imdrf/codes?search=leak&annex=E&limit=100')).json<ImdrfCodes>();
    expect(clinical.codes.length).toBeGreaterThan(0);
    expect(clinical.codes.every((c) => c.annex === 'E' && c.code.startsWith('E'))).toBe(true);
  });

  it('marks headings and retired terms not selectable', async () => {
    const heading = (await f.send('GET', '/v1/imdrf/codes?search=E01&limit=1')).json<ImdrfCodes>();
    expect(heading.codes[0]).toMatchObject({ code: 'E01', term: 'Nervous System', selectable: false });
  });

  it('refuses a search longer than 100 characters (400)', async () => {
    const res = await f.send('GET', `/v1/imdrf/codes?search=${'x'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('PUT /v1/jotforms/submission/:id/codes', () => {
  it('refuses an unknown code and a not-selectable one, storing nothing', async () => {
    const id = f.ids.friday;
    const unknown = await f.send('PUT', codesUrl(id), { codes: ['A050401', 'Z9999'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ code: 'unknown_code', message: `Z9999 is not a code of the IMDRF terminology the portal ships (${RELEASE}).` });
    const heading = await f.send('PUT', codesUrl(id), { codes: ['E01'] });
    expect(heading.statusCode).toBe(400);
    expect(heading.json()).toMatchObject({ code: 'code_not_selectable', message: expect.stringContaining('E01 (Nervous System) cannot be chosen') });
    // Retired in Release 2023 (replaced by A0723).
    const retired = await f.send('PUT', codesUrl(id), { codes: ['A071205'] });
    expect(retired.json()).toMatchObject({ code: 'code_not_selectable' });
    expect((await f.send('GET', codesUrl(id))).json()).toEqual({ results: [] });
  });

  it('keeps several codes with the release, the coder and the time; a later change keeps the codes it keeps', async () => {
    const id = f.ids.early;
    const first = await f.send('PUT', codesUrl(id), { codes: ['a050401', 'E2002', 'A050401'] });
    expect(first.statusCode, first.body).toBe(200);
    const codedAt = f.clock.now().toISOString();
    const by = { id: f.staffUser.id, name: 'Dana Reyes', email: 'dana.reyes@example.org' };
    expect(first.json<{ results: SubmissionCode[] }>().results).toEqual([
      { code: 'A050401', term: 'Fluid/Blood Leak', annex: 'A', release: RELEASE, codedBy: by, codedAt },
      { code: 'E2002', term: 'Bruise/Contusion', annex: 'E', release: RELEASE, codedBy: by, codedAt },
    ]);

    f.clock.advance(60_000);
    const second = await f.send('PUT', codesUrl(id), { codes: ['E2002', 'F1905'] }, f.admin);
    expect(second.statusCode, second.body).toBe(200);
    const results = second.json<{ results: SubmissionCode[] }>().results;
    expect(results.map((c) => [c.code, c.codedAt, c.codedBy?.name])).toEqual([
      ['E2002', codedAt, 'Dana Reyes'],
      ['F1905', f.clock.now().toISOString(), expect.any(String)],
    ]);
    expect((await f.send('GET', codesUrl(id))).json()).toEqual({ results });

    // The same set again changes nothing and writes no history.
    await f.send('PUT', codesUrl(id), { codes: ['F1905', 'E2002'] });
    const history = (await f.send('GET', `/v1/jotforms/submission/${id}/history`)).json<{ results: HistoryEntry[] }>().results.filter((e) => e.action === 'code');
    expect(history).toHaveLength(2);
    expect(history[1]).toMatchObject({
      actor: by,
      changes: expect.arrayContaining([
        { field: 'codes', before: '', after: 'A050401 Fluid/Blood Leak, E2002 Bruise/Contusion' },
        { field: 'release', before: null, after: RELEASE },
      ]),
    });
    expect(history[0]!.changes).toContainEqual({ field: 'codes', before: 'A050401 Fluid/Blood Leak, E2002 Bruise/Contusion', after: expect.stringMatching(/^E2002 Bruise\/Contusion, F1905 /) });
  });

  it('removes every code with an empty list; 404 for an unknown submission', async () => {
    const id = f.ids.saturday;
    await f.send('PUT', codesUrl(id), { codes: ['A0504'] });
    expect((await f.send('PUT', codesUrl(id), { codes: [] })).json()).toEqual({ results: [] });
    expect((await f.send('PUT', codesUrl('999999'), { codes: ['A0504'] })).statusCode).toBe(404);
  });
});
