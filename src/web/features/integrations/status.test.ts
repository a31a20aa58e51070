import { describe, expect, it } from 'vitest';
import type { IntegrationsStatus } from '#shared/contract/integrations';
import { arenaHealth, jotformHealth, mailHealth } from './status.ts';

const jotform: IntegrationsStatus['jotform'] = { formId: 'f', lastSync: { at: '2025-06-02T08:00:00Z', outcome: 'ok', inserted: 0, updated: 0, error: null }, callsLeftToday: 10, updatedAtFilter: 'honoured' };
const arena: IntegrationsStatus['arena'] = { configured: true, ok: true, checkedAt: '2025-06-02T08:00:00Z', session: 'active', requestsRemaining: 10, resetsAt: null, problems: [] };
const mail: IntegrationsStatus['mail'] = { delivery: 'smtp', queued: 0, failed: 0, lastError: null, lastErrorAt: null };

describe('the badge of each connection', () => {
  it('JotForm: not synced, failing, out of calls for today, or working', () => {
    expect(jotformHealth({ ...jotform, lastSync: null })).toEqual({ tone: 'gray', label: 'Not synced yet' });
    expect(jotformHealth({ ...jotform, lastSync: { ...jotform.lastSync!, outcome: 'failed', error: 'down' } })).toEqual({ tone: 'red', label: 'Sync failing' });
    expect(jotformHealth({ ...jotform, callsLeftToday: 0 })).toEqual({ tone: 'yellow', label: 'Daily limit reached' });
    expect(jotformHealth(jotform)).toEqual({ tone: 'green', label: 'Working' });
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
