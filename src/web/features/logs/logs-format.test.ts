import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseLogs } from './api.ts';
import { buildLogsCsv, isSuccessLabel, processTooltip } from './logs-format.ts';

// Timestamps are shown in local time, labelled; pin the zone so the expected bytes hold everywhere.
beforeEach(() => vi.stubEnv('TZ', 'America/New_York'));
afterEach(() => vi.unstubAllEnvs());

describe('buildLogsCsv', () => {
  it('writes the four headers and quotes and neutralises cells, byte for byte', () => {
    const csv = buildLogsCsv([
      { time: '2025-03-04T05:06:07.000Z', label: 'success', process: 'Auth', description: 'User a@example.com signed in' },
      { time: '2025-03-04T05:06:08Z', label: 'error', process: 'Users', description: '=HYPERLINK("http://evil","click"), then more' },
      { time: '2025-03-04 05:06:09', label: '@label', process: '+Misc', description: 'line one\nline two' },
      { time: '2025-03-04T05:06:10Z', label: '-1', process: '\tTab', description: '\rreturn' },
    ]);
    expect(csv).toBe(
      'Timestamp,Label,Process,Description\r\n' +
        '2025-03-04 00:06:07 EST,success,Auth,User a@example.com signed in\r\n' +
        '2025-03-04 00:06:08 EST,error,Users,"\'=HYPERLINK(""http://evil"",""click""), then more"\r\n' +
        '2025-03-04 00:06:09 EST,\'@label,\'+Misc,"line one\nline two"\r\n' +
        '2025-03-04 00:06:10 EST,\'-1,\'\tTab,"\'\rreturn"\r\n',
    );
  });

  it('writes only the header row for no entries', () => {
    expect(buildLogsCsv([])).toBe('Timestamp,Label,Process,Description\r\n');
  });
});

describe('log display rules', () => {
  it("treats only 'success' as success", () => {
    expect(isSuccessLabel('success')).toBe(true);
    expect(isSuccessLabel('Success')).toBe(false);
    expect(isSuccessLabel('error')).toBe(false);
  });

  it('has a tooltip per known process and calls any other one miscellaneous', () => {
    for (const process of ['Auth', 'Users', 'JotForms', 'Dashboard', 'Arena', 'Field Mapping', 'Logs']) {
      expect(processTooltip(process)).toMatch(new RegExp(`^${process}: `));
    }
    expect(processTooltip('Billing')).toBe('Miscellaneous');
  });

  it('parses the JSON strings of the API and skips broken ones', () => {
    const entry = { time: '2025-01-01T00:00:00Z', label: 'success', process: 'Auth', description: 'ok' };
    expect(parseLogs([JSON.stringify(entry), 'not json', JSON.stringify({ time: 1 })])).toEqual([entry]);
  });
});
