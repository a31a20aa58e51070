import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { DEMO_FORM_ID, DEMO_QID, DEMO_XSS_SUBMISSION_ID, XSS_PAYLOAD } from '../../emulators/jotform/fixtures.ts';
import { type JotformEmulator, createJotformEmulator } from '../../emulators/jotform/emulator.ts';
import { type JotformClient, createJotformClient } from './jotform-client.ts';
import { JotformError } from './jotform-error.ts';

const KEY = 'test-key-0123456789abcdef';
const EXTRA = 100;

describe('JotForm client: forms and submissions against the emulator', () => {
  const clock = fixedClock('2025-03-12T15:00:00Z');
  let emulator: JotformEmulator;
  let client: JotformClient;
  let baseUrl: string;

  beforeAll(async () => {
    emulator = createJotformEmulator({ apiKey: KEY, clock });
    for (let i = 0; i < EXTRA; i++) {
      clock.advance(60_000);
      await emulator.addSubmission();
    }
    baseUrl = await emulator.listen();
    client = createJotformClient({ baseUrl, apiKey: KEY });
  });
  afterAll(() => emulator.close());

  it('lists the account forms with string counts', async () => {
    const forms = await client.listForms();
    expect(forms).toHaveLength(1);
    expect(forms[0]).toMatchObject({ id: DEMO_FORM_ID, title: 'Complaint Form - BTS', status: 'ENABLED', count: String(34 + EXTRA) });
    expect(forms[0]?.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await client.getForm(DEMO_FORM_ID)).toMatchObject({ id: DEMO_FORM_ID, url: `https://form.jotform.com/${DEMO_FORM_ID}` });
    expect(client.limitLeft()).toBeGreaterThan(0);
  });

  it('iterates every submission page by page, in order, until a short page', async () => {
    const before = emulator.state.requests.length;
    const seen = [];
    for await (const s of client.iterateSubmissions(DEMO_FORM_ID, { orderby: 'created_at', direction: 'ASC', pageSize: 25 })) seen.push(s);
    expect(seen).toHaveLength(34 + EXTRA);
    expect(new Set(seen.map((s) => s.id)).size).toBe(seen.length);
    const created = seen.map((s) => s.created_at);
    expect(created).toEqual([...created].sort());
    const pages = emulator.state.requests.slice(before).filter((r) => r.url.includes('/submissions'));
    expect(pages.map((r) => new URL(r.url, baseUrl).searchParams.get('offset'))).toEqual(['0', '25', '50', '75', '100', '125']);
  });

  it('returns one page with its resultSet and caps the limit at 1000', async () => {
    const { submissions, resultSet } = await client.getSubmissions(DEMO_FORM_ID, { offset: 10, limit: 5000 });
    expect(submissions).toHaveLength(34 + EXTRA - 10);
    expect(resultSet).toMatchObject({ offset: 10, limit: 1000, count: 34 + EXTRA - 10 });
  });

  it('filters with field:gt, equality and field:ne and orders by any allowed field', async () => {
    const all = (await client.getSubmissions(DEMO_FORM_ID, { limit: 1000 })).submissions;
    const cutoff = [...all.map((s) => s.created_at)].sort()[all.length - 10] ?? '';
    const newer = await client.getSubmissions(DEMO_FORM_ID, { limit: 1000, filter: { 'created_at:gt': cutoff } });
    expect(newer.submissions).toHaveLength(9);
    expect(newer.submissions.every((s) => s.created_at > cutoff)).toBe(true);

    const flagged = await client.getSubmissions(DEMO_FORM_ID, { limit: 1000, filter: { flag: '1' } });
    expect(flagged.submissions.length).toBeGreaterThan(0);
    expect(flagged.submissions.every((s) => s.flag === '1')).toBe(true);
    expect((await client.getSubmissions(DEMO_FORM_ID, { filter: { 'status:ne': 'ACTIVE' } })).submissions).toEqual([]);

    const byId = await client.getSubmissions(DEMO_FORM_ID, { limit: 1000, orderby: 'id', direction: 'DESC' });
    const ids = byId.submissions.map((s) => BigInt(s.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    const edited = await client.getSubmissions(DEMO_FORM_ID, { limit: 1000, filter: { 'updated_at:gt': '2000-01-01 00:00:00' } });
    expect(edited.submissions.length).toBeGreaterThan(0);
    expect(edited.submissions.every((s) => s.updated_at !== null)).toBe(true);
  });

  it('defaults to newest first, 20 per page', async () => {
    const { submissions } = await client.getSubmissions(DEMO_FORM_ID);
    expect(submissions).toHaveLength(20);
    expect(submissions[0]!.created_at >= submissions[19]!.created_at).toBe(true);
  });

  it('reads one submission with answers keyed by qid in JotForm shapes', async () => {
    const s = await client.getSubmission(DEMO_XSS_SUBMISSION_ID);
    expect(s).toMatchObject({ id: DEMO_XSS_SUBMISSION_ID, form_id: DEMO_FORM_ID, status: 'ACTIVE', new: '1' });
    expect(s.answers[DEMO_QID.title]).not.toHaveProperty('answer');
    expect(s.answers[DEMO_QID.submit]).not.toHaveProperty('answer');
    expect(s.answers[DEMO_QID.captcha]).not.toHaveProperty('answer');
    expect(typeof s.answers[DEMO_QID.fullName]?.sublabels).toBe('string');
    expect(s.answers[DEMO_QID.fullName]?.answer).toEqual({ first: expect.any(String), last: expect.any(String) });
    expect(s.answers[DEMO_QID.richDetails]?.prettyFormat).toContain(XSS_PAYLOAD);
    expect(Array.isArray(s.answers[DEMO_QID.issues]?.answer)).toBe(true);
  });

  it('sees an edit as a newer updated_at', async () => {
    const [first] = (await client.getSubmissions(DEMO_FORM_ID, { limit: 1, orderby: 'created_at', direction: 'ASC' })).submissions;
    clock.advance(3_600_000);
    emulator.editSubmission(first!.id, { notes: 'Checked by QA', answers: { [DEMO_QID.lotNumber]: 'LOT 99Z001' } });
    const again = await client.getSubmission(first!.id);
    expect(again.notes).toBe('Checked by QA');
    expect(again.answers[DEMO_QID.lotNumber]?.answer).toBe('LOT 99Z001');
    expect(again.updated_at! > (first!.updated_at ?? '')).toBe(true);
  });

  it('turns an unknown submission id into a 401 auth error naming it', async () => {
    const err = await client.getSubmission('1234567890123456789').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JotformError);
    expect(err).toMatchObject({ kind: 'auth', status: 401, responseCode: 401 });
    expect((err as Error).message).toBe('JotForm refused access to submission 1234567890123456789: it does not exist or the API key cannot see it.');
    await expect(client.getSubmissions('999999999999999')).rejects.toMatchObject({ kind: 'auth', status: 401 });
  });

  it('reports a wrong API key without ever echoing a key', async () => {
    const wrong = createJotformClient({ baseUrl, apiKey: 'wrong-key-abcdef' });
    const err = await wrong.listForms().catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'auth', status: 401, message: 'JotForm refused the API key.' });
    expect(JSON.stringify({ ...(err as object), message: (err as Error).message })).not.toMatch(/wrong-key|test-key/);
  });

  it('works through the /v1 prefix and an enterprise-style base path', async () => {
    const v1 = createJotformClient({ baseUrl: `${baseUrl}/v1/`, apiKey: KEY });
    expect((await v1.getForm(DEMO_FORM_ID)).id).toBe(DEMO_FORM_ID);
  });
});
