import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import type { SubmissionStatus } from '#shared/contract/submissions';
import { E2E_PORT } from '../../playwright.config.ts';
import { DEMO_QID } from '../../src/server/emulators/jotform/fixtures-form.ts';
import { SANDBOX_JOTFORM_API_FILE } from '../../src/server/emulators/state-file.ts';

/** What a test asks of its submission: the workflow state it starts in, and a few answers. */
export interface SubmissionWish {
  /** Reached through the portal's API: approved, denied or transferred to Arena. (No API call makes the sandbox's Arena refuse a transfer.) */
  status?: Exclude<SubmissionStatus, 'Transfer Error'>;
  reportable?: boolean;
  /** The quality process's name, for 'Successful Transfer' (a generated one otherwise). */
  chTitle?: string;
  /** Answers of the demo form by question id, beside the name, e-mail, become-aware date and description. */
  answers?: Record<string, string>;
}

export interface NewSubmission {
  id: string;
  /** "First Last", unique to this submission. */
  submitter: string;
}


function sandboxJotform(): { baseUrl: string; apiKey: string; formId: string } {
  return JSON.parse(readFileSync(path.resolve(`.e2e-data-${E2E_PORT}`, SANDBOX_JOTFORM_API_FILE), 'utf8'));
}

/**
 * A submission of its own for a test: sent to the sandbox's JotForm emulator as a person's form
 * would be, brought in by the portal's JotForm sync, then moved to the wished state through the
 * portal's API as `token`'s user. Nothing else touches it, so tests running at once never meet.
 */
export async function createSubmission(request: APIRequestContext, token: string, wish: SubmissionWish = {}): Promise<NewSubmission> {
  const jotform = sandboxJotform();
  const [first, last] = ['Test', `Submitter-${randomUUID().slice(0, 8)}`];
  // Became aware two days ago: a day before today in every time zone, the account's included.
  const aware = new Date(Date.now() - 2 * 86_400_000);
  const form = {
    [`submission[${DEMO_QID.fullName}][first]`]: first,
    [`submission[${DEMO_QID.fullName}][last]`]: last,
    [`submission[${DEMO_QID.email}]`]: `${last.toLowerCase()}@example.com`,
    [`submission[${DEMO_QID.awareDate}][month]`]: String(aware.getUTCMonth() + 1).padStart(2, '0'),
    [`submission[${DEMO_QID.awareDate}][day]`]: String(aware.getUTCDate()).padStart(2, '0'),
    [`submission[${DEMO_QID.awareDate}][year]`]: String(aware.getUTCFullYear()),
    [`submission[${DEMO_QID.description}]`]: 'The pump alarmed during the night.',
    ...Object.fromEntries(Object.entries(wish.answers ?? {}).map(([qid, value]) => [`submission[${qid}]`, value])),
  };
  const sent = await request.post(`${jotform.baseUrl}/form/${jotform.formId}/submissions`, { form, headers: { apikey: jotform.apiKey } });
  expect(sent.status(), await sent.text()).toBe(200);
  const id = String((await sent.json()).content.submissionID);

  const headers = { authorization: `Bearer ${token}` };
  const call = async (method: string, url: string, data?: unknown) => {
    const res = await request.fetch(url, { method, data, headers });
    expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
    return res;
  };
  // The sync polls JotForm every few seconds (SYNC_INTERVAL); the list's search finds the new row by its id.
  await expect
    .poll(async () => ((await (await call('GET', `/v1/jotforms/${jotform.formId}?search=${id}`)).json()) as { totalResults: number }).totalResults, { timeout: 60_000 })
    .toBe(1);

  const submission = `/v1/jotforms/submission/${id}`;
  if (wish.reportable) await call('PATCH', `${submission}/mark-reportable`, { reportable: true });
  // Undecided, it is denied as not reportable, the reason its rationale (docs/product.md, Statuses).
  if (wish.status === 'Denied') await call('PATCH', `${submission}/review`, { decision: 'deny', reason: 'Not a complaint', ...(wish.reportable ? {} : { notReportable: true }) });
  if (wish.status === 'Pending Transfer' || wish.status === 'Successful Transfer') await call('PATCH', `${submission}/review`, { decision: 'approve', decideLater: true });
  if (wish.status === 'Successful Transfer') await call('PATCH', `${submission}/quality-process`, { chTitle: wish.chTitle ?? `Pump alarms ${last}` });
  return { id, submitter: `${first} ${last}` };
}
