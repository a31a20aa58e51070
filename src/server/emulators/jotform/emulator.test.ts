import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { type JotformEmulator, createJotformEmulator } from './emulator.ts';
import { DEMO_FORM_ID, DEMO_QID } from './fixtures.ts';

const KEY = 'emulator-key';
const form = (body: Record<string, string>) => ({
  headers: { apikey: KEY, 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(body).toString(),
});

describe('JotForm emulator: the wire format', () => {
  const clock = fixedClock('2025-06-30T12:00:00Z');
  let emu: JotformEmulator;
  beforeAll(() => {
    emu = createJotformEmulator({ apiKey: KEY, clock, dailyLimit: 500 });
  });
  afterAll(() => emu.close());
  const get = (url: string, key: string | null = KEY) => emu.app.inject({ method: 'GET', url, headers: key ? { apikey: key } : {} });

  it('wraps content in the envelope, counting limit-left down', async () => {
    const first = (await get('/user/forms')).json();
    const second = (await get('/user/forms')).json();
    expect(first).toMatchObject({ responseCode: 200, message: 'success', info: null, resultSet: { offset: 0, limit: 20, count: 1 } });
    expect(first.duration).toMatch(/^\d+\.\d{2}ms$/);
    expect(second['limit-left']).toBe(first['limit-left'] - 1);
  });

  it('accepts the key as the apiKey query parameter and serves /v1 paths too', async () => {
    const res = await emu.app.inject({ url: `/v1/form/${DEMO_FORM_ID}?apiKey=${KEY}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toMatchObject({ id: DEMO_FORM_ID, count: '34', new: expect.stringMatching(/^\d+$/) });
    expect(emu.state.requests.at(-1)?.url).toBe(`/v1/form/${DEMO_FORM_ID}?apiKey=***`);
  });

  it('replies 401 in JotForm words for a bad key and for unknown ids, 404 for unknown routes', async () => {
    expect((await get(`/form/${DEMO_FORM_ID}/submissions`, 'nope')).json()).toEqual({
      responseCode: 401,
      message: "You're not authorized to use (/form-id-submissions) ",
      content: '',
      duration: expect.any(String),
      info: 'https://api.jotform.com/docs#form-id-submissions',
    });
    const missing = await get('/submission/42');
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe("You're not authorized to use (/submission-id) ");
    expect((await get(`/v1/form/${DEMO_FORM_ID}/question/999`)).json().message).toBe("You're not authorized to use (/form-id-question-id) ");
    const unknown = await get(`/v1/form/${DEMO_FORM_ID}/nosuchthing`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ responseCode: 404, message: 'Requested URL (/form-id-nosuchthing) is not available!', content: '' });
  });

  it('sends numbers as strings, sublabels as a JSON string in answers and an object in questions', async () => {
    const [s] = (await get(`/form/${DEMO_FORM_ID}/submissions?limit=1&orderby=created_at&direction=ASC`)).json().content;
    for (const key of ['id', 'form_id', 'new', 'flag']) expect(typeof s[key]).toBe('string');
    expect(s.updated_at).toBeNull();
    const name = s.answers[DEMO_QID.fullName];
    expect(typeof name.order).toBe('string');
    expect(JSON.parse(name.sublabels)).toMatchObject({ first: 'First Name' });
    expect(s.answers[DEMO_QID.title]).toEqual({ name: 'complaintForm', order: '1', text: 'Complaint Form - BTS', type: 'control_head' });
    const q = (await get(`/form/${DEMO_FORM_ID}/question/${DEMO_QID.fullName}`)).json().content;
    expect(q).toMatchObject({ qid: '3', order: '3', sublabels: { first: 'First Name' } });
  });

  it('creates a submission from bracket-encoded fields', async () => {
    clock.advance(60_000);
    const res = await emu.app.inject({
      method: 'POST',
      url: `/form/${DEMO_FORM_ID}/submissions`,
      ...form({
        'submission[3][first]': 'Ada',
        'submission[3][last]': 'Byron',
        'submission[4]': 'ada@example.com',
        'submission[10][month]': '06',
        'submission[10][day]': '28',
        'submission[10][year]': '2025',
        'submission[13][]': 'Device malfunction',
      }),
    });
    const { submissionID } = res.json().content;
    const s = (await get(`/submission/${submissionID}`)).json().content;
    expect(s.created_at).toBe('2025-06-30 08:01:00');
    expect(s.answers['3']).toMatchObject({ answer: { first: 'Ada', last: 'Byron' }, prettyFormat: 'Ada Byron' });
    expect(s.answers['10']).toMatchObject({ answer: { month: '06', day: '28', year: '2025', datetime: '2025-06-28 00:00:00' }, prettyFormat: '06-28-2025' });
    expect(s.answers['13']).toMatchObject({ answer: ['Device malfunction'], prettyFormat: 'Device malfunction' });
    expect(s.answers['12']).not.toHaveProperty('answer');
    await emu.settled();
  });

  it('adds questions from a JSON object keyed by any index, replying with numeric qid and order', async () => {
    const res = await emu.app.inject({
      method: 'PUT',
      url: `/form/${DEMO_FORM_ID}/questions`,
      headers: { apikey: KEY },
      payload: { questions: { '7': { type: 'control_textbox', text: 'Batch number', order: '6', name: 'batchNumber' } } },
    });
    expect(res.json().content).toEqual({ '7': expect.objectContaining({ name: 'batchNumber', text: 'Batch number', type: 'control_textbox', qid: 23, order: 6 }) });
    const bad = await emu.app.inject({ method: 'PUT', url: `/form/${DEMO_FORM_ID}/questions`, headers: { apikey: KEY }, payload: { questions: [{ text: 'x' }] } });
    expect(bad.statusCode).toBe(400);
  });

  it('edits question properties from question[prop]=value and deletes with JotForm’s text', async () => {
    const edit = await emu.app.inject({ method: 'POST', url: `/form/${DEMO_FORM_ID}/question/23`, ...form({ 'question[order]': '2', 'question[required]': 'Yes' }) });
    expect(edit.json().content).toMatchObject({ qid: '23', order: '2', required: 'Yes', text: 'Batch number' });
    const del = await emu.app.inject({ method: 'DELETE', url: `/form/${DEMO_FORM_ID}/question/23`, headers: { apikey: KEY } });
    expect(del.json().content).toBe('QuestionID #23 successfully deleted.');
  });

  it('rejects a filter it does not understand instead of ignoring it', async () => {
    const res = await get(`/form/${DEMO_FORM_ID}/submissions?filter=${encodeURIComponent('{"created_at:gte":"2025-01-01"}')}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unsupported filter operator "gte" in "created_at:gte"');
    expect((await get(`/form/${DEMO_FORM_ID}/submissions?filter=nope`)).statusCode).toBe(400);
  });
});

describe('JotForm emulator: paging through a list', () => {
  it('answers each page from the store as it is now: a submission added, edited or deleted between pages shows on the next', async () => {
    const clock = fixedClock('2025-06-30T12:00:00Z');
    const emu = createJotformEmulator({ apiKey: KEY, clock, dailyLimit: 1_000 });
    const page = async (query: string) => (await emu.app.inject({ url: `/form/${DEMO_FORM_ID}/submissions?${query}`, headers: { apikey: KEY } })).json();
    const ids = async (query: string) => (await page(query)).content.map((s: { id: string }) => s.id);
    /** The same list worked out afresh from the store: every submission of the form, sorted as asked. */
    const fresh = (field: 'created_at' | 'updated_at', direction: 1 | -1) =>
      [...emu.state.submissions.values()]
        .sort((a, b) => direction * ((a[field] ?? '') < (b[field] ?? '') ? -1 : (a[field] ?? '') > (b[field] ?? '') ? 1 : BigInt(a.id) < BigInt(b.id) ? -1 : 1))
        .map((s) => s.id);
    const asc = 'orderby=created_at&direction=ASC&limit=10';
    expect(await ids(`${asc}&offset=0`)).toEqual(fresh('created_at', 1).slice(0, 10));
    // Asked again unchanged: the same page.
    expect(await ids(`${asc}&offset=0`)).toEqual(fresh('created_at', 1).slice(0, 10));
    const oldest = fresh('created_at', 1)[0]!;
    const r = await emu.app.inject({ method: 'DELETE', url: `/submission/${oldest}`, headers: { apikey: KEY } });
    expect(r.statusCode).toBe(200);
    expect(await ids(`${asc}&offset=0`)).toEqual(fresh('created_at', 1).slice(0, 10));
    expect(await ids(`${asc}&offset=0`)).not.toContain(oldest);
    clock.set('2025-06-30T13:00:00Z');
    const added = await emu.addSubmission();
    expect((await ids('limit=1'))[0]).toBe(added.id);
    const edited = fresh('created_at', 1)[3]!;
    const byUpdate = 'orderby=updated_at&direction=DESC&limit=5';
    await ids(byUpdate);
    clock.set('2025-06-30T14:00:00Z');
    emu.editSubmission(edited, { flag: '1' });
    expect((await ids(byUpdate))[0]).toBe(edited);
    expect(await ids(byUpdate)).toEqual(fresh('updated_at', -1).slice(0, 5));
    // The filter is read on every call: a page of the flagged ones only, then a bad filter refused.
    expect((await page(`filter=${encodeURIComponent('{"flag":"1"}')}&limit=1000`)).content.every((s: { flag: string }) => s.flag === '1')).toBe(true);
    expect((await emu.app.inject({ url: `/form/${DEMO_FORM_ID}/submissions?filter=nope`, headers: { apikey: KEY } })).statusCode).toBe(400);
    await emu.close();
  });
});

describe('JotForm emulator: logging', () => {
  it('takes a ready logger instance, as sandbox mode passes the portal’s', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const emu = createJotformEmulator({ apiKey: KEY, logger });
    expect((await emu.app.inject({ url: '/user/forms', headers: { apikey: KEY } })).statusCode).toBe(200);
    await emu.app.inject({ method: 'POST', url: `/form/${DEMO_FORM_ID}/webhooks`, ...form({ webhookURL: 'http://127.0.0.1:9/hook/secret-path' }) });
    await emu.addSubmission();
    expect(lines.join('')).toContain('webhook delivery failed');
    expect(lines.join('')).not.toContain('secret-path');
    await emu.close();
  });
});

describe('JotForm emulator: quota', () => {
  it('replies 429 "API-Limit exceeded" once the daily calls are used, and resets at US-Eastern midnight', async () => {
    const clock = fixedClock('2025-01-10T15:00:00Z');
    const emu = createJotformEmulator({ apiKey: KEY, clock, dailyLimit: 2 });
    const call = () => emu.app.inject({ url: '/user/forms', headers: { apikey: KEY } });
    expect((await call()).json()['limit-left']).toBe(1);
    expect((await call()).json()['limit-left']).toBe(0);
    const over = await call();
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ responseCode: 429, message: 'API-Limit exceeded', content: '' });
    clock.set('2025-01-11T04:59:00Z');
    expect((await call()).statusCode).toBe(429);
    clock.set('2025-01-11T05:00:00Z');
    expect((await call()).statusCode).toBe(200);
    await emu.close();
  });
});
