import { describe, expect, it } from 'vitest';
import { createJotformClient } from './jotform-client.ts';

/** A JotForm that answers PUT /form/{id}/questions with `content`, and records the body it got. */
function answering(content: unknown) {
  const bodies: unknown[] = [];
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    bodies.push(JSON.parse(String(init?.body)));
    const envelope = { responseCode: 200, message: 'success', content, duration: '130.26ms', info: null, 'limit-left': 843 };
    return new Response(JSON.stringify(envelope), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { client: createJotformClient({ apiKey: 'k', baseUrl: 'https://api.jotform.test', fetch }), bodies };
}

/** `required` is sent but not echoed (as in the capture): it shows which sent question an answer was paired with. */
const SENT = [
  { type: 'control_textbox', text: 'Batch number', order: 6, required: 'Yes' },
  { type: 'control_email', text: 'Alternate e-mail', order: 7, name: 'altEmail', required: 'No' },
];

describe('JotForm client: the answer to added questions', () => {
  it('reads an answer keyed from "1", as in the real capture, by position', async () => {
    const { client, bodies } = answering({
      '1': { name: 'batchNumber', text: 'Batch number', type: 'control_textbox', qid: 16, order: 6 },
      '2': { name: 'altEmail', text: 'Alternate e-mail', type: 'control_email', qid: 17, order: 7 },
    });
    expect(await client.addQuestions('222474866607061', SENT)).toEqual([
      { type: 'control_textbox', text: 'Batch number', order: '6', name: 'batchNumber', required: 'Yes', qid: '16' },
      { type: 'control_email', text: 'Alternate e-mail', order: '7', name: 'altEmail', required: 'No', qid: '17' },
    ]);
    expect(bodies).toEqual([
      {
        questions: [
          { type: 'control_textbox', text: 'Batch number', order: '6', required: 'Yes', name: 'batchNumber' },
          { type: 'control_email', text: 'Alternate e-mail', order: '7', name: 'altEmail', required: 'No' },
        ],
      },
    ]);
  });

  it('reads an answer keyed from "0" (an array echoed back) the same way, qid and order as text', async () => {
    const { client } = answering([{ qid: 16, order: 6 }, { qid: '17', order: '7' }]);
    const added = await client.addQuestions('222474866607061', SENT);
    expect(added.map((q) => [q.qid, q.order, q.name, q.type, q.required])).toEqual([
      ['16', '6', 'batchNumber', 'control_textbox', 'Yes'],
      ['17', '7', 'altEmail', 'control_email', 'No'],
    ]);
  });

  it('matches by name when JotForm answers for fewer questions than were sent', async () => {
    const { client } = answering({ '1': { name: 'altEmail', qid: 17, order: 7 } });
    expect(await client.addQuestions('222474866607061', SENT)).toEqual([{ type: 'control_email', text: 'Alternate e-mail', order: '7', name: 'altEmail', required: 'No', qid: '17' }]);
  });
});
