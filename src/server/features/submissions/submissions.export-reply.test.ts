import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app.ts';
import { NO_FORM } from '../../services.ts';

/** Warnings and errors the portal logged, as JSON lines. */
const lines: string[] = [];
const troubles = () => lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level >= 40);

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ deps: { logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }) } });
  headers = await t.as('admin');
});
afterAll(() => t.close());

describe('a CSV export replies once whatever the browser accepts', () => {
  for (const [name, url] of [
    ['submissions', `/v1/jotforms/${NO_FORM}/exportSubmissionsCSV`],
    ['audit trail', '/v1/audit/export'],
  ] as const) {
    for (const accept of ['*/*', 'text/csv', 'text/csv, application/json;q=0.5']) {
      it(`${name} with Accept: ${accept}: the file, and nothing warned or failed`, async () => {
        lines.length = 0;
        const res = await t.request({ method: 'GET', url, headers: { ...headers, accept } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/csv/);
        expect(res.body.split('\r\n')[0]).toMatch(/^(Submission Date|Time),/);
        // The reply is complete before the request's log line: wait for that line, then look.
        await expect.poll(() => lines.some((l) => l.includes('"request completed"'))).toBe(true);
        expect(troubles()).toEqual([]);
      });
    }
  }
});
