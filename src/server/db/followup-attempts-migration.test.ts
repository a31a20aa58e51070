import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../tests/support/test-app.ts';
import type { Database } from './client.ts';

const MIGRATION = fileURLToPath(new URL('./migrations/0018_followup_attempts.sql', import.meta.url));
const backfill = readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')[1]!;

/** Submissions followed up before attempts were counted get one attempt per note they already have. */
describe('migration 0018: attempts of earlier follow-ups', () => {
  let database: Database;

  beforeAll(async () => {
    database = await freshDatabase();
    const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
    for (const id of ['6200000000000000001', '6200000000000000002']) {
      await q(
        `INSERT INTO submissions (id, form_id, jf_created_at, submission_date, become_aware_date, investigation_deadline)
         VALUES ($1, '243158902746061', '2025-05-01 09:00:00', '2025-05-01T13:00:00Z', '2025-05-01', '2025-05-31')`,
        [id],
      );
    }
    for (const text of ['First call.', 'Second call.']) {
      await q(`INSERT INTO audit_events (at, actor_email, entity, entity_id, action, after) VALUES (now(), 'dana@example.org', 'submission', '6200000000000000001', 'followup', $1)`, [
        JSON.stringify({ followup: text }),
      ]);
    }
    await q(`INSERT INTO audit_events (at, actor_email, entity, entity_id, action, after) VALUES (now(), 'dana@example.org', 'submission', '6200000000000000002', 'viewed', '{}')`);
    await q(backfill);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('counts each note once and nothing else', async () => {
    const { rows } = await database.pool.query<{ id: string; followup_attempts: number }>(`SELECT id, followup_attempts FROM submissions WHERE id LIKE '62%' ORDER BY id`);
    expect(rows).toEqual([
      { id: '6200000000000000001', followup_attempts: 2 },
      { id: '6200000000000000002', followup_attempts: 0 },
    ]);
  });
});
