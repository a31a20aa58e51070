import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../tests/support/test-app.ts';

/** What the portal logged, as parsed JSON lines. */
function capture(): { lines: { level: number; msg: string }[]; logger: pino.Logger } {
  const lines: { level: number; msg: string }[] = [];
  return { lines, logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) }) };
}

const warnings = (lines: { level: number; msg: string }[]) => lines.filter((l) => l.level === 40 && /X-Forwarded-For/.test(l.msg));

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('X-Forwarded-For while TRUST_PROXY is unset', () => {
  it('is warned about once, naming the setting, however many requests carry it', async () => {
    const { lines, logger } = capture();
    t = await createTestApp({ deps: { logger } });
    for (const from of ['203.0.113.7', '198.51.100.1', '203.0.113.7']) {
      const res = await t.request({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-for': from } });
      expect(res.statusCode).toBe(200);
    }
    expect(warnings(lines)).toHaveLength(1);
    expect(warnings(lines)[0]!.msg).toMatch(/TRUST_PROXY/);
  });

  it('is not warned about when TRUST_PROXY is set, nor for requests without the header', async () => {
    const set = capture();
    t = await createTestApp({ deps: { logger: set.logger }, env: { TRUST_PROXY: '127.0.0.1' } });
    await t.request({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-for': '203.0.113.7' } });
    await t.close();
    const unset = capture();
    t = await createTestApp({ deps: { logger: unset.logger } });
    await t.request({ method: 'GET', url: '/healthz' });
    expect(warnings(set.lines)).toEqual([]);
    expect(warnings(unset.lines)).toEqual([]);
  });
});
