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
});
