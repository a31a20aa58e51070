import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('takes Arena owner and number-prefix GUIDs, optional, 20 uppercase letters and digits', () => {
    const none = loadConfig({});
    expect([none.ARENA_OWNER_GUID, none.ARENA_NUMBER_PREFIX_GUID]).toEqual([undefined, undefined]);
    expect(loadConfig({ ARENA_OWNER_GUID: ' GYI16WXX6DUDWFYHPRY3 ', ARENA_NUMBER_PREFIX_GUID: '5N7Q9HFV47P9SBUDWBK4' })).toMatchObject({
      ARENA_OWNER_GUID: 'GYI16WXX6DUDWFYHPRY3',
      ARENA_NUMBER_PREFIX_GUID: '5N7Q9HFV47P9SBUDWBK4',
    });
    expect(() => loadConfig({ ARENA_OWNER_GUID: 'gyi16wxx6dudwfyhpry3', ARENA_NUMBER_PREFIX_GUID: 'CH-' })).toThrow(
      'Invalid configuration:\n  ARENA_OWNER_GUID: ARENA_OWNER_GUID must be an Arena GUID: 20 uppercase letters and digits\n  ARENA_NUMBER_PREFIX_GUID: ARENA_NUMBER_PREFIX_GUID must be an Arena GUID: 20 uppercase letters and digits',
    );
  });

  it('takes the reporting regimes (US_MDR by default) and holidays, refusing unknown or repeated regimes and non-dates', () => {
    expect(loadConfig({}).REPORTING_REGIMES).toEqual(['US_MDR']);
    expect(loadConfig({}).REPORTING_HOLIDAYS).toEqual([]);
    expect(loadConfig({ REPORTING_REGIMES: ' EU_MDR , US_USER_FACILITY ' }).REPORTING_REGIMES).toEqual(['EU_MDR', 'US_USER_FACILITY']);
    expect(loadConfig({ REPORTING_HOLIDAYS: '2026-12-24, 2026-12-31' }).REPORTING_HOLIDAYS).toEqual(['2026-12-24', '2026-12-31']);
    const regimes = 'Invalid configuration:\n  REPORTING_REGIMES: REPORTING_REGIMES must be a comma-separated list of distinct regimes among US_MDR, US_USER_FACILITY, EU_MDR';
    expect(() => loadConfig({ REPORTING_REGIMES: 'US_MDR,CA_MDR' })).toThrow(regimes);
    expect(() => loadConfig({ REPORTING_REGIMES: 'US_MDR,US_MDR' })).toThrow(regimes);
    expect(() => loadConfig({ REPORTING_REGIMES: ' , ' })).toThrow(regimes);
    expect(() => loadConfig({ REPORTING_HOLIDAYS: '2026-12-24,Christmas' })).toThrow('REPORTING_HOLIDAYS must be comma-separated dates YYYY-MM-DD (not Christmas)');
  });
});
