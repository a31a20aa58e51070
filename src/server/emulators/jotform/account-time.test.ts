import { describe, expect, it } from 'vitest';
import { parseJotformDateTime } from '../../connectors/jotform/jotform-time.ts';
import { fixedClock } from '../../lib/clock.ts';
import { jotformDay, jotformTimestamp } from './account-time.ts';
import { createJotformEmulator } from './emulator.ts';

const KEY = 'time-key';

describe('JotForm emulator times: the account zone for timestamps, US-Eastern for the quota day', () => {
  it('writes "YYYY-MM-DD HH:MM:SS" on the wall clock of the zone, DST included', () => {
    expect(jotformTimestamp(new Date('2025-01-15T17:04:05Z'), 'America/New_York')).toBe('2025-01-15 12:04:05');
    expect(jotformTimestamp(new Date('2025-07-01T13:00:00Z'), 'America/New_York')).toBe('2025-07-01 09:00:00');
    expect(jotformTimestamp(new Date('2025-07-01T22:30:00Z'), 'Asia/Tokyo')).toBe('2025-07-02 07:30:00');
    expect(jotformTimestamp(new Date('2025-01-01T00:00:00Z'), 'UTC')).toBe('2025-01-01 00:00:00');
    expect(jotformDay(new Date('2025-07-02T03:30:00Z'), 'America/New_York')).toBe('2025-07-01');
  });

  it("stamps new and edited submissions in the account's zone, which the connector reads back to the same instant", async () => {
    const clock = fixedClock('2025-03-10T03:30:00Z');
    const emu = createJotformEmulator({ apiKey: KEY, clock, timeZone: 'Asia/Tokyo' });
    try {
      const { submission } = await emu.addSubmission();
      expect(submission.created_at).toBe('2025-03-10 12:30:00');
      expect(parseJotformDateTime(submission.created_at as string, 'Asia/Tokyo')).toEqual(clock.now());
      clock.advance(60_000);
      expect(emu.editSubmission(String(submission.id), { flag: '1' }).updated_at).toBe('2025-03-10 12:31:00');
    } finally {
      await emu.close();
    }
  });

  it('starts a new quota day at midnight US-Eastern whatever the account zone', async () => {
    // 23:30 in New York (EDT since March 9), already 12:30 the next day in Tokyo.
    const clock = fixedClock('2025-03-10T03:30:00Z');
    const emu = createJotformEmulator({ apiKey: KEY, clock, timeZone: 'Asia/Tokyo', dailyLimit: 1 });
    const call = () => emu.app.inject({ url: '/user/forms', headers: { apikey: KEY } });
    try {
      expect((await call()).statusCode).toBe(200);
      expect((await call()).statusCode).toBe(429);
      clock.set('2025-03-10T04:00:01Z');
      expect((await call()).statusCode).toBe(200);
    } finally {
      await emu.close();
    }
  });
});
