import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { count } from 'drizzle-orm';
import { Password } from '#shared/contract/users';
import { type Config, ConfigError } from '../config.ts';
import { weakPasswordAdvice } from '../lib/password-strength.ts';
import { hashPassword } from '../lib/password.ts';
import type { Db } from './client.ts';
import { users } from './schema/index.ts';

/** The first super_admin's password meets the rule every new password meets. */
async function refuseWeak(password: string, config: Config): Promise<void> {
  const problem = Password.safeParse(password).error?.issues[0]?.message ?? (await weakPasswordAdvice(password, [config.ADMIN_NAME, config.ADMIN_EMAIL]));
  if (problem) throw new ConfigError(`Invalid configuration:\n  ADMIN_PASSWORD: ${problem}`);
}

/**
 * On an empty user table, creates the first super_admin from ADMIN_EMAIL / ADMIN_PASSWORD /
 * ADMIN_NAME. A generated password is printed once, here, and never stored in clear.
 */
export async function seedAdmin(db: Db, config: Config, print: (line: string) => void, logger?: FastifyBaseLogger): Promise<void> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return;
  const generated = !config.ADMIN_PASSWORD;
  if (config.ADMIN_PASSWORD) await refuseWeak(config.ADMIN_PASSWORD, config);
  const password = config.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  await db
    .insert(users)
    .values({ id: randomUUID(), name: config.ADMIN_NAME, email: config.ADMIN_EMAIL, role: 'super_admin', passwordHash: await hashPassword(password), passwordGenerated: generated })
    .onConflictDoNothing();
  logger?.info({ email: config.ADMIN_EMAIL }, 'created the first super_admin');
  if (generated) {
    print(`\n  First super_admin created: ${config.ADMIN_EMAIL}\n  Password (shown only this once): ${password}\n`);
  }
}
