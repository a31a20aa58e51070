import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import plugin, { GUARDED } from './log-writers.js';

// RuleTester runs each case as a test of the runner it is given.
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' } });
const rule = plugin.rules['one-writer-per-log']!;
const schema = `import { sql } from 'drizzle-orm';\nimport { auditEvents, systemLogs, users } from '../db/schema/index.ts';\n`;
const audit = { messageId: 'write', data: { table: 'audit_events', owner: GUARDED[0]!.owner } } as const;
const log = { messageId: 'write', data: { table: 'system_logs', owner: GUARDED[1]!.owner } } as const;

tester.run('one-writer-per-log', rule, {
  valid: [
    // Reading is anyone's.
    `${schema}await db.select().from(auditEvents).where(sql\`\${auditEvents.entity} = 'user'\`);`,
    `${schema}await db.select().from(systemLogs).orderBy(systemLogs.time);`,
    `await pool.query('select count(*) from audit_events where action = $1', ['viewed']);`,
    `await pool.query(\`select * from system_logs order by time desc\`);`,
    // Writing another table, and a grant that names the table without writing it.
    `${schema}await db.insert(users).values(row); await db.update(users).set(v); await db.delete(users);`,
    `await client.query(\`revoke update, delete on audit_events, signatures from \${name}\`);`,
    'await db.execute(sql`insert into audit_events_archive select 1`);',
    // COPY … TO reads (the archive's export).
    `await client.query(copyTo('COPY audit_events (id, at) TO STDOUT'));`,
    // The owner's own module, allowed its table.
    { code: `${schema}await tx.insert(auditEvents).values(row);`, options: [{ allow: ['audit_events'] }] },
    { code: `${schema}await db.insert(systemLogs).values(row); await tx.execute(sql\`delete from \${systemLogs}\`);`, options: [{ allow: ['system_logs'] }] },
  ],
  invalid: [
    // drizzle's query builder, however the table is reached.
    { code: `${schema}await tx.insert(auditEvents).values(audits);`, errors: [audit] },
    { code: `${schema}await db.update(auditEvents).set({ action: 'x' });`, errors: [audit] },
    { code: `${schema}await db.delete(systemLogs);`, errors: [log] },
    { code: `${schema}const a = auditEvents;\nawait tx.insert(a).values(row);`, errors: [audit] },
    { code: `import { auditEvents as trail } from '../db/schema/index.ts';\nawait tx.insert(trail).values(row);`, errors: [audit] },
    { code: `import * as schema from '../db/schema/index.ts';\nawait db.insert(schema.systemLogs).values(row);`, errors: [log] },
    // Raw SQL, spelled out in any case, quoted or schema-qualified.
    { code: `await pool.query('INSERT INTO audit_events (at, entity) VALUES (now(), $1)', ['user']);`, errors: [audit] },
    { code: `await pool.query(\`insert into "public"."system_logs" (label) values ('success')\`);`, errors: [log] },
    { code: `await db.execute(sql\`update audit_events set action = 'x'\`);`, errors: [audit] },
    { code: `await db.execute(sql\`DELETE FROM system_logs WHERE time < now()\`);`, errors: [log] },
    { code: `await pool.query('truncate table audit_events');`, errors: [audit] },
    { code: `await pool.query('TRUNCATE system_logs');`, errors: [log] },
    { code: `await client.query(copyFrom('COPY audit_events (id, at) FROM STDIN'));`, errors: [audit] },
    { code: `await pool.query(\`with moved as (select 1) insert into audit_events select * from moved\`);`, errors: [audit] },
    // The table interpolated into a sql template.
    { code: `${schema}await tx.execute(sql\`with cleared as (delete from \${systemLogs} returning 1) select count(*) from cleared\`);`, errors: [log] },
    { code: `${schema}await tx.execute(sql\`insert into \${auditEvents} (action) values ('x')\`);`, errors: [audit] },
    { code: `await tx.execute(sql\`insert into \${sql.identifier('audit_events')} (action) values ('x')\`);`, errors: [audit] },
    // Allowed one table, a module still may not write the other.
    { code: `${schema}await tx.insert(auditEvents).values(row);`, options: [{ allow: ['system_logs'] }], errors: [audit] },
  ],
});
