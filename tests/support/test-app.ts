import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import type { Role } from '#shared/roles';
import { buildApp, type AppDeps } from '../../src/server/app.ts';
import { type Config, loadConfig } from '../../src/server/config.ts';
import { type Database, type Db, openPostgres } from '../../src/server/db/client.ts';
import { asRole } from '../../src/server/db/roles.ts';
import { users } from '../../src/server/db/schema/index.ts';
import type { Clock } from '../../src/server/lib/clock.ts';
import { type PasswordCost, hashPassword } from '../../src/server/lib/password.ts';
import type { TestDatabaseServer } from './db-template.ts';

export const TEST_PASSWORD = 'Passw0rd!';

/**
 * argon2id at its least cost: the test apps' hashes (and their users') are made at it, so the
 * thousands of sign-ins of a run take a millisecond each instead of a full hash's tens. The
 * portal itself always hashes at PASSWORD_COST (lib/password.test.ts checks that default).
 */
export const TEST_PASSWORD_COST: PasswordCost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
export const ADMIN = { email: 'admin@example.com', password: 'Adm1nPassw0rd', name: 'Ada Admin' };

/**
 * The run's test database server. Only files vite.config.ts runs on every test database may ask
 * (it finds them by their imports, tests/support/database-files.ts): any other fails here, so no
 * file that uses a database runs on one server only.
 */
export function databaseServer(): TestDatabaseServer {
  const file = expect.getState().testPath ?? '';
  const files = inject('databaseTestFiles');
  if (!files.some((f) => file.endsWith(`/${f}`))) {
    throw new Error(`${file} uses a test database but is not among the files run on every test database: import it through tests/support/test-app.ts (tests/support/database-files.ts)`);
  }
  return inject('testDatabaseServer');
}

/** A new database on the run's test server, from `template` or empty; dropped by `drop()`. */
export async function createDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const { adminUrl } = databaseServer();
  const name = `qp_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A test's database: the portal's connections (as the app role) and the owner's, for what a test sets up around the app. */
export type TestDatabase = Database & { owner: { db: Db; pool: pg.Pool } };

/**
 * A fresh, migrated database of its own: a clone of the run's template, dropped on close. Its
 * `db` and `pool` connect as the portal's app role with its default pool (ten requests at once each
 * get a connection, as in a running portal); `owner` as the
 * schema's owner, for the few tests that change the schema (a trigger refusing audit entries).
 */
export async function freshDatabase(): Promise<TestDatabase> {
  const { template, appRole } = databaseServer();
  const created = await createDatabase(template);
  const database = openPostgres(asRole(created.url, appRole.name, appRole.password));
  const owner = openPostgres(created.url, { max: 1 });
  return {
    ...database,
    owner: { db: owner.db, pool: owner.pool },
    close: async () => {
      await database.close();
      await owner.close();
      await created.drop();
    },
  };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent-test-data-dir',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_NAME: ADMIN.name,
    // Nothing depends on the time of day: reminder tests run the digests with their own clock.
    REMINDER_TIME: 'off',
    ...overrides,
  });
}

/** The Authorization header for an access token. */
export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/** Every instance of a test shares the signing key, as instances behind one load balancer must. */
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** Inserts a user directly (password TEST_PASSWORD unless given). */
  createUser(role: Role, fields?: { email?: string; name?: string; password?: string; isRestricted?: boolean }): Promise<{ id: string; email: string; password: string }>;
  /** Signs in through the API and returns the tokens. */
  login(email: string, password: string): Promise<{ access: string; refresh: string }>;
  /** Headers of a freshly signed-in user of the role (the seeded super_admin for super_admin). */
  as(role: Role): Promise<Record<string, string>>;
  request(opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createTestApp(opts: { clock?: Clock; env?: Record<string, string>; deps?: Partial<AppDeps> } = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const config = testConfig(opts.env);
  const app = await buildApp({ config, db: database.db, exportPool: database.exportPool, jwtSecret: TEST_JWT_SECRET, passwordCost: TEST_PASSWORD_COST, ...(opts.clock ? { clock: opts.clock } : {}), ...opts.deps });
  const admin = await insertUser(database, 'super_admin', { email: ADMIN.email, name: ADMIN.name, password: ADMIN.password });
  const roleUsers = new Map<Role, { email: string; password: string }>([['super_admin', admin]]);

  const t: TestApp = {
    app,
    database,
    config,
    createUser: (role, fields) => insertUser(database, role, fields),
    login: (email, password) => signInThrough(app, email, password),
    async as(role) {
      let user = roleUsers.get(role);
      if (!user) {
        user = await insertUser(database, role);
        roleUsers.set(role, user);
      }
      const { access } = await t.login(user.email, user.password);
      return bearer(access);
    },
    request: (o) => app.inject(o),
    async close() {
      await app.close();
      await database.close();
    },
  };
  return t;
}

async function signInThrough(app: FastifyInstance, email: string, password: string): Promise<{ access: string; refresh: string }> {
  const res = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
  const body = res.json<{ tokens: { access: { token: string }; refresh: { token: string } } }>();
  return { access: body.tokens.access.token, refresh: body.tokens.refresh.token };
}

export type Instance = Pick<TestApp, 'app' | 'request' | 'login'> & { close(): Promise<void> };

/** Another instance over the same database (as a second server behind a load balancer), with its own settings or clock. */
export async function secondInstance(t: TestApp, opts: { clock?: Clock; env?: Record<string, string> } = {}): Promise<Instance> {
  const app = await buildApp({ config: testConfig(opts.env), db: t.database.db, jwtSecret: TEST_JWT_SECRET, passwordCost: TEST_PASSWORD_COST, ...(opts.clock ? { clock: opts.clock } : {}) });
  return {
    app,
    request: (o) => app.inject(o),
    login: (email, password) => signInThrough(app, email, password),
    close: () => app.close(),
  };
}

async function insertUser(
  database: Database,
  role: Role,
  fields: { email?: string; name?: string; password?: string; isRestricted?: boolean } = {},
): Promise<{ id: string; email: string; password: string }> {
  const id = randomUUID();
  const password = fields.password ?? TEST_PASSWORD;
  const email = fields.email ?? `${role.replace('_', '-')}-${id.slice(0, 8)}@example.com`;
  await database.db.insert(users).values({
    id,
    email,
    name: fields.name ?? `Test ${role}`,
    role,
    passwordHash: await hashPassword(password, TEST_PASSWORD_COST),
    isRestricted: fields.isRestricted ?? false,
  });
  return { id, email, password };
}
