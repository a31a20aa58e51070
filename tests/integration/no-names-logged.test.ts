import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailConfigs, mailOutbox, systemLogs } from '../../src/server/db/schema/index.ts';
import { ATTRIBUTE_GUIDS } from '../../src/server/emulators/arena/index.ts';
import { DEMO_QID } from '../../src/server/emulators/jotform/index.ts';
import { type Emulators, startEmulators } from '../support/emulators.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';

const SECRET = 'webhook-secret-names-0123456789';
/** A name no fixture holds: any trace of it came from this submission. */
const FIRST = 'Zebulon';
const LAST = 'Quarrington-Vexley';

let emu: Emulators;
let t: TestApp;
let staff: Record<string, string>;
beforeAll(async () => {
  emu = await startEmulators();
  t = await createTestApp({ env: { PUBLIC_URL: 'https://portal.example.org' }, deps: { ...emu.deps, webhookSecret: SECRET } });
  const admin = await t.as('admin');
  staff = await t.as('staff');
  const mapping = { arenaFieldGUID: ATTRIBUTE_GUIDS.complainantName, name: 'Complainant Name', formFieldQID: [{ qid: DEMO_QID.fullName, preprocessingFunctions: ['fullName'] }] };
  expect((await t.request({ method: 'POST', url: '/v1/field-mapping', headers: admin, payload: mapping })).statusCode).toBe(201);
  await t.database.db.insert(emailConfigs).values({ id: randomUUID(), email: 'quality@example.org', active: true });
});
afterAll(async () => {
  await t.close();
  await emu.close();
});

describe("a submitter's name stays out of the system log and the notification mail", () => {
  it('from the webhook through review, delivery, the mail and the quality process (named after the submitter)', async () => {
    const { id } = await emu.jotform.addSubmission({ [DEMO_QID.fullName]: { first: FIRST, last: LAST } });
    expect((await t.request({ method: 'POST', url: `/v1/jotforms/webhook/${SECRET}`, payload: { submissionID: id } })).statusCode).toBe(200);
    const details = await t.request({ method: 'GET', url: `/v1/jotforms/submission/${id}`, headers: staff });
    expect(details.json<{ submitter: string }>().submitter).toBe(`${FIRST} ${LAST}`);

    const base = `/v1/jotforms/submission/${id}`;
    expect((await t.request({ method: 'PATCH', url: `${base}/review`, headers: staff, payload: { decision: 'approve', decideLater: true } })).statusCode).toBe(200);
    expect((await t.request({ method: 'PATCH', url: `${base}/mark-email-delivered`, headers: staff, payload: { emailDelivered: true } })).statusCode).toBe(200);
    const sent = await t.request({ method: 'POST', url: `${base}/send-email-recipient`, headers: staff });
    expect(sent.statusCode, sent.body).toBe(200);
    // Retry ("temp") with no title names the process "Complaint from <submitter> (JotForm <id>)".
    expect((await t.request({ method: 'PATCH', url: `${base}/quality-process`, headers: staff, payload: { chTitle: 'temp' } })).statusCode).toBe(204);

    const lines = (await t.database.db.select().from(systemLogs)).map((l) => l.description);
    expect(lines).toEqual(expect.arrayContaining([expect.stringContaining(`Submission ${id} received`), expect.stringMatching(new RegExp(`^Quality process CH-\\d+ created for submission ${id} `))]));
    const mails = await t.database.db.select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.text).toContain(`Submission ${id} has been marked as delivered.`);
    expect(mail!.text).toContain(`https://portal.example.org/dashboard/jotforms/submission/${id}`);
    for (const text of [...lines, mail!.subject, mail!.text]) {
      expect(text).not.toMatch(new RegExp(`${FIRST}|${LAST}`, 'i'));
    }
  });
});
