import { describe, expect, it } from 'vitest';
import type { IntegrationsStatus } from '#shared/contract/integrations';
import { arenaHealth, durationText, jotformHealth, mailHealth, pollIntervalText } from './status.ts';

const jotform: IntegrationsStatus['jotform'] = {
  formId: 'f',
  lastSync: { at: '2025-06-02T08:00:00Z', outcome: 'ok', inserted: 0, updated: 0, error: null },
  callsLeftToday: 900,
  updatedAtFilter: 'honoured',
  dailyLimit: 1000,
  resetsAt: '2025-06-03T04:00:00Z',
  quotaShare: 0.5,
  callsToday: 100,
  pollIntervalSeconds: 60,
  callsPerPoll: 1,
  firstSync: null,
};
const arena: IntegrationsStatus['arena'] = { configured: true, ok: true, checkedAt: '2025-06-02T08:00:00Z', session: 'active', requestsRemaining: 10, resetsAt: null, problems: [], changedByArena: [] };
const mail: IntegrationsStatus['mail'] = { delivery: 'smtp', queued: 0, failed: 0, lastError: null, lastErrorAt: null };

describe('the badge of each connection', () => {
  it('JotForm: not synced, failing, out of calls for today, or working', () => {
    expect(jotformHealth({ ...jotform, lastSync: null })).toEqual({ tone: 'gray', label: 'Not synced yet' });
    expect(jotformHealth({ ...jotform, lastSync: { ...jotform.lastSync!, outcome: 'failed', error: 'down' } })).toEqual({ tone: 'red', label: 'Sync failing' });
    expect(jotformHealth({ ...jotform, callsLeftToday: 0 })).toEqual({ tone: 'yellow', label: 'Daily limit reached' });
    expect(jotformHealth({ ...jotform, callsLeftToday: 99 })).toEqual({ tone: 'yellow', label: 'Few calls left today' });
    expect(jotformHealth({ ...jotform, firstSync: { imported: 10, total: 20, done: false, calls: 1, startedAt: '2025-06-02T08:00:00Z', doneAt: null, secondsLeft: 5 } })).toEqual({ tone: 'blue', label: 'First sync running' });
    expect(jotformHealth(jotform)).toEqual({ tone: 'green', label: 'Working' });
  });

  it('durations and the poll interval in words', () => {
    expect(pollIntervalText(null)).toBe('Not known yet: the first poll works it out');
    expect(pollIntervalText(60)).toBe('Every 60 seconds');
    expect(pollIntervalText(173)).toBe('Every 3 minutes');
    expect(durationText(1)).toBe('1 second');
    expect(durationText(5_400)).toBe('1 hour 30 minutes');
    expect(durationText(7_200)).toBe('2 hours');
  });

  it('Arena: not configured, problems or a refused session, unchecked, quota used up, unconfirmed, or working', () => {
    expect(arenaHealth({ ...arena, configured: false })).toEqual({ tone: 'gray', label: 'Not configured' });
    expect(arenaHealth({ ...arena, ok: false, problems: ['wrong owner'] })).toEqual({ tone: 'red', label: 'Needs attention' });
    expect(arenaHealth({ ...arena, session: 'refused' })).toEqual({ tone: 'red', label: 'Needs attention' });
    expect(arenaHealth({ ...arena, ok: false, checkedAt: null })).toEqual({ tone: 'gray', label: 'Not checked yet' });
    expect(arenaHealth({ ...arena, requestsRemaining: 0 })).toEqual({ tone: 'yellow', label: 'Quota used up' });
    expect(arenaHealth({ ...arena, ok: false })).toEqual({ tone: 'yellow', label: 'Not confirmed' });
    expect(arenaHealth(arena)).toEqual({ tone: 'green', label: 'Working' });
  });

  it('Mail: failed messages first, then stored only, retrying, or working', () => {
    expect(mailHealth({ ...mail, failed: 2, delivery: 'stored' })).toEqual({ tone: 'red', label: '2 failed' });
    expect(mailHealth({ ...mail, delivery: 'stored' })).toEqual({ tone: 'gray', label: 'Stored only' });
    expect(mailHealth({ ...mail, queued: 1, lastError: 'connect ECONNREFUSED' })).toEqual({ tone: 'yellow', label: 'Retrying' });
    expect(mailHealth({ ...mail, queued: 3 })).toEqual({ tone: 'green', label: 'Working' });
  });
});
