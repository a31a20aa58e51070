// `npm run admin:reset-mfa <e-mail>`: turns a user's two-step verification off from the server, for
// anyone (the last super_admin who lost their phone); audited as done on the server.
import os from 'node:os';
import { openPostgres } from '../../../db/client.ts';
import { Refused } from '../../../db/archive/catalog.ts';
import { withTarget } from '../../../db/target.ts';
import { createUnitOfWork } from '../../../db/unit-of-work.ts';
import { createAuditTrail } from '../../../lib/audit.ts';
import { systemClock } from '../../../lib/clock.ts';
import { createUsersRepo } from '../../users/index.ts';
import { createOidcRepo } from '../oidc/oidc.repo.ts';
import { createMfaAdmin } from './mfa-admin.ts';
import { createMfaRepo } from './mfa.repo.ts';
import { NO_SEAL } from './sealing.ts';

/** Who ran the command: the system user at this host, and through whom when it went through sudo. */
function operatorOf(env: Record<string, string | undefined> = process.env): string {
  const user = `${os.userInfo().username}@${os.hostname()}`;
  return env.SUDO_USER ? `${user} (sudo by ${env.SUDO_USER})` : user;
}

async function main(email: string | undefined): Promise<string> {
  if (!email?.includes('@')) throw new Refused('usage: npm run admin:reset-mfa <e-mail>');
  return withTarget(true, async (url) => {
    const database = openPostgres(url, { max: 2 });
    try {
      const { db } = database;
      const uow = createUnitOfWork(db, createAuditTrail(systemClock));
      const admin = createMfaAdmin({ repo: createMfaRepo(db, NO_SEAL), identities: createOidcRepo(db), users: createUsersRepo(db), uow, clock: systemClock, rolesFromProvider: false, providerIssuer: undefined });
      const outcome = await admin.resetByEmail(email.trim().toLowerCase(), operatorOf());
      if (!outcome.found) throw new Refused(`There is no user with the e-mail ${email}.`);
      return outcome.wasOn
        ? `Two-step verification of ${email} is off: they sign in with their password and can set it up again on My account.`
        : `Two-step verification of ${email} was not on; nothing changed.`;
    } finally {
      await database.close();
    }
  });
}

main(process.argv[2]).then(
  (line) => process.stdout.write(`${line}\n`),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Refused ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
