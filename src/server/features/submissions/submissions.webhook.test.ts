import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FORM_ID, DEMO_QID } from '../../emulators/jotform/fixtures.ts';
import { webhookBody } from '../../emulators/jotform/webhook-delivery.ts';
import { DEMO_COUNT, KEY, OTHER_FORM_ID, SECRET, jotformSyncSuite } from './submissions.sync.test-support.ts';

describe('JotForm webhook against the emulator, through the real client', () => {
  const s = jotformSyncSuite();
  const { clock, insertedCalls, sync, rows, rowOf, logs, requestsSince } = s;

  beforeAll(async () => {
    // Synced once already, as a running portal is when JotForm starts posting.
    expect(await sync().syncOnce()).toEqual({ inserted: DEMO_COUNT, updated: 0 });
  });

  it('the webhook, posted by the emulator as real multipart, makes a new submission appear without a sync', async () => {
    await s.client.createWebhook(DEMO_FORM_ID, `${s.appUrl}/v1/jotforms/webhook/${SECRET}`);
    clock.advance(60_000);
    const from = s.emulator.state.requests.length;

    const { id, deliveries } = await s.emulator.addSubmission({ [DEMO_QID.fullName]: { first: 'Wanda', last: 'Webhook' } });

    expect(deliveries).toEqual([{ url: `${s.appUrl}/v1/jotforms/webhook/${SECRET}`, status: 200 }]);
    // Re-fetched from the API, never a list pull.
    expect(requestsSince(from).map((c) => `${c.method} ${c.path}`)).toEqual([`GET /submission/${id}`]);
    expect(insertedCalls).toEqual([[id]]);
    const list = await s.t.request({ method: 'GET', url: `/v1/jotforms/${DEMO_FORM_ID}?search=wanda`, headers: s.headers });
    expect(list.json().results.map((r: { id: string; submissionStatus: string }) => [r.id, r.submissionStatus])).toEqual([[id, 'Pending Review']]);
    expect((await logs()).at(-1)).toMatchObject({ label: 'success', process: 'JotForms', description: `Submission ${id} received from a JotForm webhook` });

    // The next poll sees it again and counts nothing new.
    expect(await sync().syncOnce()).toEqual({ inserted: 0, updated: 0 });
    expect(insertedCalls).toEqual([[id]]);
  });

  it('the webhook replies 404 for a wrong secret and asks JotForm nothing', async () => {
    const latest = [...s.emulator.state.submissions.values()].at(-1)!;
    const form = s.emulator.state.forms.get(DEMO_FORM_ID)!;
    const from = s.emulator.state.requests.length;
    for (const secret of ['wrong-secret-0123456789abcdefg', `${SECRET}x`, SECRET.slice(0, -1)]) {
      const res = await fetch(`${s.appUrl}/v1/jotforms/webhook/${secret}`, { method: 'POST', body: webhookBody(form, latest, 'btsquality', 'x') });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 'not_found', message: expect.any(String) });
    }
    expect(requestsSince(from)).toEqual([]);
  });

  it('the webhook replies 400 when the body names no submission', async () => {
    const body = new FormData();
    body.set('formID', DEMO_FORM_ID);
    body.set('formTitle', 'Complaint Form - BTS');
    const res = await fetch(`${s.appUrl}/v1/jotforms/webhook/${SECRET}`, { method: 'POST', body });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'validation_failed', message: 'submissionID is required' });
    const json = await s.t.request({ method: 'POST', url: `/v1/jotforms/webhook/${SECRET}`, payload: { submissionID: '../../user' } });
    expect(json.statusCode).toBe(400);
  });

  it('ignores a webhook for a submission of another form', async () => {
    await s.client.createWebhook(OTHER_FORM_ID, `${s.appUrl}/v1/jotforms/webhook/${SECRET}`);
    const count = (await rows()).length;
    const { id, deliveries } = await s.emulator.addSubmission({}, { formId: OTHER_FORM_ID });
    expect(deliveries.map((d) => d.status)).toEqual([200]);
    expect(await rowOf(id)).toBeUndefined();
    expect(await rows()).toHaveLength(count);
    expect(insertedCalls).toEqual([]);
  });

  it('replies 502 and logs the failure when JotForm cannot give the webhook’s submission', async () => {
    const logCount = (await logs()).length;
    const body = new FormData();
    body.set('formID', DEMO_FORM_ID);
    body.set('submissionID', '6010000000099999999');
    const res = await fetch(`${s.appUrl}/v1/jotforms/webhook/${SECRET}`, { method: 'POST', body });
    expect(res.status).toBe(502);
    const reply = (await res.json()) as { code: string; message: string };
    expect(reply.code).toBe('upstream_failed');
    expect(reply.message).toContain('submission 6010000000099999999');
    const added = (await logs()).slice(logCount);
    expect(added.map((l) => [l.label, l.process])).toEqual([['error', 'JotForms']]);
    expect(added[0]!.description).toContain('6010000000099999999');
    expect(added[0]!.description).not.toContain(KEY);
  });
});
