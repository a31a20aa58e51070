import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, freshDatabase } from '../../../tests/support/test-app.ts';
import { createFollowupsRepo } from '../features/submissions/followups.repo.ts';

const MIGRATION = fileURLToPath(new URL('./migrations/0011_followup_notes_in_audit.sql', import.meta.url));
const statements = readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint');

/**
 * Decision 034: since migration 0011 a follow-up note is its audit entry. The notes kept before it
 * (in followup_notes) must all still be there afterwards, once each, with their time and author.
 * The database comes migrated; the notes are written the way releases up to 0010 wrote them, and
 * the migration's statements run again over them (they only add what is missing).
 */
describe('migration 0011: follow-up notes kept before it', () => {
  let database: TestDatabase;
  const id = '6100000000000000001';

  beforeAll(async () => {
    database = await freshDatabase();
    // As the owner: the migration's statements change the schema.
    const q = (text: string, values: unknown[] = []) => database.owner.pool.query(text, values);
    await q(
      `INSERT INTO submissions (id, form_id, jf_created_at, submission_date, become_aware_date, investigation_deadline, followup)
       VALUES ($1, '243158902746061', '2025-05-01 09:00:00', '2025-05-01T13:00:00Z', '2025-05-01', '2025-05-31', 'Second call: replacement sent.')`,
      [id],
    );
    // A note 0010 made from a text saved without an audit entry (no author known)…
    await q(`INSERT INTO followup_notes (submission_id, text, at) VALUES ($1, 'First call: left a message.', '2025-05-02T10:00:00Z')`, [id]);
    // …and one written together with its audit entry (as the follow-up statement did until 0011).
    await q(`INSERT INTO followup_notes (submission_id, text, at, author_id, author_email) VALUES ($1, 'Second call: replacement sent.', '2025-05-03T11:00:00Z', 'u-1', 'dana.reyes@example.org')`, [id]);
    await q(
      `INSERT INTO audit_events (at, actor_id, actor_email, entity, entity_id, action, before, after)
       VALUES ('2025-05-03T11:00:00Z', 'u-1', 'dana.reyes@example.org', 'submission', $1, 'followup', '{"followup": "First call: left a message."}', '{"followup": "Second call: replacement sent."}')`,
      [id],
    );
    for (const s of statements) await q(s);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('lists every earlier note once, newest first, with its time and author', async () => {
    const notes = await createFollowupsRepo(database.db).notes(id);
    expect(notes.map((n) => ({ text: n.text, at: n.at, email: n.author?.email ?? null }))).toEqual([
      { text: 'Second call: replacement sent.', at: '2025-05-03T11:00:00.000Z', email: 'dana.reyes@example.org' },
      { text: 'First call: left a message.', at: '2025-05-02T10:00:00.000Z', email: null },
    ]);
  });

  it('adds nothing when it runs over notes that already have their entry', async () => {
    for (const s of statements) await database.owner.pool.query(s);
    expect(await createFollowupsRepo(database.db).notes(id)).toHaveLength(2);
  });

  it('keeps the earlier notes table as it was', async () => {
    const { rows } = await database.pool.query('SELECT count(*)::int AS n FROM followup_notes WHERE submission_id = $1', [id]);
    expect(rows[0].n).toBe(2);
  });
});
