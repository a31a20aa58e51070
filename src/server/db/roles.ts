import pg from 'pg';

/** The role the portal's API and exports connect as on its embedded server (docs/security.md, "Least privilege"). */
export const APP_ROLE = 'portal_app';

/** Serialises role changes of concurrent starts on one server (CREATE/ALTER ROLE race otherwise). */
const ROLE_LOCK = 7_482_019_311;

/** Runs `fn` on a connection of its own to `url`, closed afterwards. */
export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates the app's role, or brings an existing one back to what it must be: it logs in with
 * `password` and has no right of its own beyond that (no superuser, no creating databases or
 * roles, no replication, no bypassing row security). Idempotent; run by a superuser at every start.
 */
export async function ensureAppRole(adminUrl: string, role: string, password: string): Promise<void> {
  await withClient(adminUrl, async (client) => {
    const name = client.escapeIdentifier(role);
    await client.query('begin');
    try {
      await client.query('select pg_advisory_xact_lock($1)', [ROLE_LOCK]);
      const { rowCount } = await client.query('select 1 from pg_roles where rolname = $1', [role]);
      if (!rowCount) await client.query(`create role ${name}`);
      await client.query(`alter role ${name} with login nosuperuser nocreatedb nocreaterole noreplication nobypassrls noinherit password ${client.escapeLiteral(password)}`);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback');
      throw err;
    }
  });
}

/**
 * What the app's role may do in the portal's database, granted by the schema's owner after every
 * migration (so tables added later are covered): read and write every table, except the audit
 * trail and the signatures, which it may only add to and read. It owns nothing, so it can neither change the schema
 * nor drop or disable a trigger; it may not create anything in the schema.
 */
export async function grantAppPrivileges(ownerUrl: string, role: string): Promise<void> {
  await withClient(ownerUrl, async (client) => {
    const name = client.escapeIdentifier(role);
    await client.query('begin');
    try {
      await client.query('select pg_advisory_xact_lock($1)', [ROLE_LOCK]);
      await client.query(`grant usage on schema public to ${name}`);
      // PostgreSQL before 15 lets everyone create in `public`; from 15 on this changes nothing.
      await client.query('revoke create on schema public from public');
      await client.query(`revoke create on schema public from ${name}`);
      await client.query(`grant select, insert, update, delete on all tables in schema public to ${name}`);
      await client.query(`revoke truncate, references, trigger on all tables in schema public from ${name}`);
      // Quality records the app only adds to: the audit trail and the signatures (their triggers refuse changes too).
      await client.query(`revoke update, delete on audit_events, signatures from ${name}`);
      await client.query(`grant usage, select on all sequences in schema public to ${name}`);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback');
      throw err;
    }
  });
}

/** The URL of `url`'s server and database as another role. */
export function asRole(url: string, role: string, password: string): string {
  const u = new URL(url);
  u.username = encodeURIComponent(role);
  u.password = encodeURIComponent(password);
  return u.toString();
}

/** The role a connection URL logs in as. */
export const roleOf = (url: string): string => decodeURIComponent(new URL(url).username);
