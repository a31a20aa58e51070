import type pg from 'pg';

/**
 * Makes the database refuse every insert into the audit trail (a trigger raising an error), as a
 * full disk or a lost connection would at that moment; `restore` lets inserts through again.
 */
export async function refuseAuditInserts(pool: pg.Pool): Promise<{ restore(): Promise<void> }> {
  await pool.query(`create or replace function test_refuse_audit() returns trigger language plpgsql as $$
    begin raise exception 'the audit trail refused the entry'; end $$`);
  await pool.query('create trigger test_refuse_audit before insert on audit_events for each row execute function test_refuse_audit()');
  return { restore: async () => void (await pool.query('drop trigger test_refuse_audit on audit_events')) };
}
