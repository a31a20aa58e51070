import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_FORM_ID, DEMO_QID } from '../../emulators/jotform/fixtures.ts';
import { type JotformEmulator, createJotformEmulator } from '../../emulators/jotform/emulator.ts';
import { type JotformClientOptions, createJotformClient } from './jotform-client.ts';
import { JotformError } from './jotform-error.ts';

const KEY = 'secret-key-5f4dcc3b5aa765d61d8327deb882cf99';

async function failure(p: Promise<unknown>): Promise<JotformError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(JotformError);
  expect((err as Error).message).not.toContain(KEY);
  return err as JotformError;
}

/** A fetch that replies to every call with the given body and status. */
function fakeFetch(body: string, status = 200): typeof fetch {
  return async () => new Response(body, { status, headers: { 'content-type': 'application/json' } });
}

describe('JotForm client: failures, retries and timeouts', () => {
  let emulator: JotformEmulator;
  let baseUrl: string;
  let sleeps: number[];
  const client = (extra: Partial<JotformClientOptions> = {}) =>
    createJotformClient({ baseUrl, apiKey: KEY, sleep: async (ms) => void sleeps.push(ms), ...extra });
  const attempts = () => emulator.state.requests.length;

  beforeAll(async () => {
    emulator = createJotformEmulator({ apiKey: KEY });
    baseUrl = await emulator.listen();
  });
  afterAll(() => emulator.close());
  beforeEach(() => {
    sleeps = [];
    emulator.failNext(0, 200);
    emulator.setLatency(0);
    emulator.state.requests.length = 0;
  });

  it('retries a 503 with backoff and then succeeds', async () => {
    emulator.failNext(1, 503);
    const { submissions } = await client().getSubmissions(DEMO_FORM_ID, { limit: 5 });
    expect(submissions).toHaveLength(5);
    expect(sleeps).toEqual([500]);
    expect(emulator.state.requests.map((r) => r.status)).toEqual([503, 200]);
  });

  it('gives up after the bounded number of attempts with an "unavailable" error', async () => {
    emulator.failNext(5, 503);
    const err = await failure(client().getSubmission('1'));
    expect(err).toMatchObject({ kind: 'unavailable', status: 503, responseCode: 503, message: 'JotForm is unavailable (HTTP 503); try again later.' });
    expect(sleeps).toEqual([500, 1000]);
    expect(attempts()).toBe(3);
  });

  it('fails at once on a 429 "API-Limit exceeded": the quota is spent until tomorrow', async () => {
    emulator.failNext(1, 429);
    const err = await failure(client().listForms());
    expect(err).toMatchObject({ kind: 'quota', status: 429 });
    expect(err.message).toBe('JotForm’s daily API limit is used up; calls work again after midnight US-Eastern.');
    expect(sleeps).toEqual([]);
    expect(attempts()).toBe(1);
  });

  it('retries a plain 429 (rate limited, not quota)', async () => {
    emulator.failNext(1, 429, 'Too Many Requests');
    expect(await client().listForms()).toHaveLength(1);
    expect(sleeps).toEqual([500]);
  });

  it.each([
    { httpStatus: 429, responseCode: 429 },
    { httpStatus: 403, responseCode: 403 },
    { httpStatus: 200, responseCode: 403 },
    { httpStatus: 200, responseCode: 200 },
  ])('knows the daily limit by its message whatever the status: HTTP $httpStatus, responseCode $responseCode', async (reply) => {
    const spent = createJotformEmulator({ apiKey: KEY, dailyLimit: 0, dailyLimitReply: reply });
    const url = await spent.listen();
    try {
      const err = await failure(createJotformClient({ baseUrl: url, apiKey: KEY, sleep: async (ms) => void sleeps.push(ms) }).listForms());
      expect(err).toMatchObject({ kind: 'quota', message: 'JotForm’s daily API limit is used up; calls work again after midnight US-Eastern.' });
      expect(spent.state.requests).toHaveLength(1);
    } finally {
      await spent.close();
    }
  });

  it('knows the daily limit in a reply that is no JSON envelope', async () => {
    const err = await failure(client({ fetch: async () => new Response('API-Limit exceeded', { status: 403 }) }).listForms());
    expect(err).toMatchObject({ kind: 'quota', status: 403 });
  });

  it('treats a quota message on another status (older 403s) as quota too', async () => {
    emulator.failNext(1, 403, 'API-Limit exceeded');
    expect(await failure(client().listForms())).toMatchObject({ kind: 'quota', status: 403 });
  });

  it('does not resend a write after a 500, but does after a 503', async () => {
    emulator.failNext(1, 500);
    const err = await failure(client().editQuestion(DEMO_FORM_ID, DEMO_QID.lotNumber, { text: 'Lot number' }));
    expect(err).toMatchObject({ kind: 'unavailable', status: 500 });
    expect(attempts()).toBe(1);
    emulator.failNext(1, 503);
    await client().editQuestion(DEMO_FORM_ID, DEMO_QID.lotNumber, { text: 'Lot / batch number' });
    expect(attempts()).toBe(3);
    expect((await client().getQuestion(DEMO_FORM_ID, DEMO_QID.lotNumber)).text).toBe('Lot / batch number');
  });

  it('times out with a message in seconds and does not retry a timeout', async () => {
    emulator.setLatency(400);
    const err = await failure(client({ timeoutMs: 100 }).getSubmissions(DEMO_FORM_ID));
    expect(err).toMatchObject({ kind: 'timeout', status: null, message: 'JotForm did not reply within 0.1 s.' });
    expect(sleeps).toEqual([]);
  });

  it('uses a 15 s timeout by default', async () => {
    const err = await failure(
      createJotformClient({
        apiKey: KEY,
        fetch: async (_url, init) => {
          expect(init?.signal).toBeInstanceOf(AbortSignal);
          throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
        },
      }).listForms(),
    );
    expect(err.message).toBe('JotForm did not reply within 15 s.');
  });

  it('retries a refused connection on reads and then reports JotForm unreachable', async () => {
    const closed = createJotformEmulator({ apiKey: KEY });
    const url = await closed.listen();
    await closed.close();
    const err = await failure(client({ baseUrl: url }).listForms());
    expect(err).toMatchObject({ kind: 'unavailable', status: null });
    expect(err.message).toBe('Could not reach JotForm (ECONNREFUSED); check the network and the JotForm base URL.');
    expect(sleeps).toEqual([500, 1000]);
  });

  it('maps an unknown route to not_found', async () => {
    const err = await failure(client({ baseUrl: `${baseUrl}/nothing-here` }).listForms());
    expect(err).toMatchObject({ kind: 'not_found', status: 404 });
  });

  it('checks the envelope code even when HTTP says 200', async () => {
    const body = JSON.stringify({ responseCode: 401, message: "You're not authorized to use (/user-forms) ", content: '' });
    const err = await failure(client({ fetch: fakeFetch(body) }).listForms());
    expect(err).toMatchObject({ kind: 'auth', status: 401, responseCode: 401 });
  });

  it('passes a 400 message through as bad_request', async () => {
    const err = await failure(client().getSubmissions(DEMO_FORM_ID, { filter: { 'answer:gt': '1' } }));
    expect(err).toMatchObject({ kind: 'bad_request', status: 400 });
    expect(err.message).toBe('JotForm rejected the request: Unsupported filter field "answer:gt"');
  });

  it('rejects replies that are not JotForm envelopes or whose content does not fit', async () => {
    expect(await failure(client({ fetch: fakeFetch('<html>maintenance</html>') }).listForms())).toMatchObject({
      kind: 'bad_response',
      message: 'JotForm sent a reply the portal does not understand (not JSON).',
    });
    const missingId = JSON.stringify({ responseCode: 200, message: 'success', content: { form_id: '1', created_at: 'x', status: 'ACTIVE', new: '0', flag: '0', answers: [] } });
    const err = await failure(client({ fetch: fakeFetch(missingId) }).getSubmission('5'));
    expect(err.kind).toBe('bad_response');
    expect(err.message).toContain('id');
  });

  it('tolerates extra keys, numbers for strings and PHP empty arrays', async () => {
    const body = JSON.stringify({
      responseCode: '200',
      message: 'success',
      'limit-left': '42',
      content: { id: 5385606161011301029n.toString(), form_id: 222474866607061, ip: null, created_at: '2022-09-09 15:23:37', updated_at: '0000-00-00 00:00:00', status: 'ACTIVE', new: 1, flag: 0, notes: null, answers: [], workflowStatus: 'x' },
    });
    const c = client({ fetch: fakeFetch(body) });
    const s = await c.getSubmission('5385606161011301029');
    expect(s).toMatchObject({ form_id: '222474866607061', ip: '', updated_at: null, new: '1', flag: '0', notes: '', answers: {}, workflowStatus: 'x' });
    expect(c.limitLeft()).toBe(42);
  });

  it('stops iterating with bad_response when the server ignores the offset', async () => {
    const page = Array.from({ length: 2 }, (_, i) => ({ id: String(i + 1), form_id: '1', created_at: '2025-01-01 00:00:00', status: 'ACTIVE', new: '0', flag: '0', answers: {} }));
    const c = client({ fetch: fakeFetch(JSON.stringify({ responseCode: 200, message: 'success', content: page })) });
    const seen: string[] = [];
    const err = await failure(
      (async () => {
        for await (const s of c.iterateSubmissions(DEMO_FORM_ID, { pageSize: 2 })) seen.push(s.id);
      })(),
    );
    expect(err).toMatchObject({ kind: 'bad_response', message: 'JotForm sent a reply the portal does not understand (paging did not advance).' });
    expect(seen).toEqual(['1', '2']);
  });

  it('sends the key only in the APIKEY header', async () => {
    const seen: { url: string; headers: Headers }[] = [];
    const spy: typeof fetch = async (url, init) => {
      seen.push({ url: String(url), headers: new Headers(init?.headers) });
      return fetch(url, init);
    };
    await client({ fetch: spy }).getForm(DEMO_FORM_ID);
    expect(seen[0]?.headers.get('apikey')).toBe(KEY);
    expect(seen[0]?.url).not.toContain(KEY);
  });
});
