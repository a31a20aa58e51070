import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJotformClient } from './jotform-client.ts';

/*
 * Contract tests from JotForm's official API client (jotform-api-nodejs): each call the connector
 * makes goes to the path the official client uses, with its parameter names (offset, limit,
 * filter, orderby, direction; webhookURL; questions as string properties; question[...] edits),
 * and replies in the envelope the official client reads ({responseCode, message, content,
 * limit-left, duration}) parse into our types. The replies are written for this project in those
 * shapes, and served by a small HTTP server on loopback that records what reached it.
 */

interface Received {
  method: string;
  path: string;
  query: Record<string, string>;
  contentType: string | undefined;
  body: string;
}

const KEY = 'contract-test-key-0123456789abcdef';
const FORM = '251234567890123';
const received: Received[] = [];
const contents = new Map<string, unknown>();
let server: http.Server;
let baseUrl: string;

const envelope = (content: unknown, extra: Record<string, unknown> = {}) => ({ responseCode: 200, message: 'success', content, 'limit-left': 9876, duration: '12.34ms', ...extra });

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      received.push({ method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), contentType: req.headers['content-type'], body });
      const key = `${req.method} ${url.pathname}`;
      const known = req.headers.apikey === KEY && contents.has(key);
      res.writeHead(known ? 200 : 401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(known ? envelope(contents.get(key)) : { responseCode: 401, message: "You're not authorized to use (/form-id) ", content: '', duration: '1ms' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
  contents.clear();
});

const client = () => createJotformClient({ apiKey: KEY, baseUrl, retries: 0 });

const SUBMISSION = {
  id: '6009000000249561122',
  form_id: FORM,
  ip: '198.51.100.7',
  created_at: '2026-03-02 09:14:07',
  status: 'ACTIVE',
  new: '1',
  flag: '0',
  notes: '',
  updated_at: null,
  answers: {
    '3': { name: 'productName', order: '3', text: 'Product name', type: 'control_textbox', answer: 'Infusion pump P-20' },
    '10': { name: 'dateYou', order: '10', text: 'Date you became aware', type: 'control_datetime', answer: { day: '01', month: '03', year: '2026' }, prettyFormat: '03/01/2026' },
    '12': { name: 'symptoms', order: '12', text: 'Symptoms', type: 'control_checkbox', answer: ['Alarm silent', 'No flow'], prettyFormat: 'Alarm silent; No flow' },
    '14': { name: 'header', order: '14', text: 'Complaint', type: 'control_head' },
  },
};

describe('JotForm connector against the official client', () => {
  it('user.get and user.getForms: GET /user and /user/forms with offset and limit; the envelopes parse', async () => {
    contents.set('GET /user', { username: 'btsquality', name: 'BTS Quality', email: 'quality@provider.example', account_type: 'https://api.jotform.com/system/plan/BRONZE', time_zone: 'America/New_York', status: 'ACTIVE' });
    contents.set('GET /user/forms', [{ id: FORM, username: 'btsquality', title: 'Complaint Form', height: '539', status: 'ENABLED', created_at: '2026-01-05 10:00:00', updated_at: null, new: '3', count: '41', url: `https://form.jotform.com/${FORM}` }]);
    const jotform = client();
    expect(await jotform.getUser()).toMatchObject({ username: 'btsquality', time_zone: 'America/New_York' });
    expect(jotform.limitLeft()).toBe(9876);
    const [form] = await jotform.listForms({ offset: 0, limit: 100 });
    expect(form).toMatchObject({ id: FORM, title: 'Complaint Form', status: 'ENABLED', count: '41' });
    expect(received.map((r) => [r.method, r.path, r.query])).toEqual([
      ['GET', '/user', {}],
      ['GET', '/user/forms', { offset: '0', limit: '100' }],
    ]);
  });

  it('form.get and form.getSubmissions: the pagination parameters by their names, the filter as JSON; replies of every kind parse', async () => {
    contents.set(`GET /form/${FORM}`, { id: FORM, title: 'Complaint Form', status: 'ENABLED', count: 41 });
    contents.set(`GET /form/${FORM}/submissions`, [SUBMISSION]);
    const jotform = client();
    expect(await jotform.getForm(FORM)).toMatchObject({ id: FORM, count: '41' });
    const { submissions } = await jotform.getSubmissions(FORM, { offset: 20, limit: 20, filter: { 'created_at:gt': '2026-03-01 00:00:00' }, orderby: 'created_at', direction: 'ASC' });
    const search = received[1];
    expect(Object.keys(search?.query ?? {}).sort()).toEqual(['direction', 'filter', 'limit', 'offset', 'orderby']);
    expect(JSON.parse(search?.query.filter ?? '')).toEqual({ 'created_at:gt': '2026-03-01 00:00:00' });
    expect(submissions[0]).toMatchObject({ id: SUBMISSION.id, form_id: FORM, updated_at: null, new: '1' });
    expect(submissions[0]?.answers['10']).toMatchObject({ type: 'control_datetime', answer: { day: '01', month: '03', year: '2026' }, prettyFormat: '03/01/2026' });
    expect(submissions[0]?.answers['12']?.answer).toEqual(['Alarm silent', 'No flow']);
    expect(submissions[0]?.answers['14']?.answer).toBeUndefined();
  });

  it('submission.get: GET /submission/{id}', async () => {
    contents.set(`GET /submission/${SUBMISSION.id}`, SUBMISSION);
    expect(await client().getSubmission(SUBMISSION.id)).toMatchObject({ id: SUBMISSION.id });
    expect(received[0]).toMatchObject({ method: 'GET', path: `/submission/${SUBMISSION.id}` });
  });

  it('form.getQuestions and form.getQuestion: questions keyed by qid, in their numeric order', async () => {
    contents.set(`GET /form/${FORM}/questions`, {
      '10': { qid: '10', order: '10', type: 'control_datetime', text: 'Date you became aware', name: 'dateYou' },
      '3': { qid: 3, order: 3, type: 'control_textbox', text: 'Product name', name: 'productName', required: 'Yes' },
    });
    contents.set(`GET /form/${FORM}/question/3`, { qid: '3', order: '3', type: 'control_textbox', text: 'Product name', name: 'productName' });
    const jotform = client();
    expect((await jotform.getQuestions(FORM)).map((q) => [q.qid, q.order, q.text])).toEqual([
      ['3', '3', 'Product name'],
      ['10', '10', 'Date you became aware'],
    ]);
    expect(await jotform.getQuestion(FORM, '3')).toMatchObject({ qid: '3', type: 'control_textbox' });
  });

  it('form.addQuestions: PUT /form/{id}/questions with {questions: [...]} of string properties; an answer listed as an array parses', async () => {
    contents.set(`PUT /form/${FORM}/questions`, [
      { qid: 21, order: '21', type: 'control_textbox', text: 'Lot number', name: 'lotNumber' },
      { qid: 22, order: '22', type: 'control_email', text: 'Reporter e-mail', name: 'reporterEmail' },
    ]);
    const added = await client().addQuestions(FORM, [
      { type: 'control_textbox', text: 'Lot number', order: 21 },
      { type: 'control_email', text: 'Reporter e-mail', order: '22', name: 'reporterEmail' },
    ]);
    const put = received[0];
    expect(put).toMatchObject({ method: 'PUT', contentType: 'application/json' });
    const body = JSON.parse(put?.body ?? '') as { questions: Record<string, unknown>[] };
    expect(Object.keys(body)).toEqual(['questions']);
    for (const q of body.questions) {
      expect(Object.keys(q).sort()).toEqual(['name', 'order', 'text', 'type']);
      expect(Object.values(q).every((v) => typeof v === 'string')).toBe(true);
    }
    expect(added.map((q) => [q.qid, q.name])).toEqual([
      ['21', 'lotNumber'],
      ['22', 'reporterEmail'],
    ]);
  });

  it('form.updateQuestionProperties and form.deleteQuestion: question[prop] form fields; DELETE /form/{id}/question/{qid}', async () => {
    contents.set(`POST /form/${FORM}/question/3`, [{ text: 'Product / model', required: 'Yes' }]);
    contents.set(`DELETE /form/${FORM}/question/3`, 'Question deleted');
    const jotform = client();
    await jotform.editQuestion(FORM, '3', { text: 'Product / model', required: 'Yes' });
    await jotform.deleteQuestion(FORM, '3');
    expect(received[0]).toMatchObject({ method: 'POST', contentType: 'application/x-www-form-urlencoded' });
    expect(Object.fromEntries(new URLSearchParams(received[0]?.body))).toEqual({ 'question[text]': 'Product / model', 'question[required]': 'Yes' });
    expect(received[1]).toMatchObject({ method: 'DELETE', path: `/form/${FORM}/question/3`, body: '' });
  });

  it('form.getWebhooks, createWebhook (webhookURL) and deleteWebhook: the webhook map by id parses', async () => {
    const url = 'https://portal.provider.example/v1/jotforms/webhook/0123456789abcdef';
    contents.set(`GET /form/${FORM}/webhooks`, { '0': 'https://old.provider.example/hook' });
    contents.set(`POST /form/${FORM}/webhooks`, { '0': 'https://old.provider.example/hook', '1': url });
    contents.set(`DELETE /form/${FORM}/webhooks/0`, { '1': url });
    const jotform = client();
    expect(await jotform.listWebhooks(FORM)).toEqual([{ id: '0', url: 'https://old.provider.example/hook' }]);
    expect(await jotform.createWebhook(FORM, url)).toEqual({ id: '1', url });
    expect(await jotform.deleteWebhook(FORM, '0')).toEqual([{ id: '1', url }]);
    expect(received[1]).toMatchObject({ method: 'POST', contentType: 'application/x-www-form-urlencoded' });
    expect(Object.fromEntries(new URLSearchParams(received[1]?.body))).toEqual({ webhookURL: url });
  });

  it('reads the refusal envelope the official client throws on (a responseCode not 2xx)', async () => {
    await expect(client().getForm('999')).rejects.toMatchObject({ kind: 'auth', status: 401, responseCode: 401 });
  });
});
