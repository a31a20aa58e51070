import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FORM_ID, DEMO_QID } from '../../emulators/jotform/fixtures.ts';
import { type JotformEmulator, createJotformEmulator } from '../../emulators/jotform/emulator.ts';
import { type JotformClient, createJotformClient } from './jotform-client.ts';

const KEY = 'questions-key-abc123';

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  fields: Record<string, string>;
}

/** A bare HTTP receiver standing in for the portal's webhook endpoint. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const form = await new Request('http://receiver.local/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body }).formData();
      const fields: Record<string, string> = {};
      for (const [k, v] of form) fields[k] = String(v);
      received.push({ url: req.url ?? '', headers: req.headers, fields });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('JotForm client: questions and webhooks against the emulator', () => {
  let emulator: JotformEmulator;
  let client: JotformClient;

  beforeAll(async () => {
    emulator = createJotformEmulator({ apiKey: KEY });
    client = createJotformClient({ baseUrl: await emulator.listen(), apiKey: KEY });
  });
  afterAll(() => emulator.close());

  it('reads the questions sorted by numeric order, with string qids and object sublabels', async () => {
    const questions = await client.getQuestions(DEMO_FORM_ID);
    expect(questions).toHaveLength(22);
    expect(questions.map((q) => Number(q.order))).toEqual(questions.map((_, i) => i + 1));
    expect(questions.every((q) => typeof q.qid === 'string')).toBe(true);
    const fullName = questions.find((q) => q.qid === DEMO_QID.fullName);
    expect(fullName).toMatchObject({ type: 'control_fullname', text: 'Full Name', required: 'Yes' });
    expect(fullName?.sublabels).toMatchObject({ first: 'First Name', last: 'Last Name' });
  });

  it('adds, reorders and deletes questions, coercing the numeric qids JotForm returns', async () => {
    const added = await client.addQuestions(DEMO_FORM_ID, [
      { type: 'control_textbox', text: 'Batch number', order: 23 },
      { type: 'control_email', text: 'Alternate e-mail', order: '24', name: 'altEmail', required: 'No' },
    ]);
    expect(added).toEqual([
      expect.objectContaining({ qid: '23', order: '23', type: 'control_textbox', text: 'Batch number', name: 'batchNumber' }),
      expect.objectContaining({ qid: '24', order: '24', type: 'control_email', name: 'altEmail', required: 'No' }),
    ]);

    await client.editQuestion(DEMO_FORM_ID, '24', { order: 1, text: 'Alternate email' });
    await client.editQuestion(DEMO_FORM_ID, DEMO_QID.title, { order: 2 });
    const reordered = await client.getQuestions(DEMO_FORM_ID);
    expect(reordered.slice(0, 2).map((q) => [q.qid, q.order, q.text])).toEqual([
      ['24', '1', 'Alternate email'],
      ['1', '2', 'Complaint Form - BTS'],
    ]);

    await client.deleteQuestion(DEMO_FORM_ID, '23');
    expect((await client.getQuestions(DEMO_FORM_ID)).map((q) => q.qid)).not.toContain('23');
    await expect(client.getQuestion(DEMO_FORM_ID, '23')).rejects.toMatchObject({ kind: 'auth', status: 401 });
    await expect(client.deleteQuestion(DEMO_FORM_ID, '23')).rejects.toMatchObject({ kind: 'auth', status: 401 });

    const [next] = await client.addQuestions(DEMO_FORM_ID, [{ type: 'control_head', text: 'Follow-up', order: 30 }]);
    expect(next?.qid).toBe('25');
  });

  it('shows a question added later as unanswered on existing submissions', async () => {
    const [page] = (await client.getSubmissions(DEMO_FORM_ID, { limit: 1 })).submissions;
    expect(page?.answers['24']).toMatchObject({ type: 'control_email', text: 'Alternate email', order: '1' });
    expect(page?.answers['24']).not.toHaveProperty('answer');
  });

  it('registers a webhook and delivers JotForm’s multipart body for a new submission', async () => {
    const receiver = await startReceiver();
    try {
      const hookUrl = `${receiver.url}/v1/webhooks/jotform/s3cr3t`;
      expect(await client.listWebhooks(DEMO_FORM_ID)).toEqual([]);
      const hook = await client.createWebhook(DEMO_FORM_ID, hookUrl);
      expect(hook).toEqual({ id: '0', url: hookUrl });
      expect(await client.listWebhooks(DEMO_FORM_ID)).toEqual([hook]);

      const { id, deliveries } = await emulator.addSubmission({ [DEMO_QID.fullName]: { first: 'Nadia', last: 'Quill' }, [DEMO_QID.email]: 'nadia.quill@example.org' });
      expect(deliveries).toEqual([{ url: hookUrl, status: 200 }]);
      expect(receiver.received).toHaveLength(1);
      const [hit] = receiver.received;
      expect(hit?.url).toBe('/v1/webhooks/jotform/s3cr3t');
      expect(hit?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(hit?.fields).toMatchObject({ formID: DEMO_FORM_ID, submissionID: id, formTitle: 'Complaint Form - BTS', username: 'btsquality', type: 'WEB', webhookURL: hookUrl });
      expect(hit?.fields.ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      expect(hit?.fields.pretty).toContain('Full Name:Nadia Quill');
      const raw = JSON.parse(hit?.fields.rawRequest ?? '{}');
      expect(raw).toMatchObject({ slug: `submit/${DEMO_FORM_ID}`, q3_fullName: { first: 'Nadia', last: 'Quill' }, q4_email: 'nadia.quill@example.org' });
      expect(raw.q10_dateYou).toEqual({ month: expect.any(String), day: expect.any(String), year: expect.any(String) });

      // The webhook says what arrived; the submission itself is then read through the API.
      expect((await client.getSubmission(id)).answers[DEMO_QID.email]?.answer).toBe('nadia.quill@example.org');

      const second = await client.createWebhook(DEMO_FORM_ID, `${receiver.url}/other`);
      expect(second.id).toBe('1');
      expect(await client.deleteWebhook(DEMO_FORM_ID, '0')).toEqual([second]);
      expect(await client.deleteWebhook(DEMO_FORM_ID, '1')).toEqual([]);
      const after = await emulator.addSubmission();
      expect(after.deliveries).toEqual([]);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('reports an unreachable webhook receiver without failing the submission', async () => {
    const receiver = await startReceiver();
    const url = `${receiver.url}/gone`;
    await receiver.close();
    const hook = await client.createWebhook(DEMO_FORM_ID, url);
    const { deliveries } = await emulator.addSubmission();
    expect(deliveries).toEqual([{ url, status: null, error: expect.any(String) }]);
    await client.deleteWebhook(DEMO_FORM_ID, hook.id);
  });
});
